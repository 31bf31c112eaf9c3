/**
 * Kubernetes resource quantities (k8s.io/apimachinery/pkg/api/resource), as score-k8s reads a
 * container's cpu and memory with resource.ParseQuantity and as the quantity's JSON encoding writes
 * it back: the text as given when it is already canonical, else the canonical form ("0.5" → "500m",
 * "1.5Gi" → "1536Mi", "2000m" → "2"). Values are exact: a decimal mantissa and a power of ten.
 */
export const QUANTITY_FORMAT_ERROR =
  "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const SUFFIX_ERROR = "unable to parse quantity's suffix";
const NUMERIC_ERROR = "unable to parse quantity's numeric part";

type Format = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9],
  ['u', -6],
  ['m', -3],
  ['', 0],
  ['k', 3],
  ['M', 6],
  ['G', 9],
  ['T', 12],
  ['P', 15],
  ['E', 18],
]);
const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['', 0],
  ['Ki', 10],
  ['Mi', 20],
  ['Gi', 30],
  ['Ti', 40],
  ['Pi', 50],
  ['Ei', 60],
]);

/** value = mantissa × 10^exponent, exactly. */
interface Amount {
  mantissa: bigint;
  exponent: number;
}

const MAX_INT64 = (1n << 63n) - 1n;
const NANO = -9;

/** The quantity as its JSON encoding writes it, or the parse error. */
export function quantityText(text: string): { text: string } | { error: string } {
  const parsed = parseQuantity(text);
  if ('error' in parsed) return parsed;
  return { text: parsed.cached ?? canonical(parsed.amount, parsed.format) };
}

interface Parsed {
  amount: Amount;
  format: Format;
  /** The input, kept because it is already in canonical form. */
  cached?: string;
}

function parseQuantity(str: string): Parsed | { error: string } {
  if (str.length === 0) return { error: QUANTITY_FORMAT_ERROR };
  if (str === '0') return { amount: { mantissa: 0n, exponent: 0 }, format: 'DecimalSI', cached: str };
  const split = splitQuantity(str);
  if ('error' in split) return split;
  const { positive, value, num, denom, suffix } = split;
  const interpreted = interpretSuffix(suffix);
  if (!interpreted) return { error: SUFFIX_ERROR };
  const { base, exponent } = interpreted;
  let format = interpreted.format;

  // The fast path of ParseQuantity: an int64 value and scale, and maybe the input kept as it is.
  let precision: number;
  let scale = 0;
  let multiplier = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      multiplier = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = 18 - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const digits = BigInt(shifted);
      if (digits > MAX_INT64) return { error: NUMERIC_ERROR };
      let result = digits * multiplier;
      if (result <= MAX_INT64) {
        if (!positive) result = -result;
        const amount = { mantissa: result, exponent: scale };
        const canonicalAlready =
          format === 'BinarySI'
            ? exponent % 10 === 0 && (digits & 7n) !== 0n
            : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
        return canonicalAlready ? { amount, format, cached: str } : { amount, format };
      }
    }
  }

  // The exact path: the decimal value, the suffix applied, rounded up to a billionth.
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { error: NUMERIC_ERROR };
  const fraction = match[3] ?? '';
  let mantissa = BigInt((match[2] || '0') + fraction);
  let exp = -fraction.length;
  if (match[1] === '-') mantissa = -mantissa;
  if (base === 10) exp += exponent;
  else mantissa *= 1n << BigInt(exponent);
  const negative = mantissa < 0n;
  let magnitude = negative ? -mantissa : mantissa;
  if (magnitude !== 0n && exp < NANO) {
    const divisor = 10n ** BigInt(NANO - exp);
    magnitude = (magnitude + divisor - 1n) / divisor;
    exp = NANO;
  }
  if (format === 'BinarySI' && compare({ mantissa: magnitude, exponent: exp }, MAX_INT64) > 0) {
    magnitude = MAX_INT64;
    exp = 0;
  }
  const abs = { mantissa: magnitude, exponent: exp };
  if (format === 'BinarySI' && magnitude !== 0n && compare(abs, 1n) < 0) format = 'DecimalSI';
  return { amount: { mantissa: negative ? -magnitude : magnitude, exponent: exp }, format };
}

/** parseQuantityString: sign, digits, fraction and suffix, or a format error. */
function splitQuantity(
  str: string,
): { positive: boolean; value: string; num: string; denom: string; suffix: string } | { error: string } {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (str[0] === '-' || str[0] === '+') {
    positive = str[0] === '+';
    pos++;
  }
  while (pos < end && str[pos] === '0') pos++;
  if (pos >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
  let i = pos;
  while (i < end && isDigit(str[i]!)) i++;
  if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
  let num = str.slice(pos, i) || '0';
  pos = i;
  let denom = '';
  if (str[pos] === '.') {
    pos++;
    let j = pos;
    while (j < end && isDigit(str[j]!)) j++;
    denom = str.slice(pos, j);
    if (j >= end) return { positive, value: str, num, denom, suffix: '' };
    pos = j;
  }
  if (num === '') num = '0';
  const value = str.slice(0, pos);
  const suffixStart = pos;
  while (pos < end && 'eEinumkKMGTP'.includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos]!)) pos++;
  if (pos < end) return { error: QUANTITY_FORMAT_ERROR };
  return { positive, value, num, denom, suffix: str.slice(suffixStart) };
}

function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: Format } | undefined {
  const decimal = DECIMAL_SUFFIXES.get(suffix);
  if (decimal !== undefined) return { base: 10, exponent: decimal, format: 'DecimalSI' };
  const binary = BINARY_SUFFIXES.get(suffix);
  if (binary !== undefined && suffix !== '') return { base: 2, exponent: binary, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    const n = BigInt(suffix.slice(1));
    if (n > MAX_INT64 || n < -MAX_INT64 - 1n) return undefined;
    // Go keeps the low 32 bits (int32(parsed)).
    return { base: 10, exponent: Number(BigInt.asIntN(32, n)), format: 'DecimalExponent' };
  }
  return undefined;
}

/** Quantity.CanonicalizeBytes: the number and its suffix. */
function canonical(amount: Amount, format: Format): string {
  if (amount.mantissa === 0n) return '0';
  let shown = format;
  let whole: bigint | undefined;
  if (format === 'BinarySI') {
    if (compare(amount, -1024n) > 0 && compare(amount, 1024n) < 0) shown = 'DecimalSI';
    else {
      whole = wholeValue(amount);
      if (whole === undefined) shown = 'DecimalSI';
    }
  }
  if (shown === 'BinarySI' && whole !== undefined) {
    let n = whole;
    let power = 0;
    while (n % 1024n === 0n) {
      n /= 1024n;
      power += 10;
    }
    return n.toString() + (suffixFor(BINARY_SUFFIXES, power) ?? '');
  }
  let { mantissa, exponent } = amount;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  while (exponent % 3 !== 0) {
    mantissa *= 10n;
    exponent--;
  }
  if (shown === 'DecimalExponent') return mantissa.toString() + (exponent === 0 ? '' : `e${exponent}`);
  // An exponent past the table (above E or below n) gets no suffix, as in apimachinery.
  return mantissa.toString() + (suffixFor(DECIMAL_SUFFIXES, exponent) ?? '');
}

function suffixFor(table: ReadonlyMap<string, number>, exponent: number): string | undefined {
  for (const [suffix, e] of table) if (e === exponent) return suffix;
  return undefined;
}

/** The amount as a whole number, or undefined when it has a fraction. */
function wholeValue({ mantissa, exponent }: Amount): bigint | undefined {
  if (exponent >= 0) return mantissa * 10n ** BigInt(exponent);
  const divisor = 10n ** BigInt(-exponent);
  return mantissa % divisor === 0n ? mantissa / divisor : undefined;
}

/** Sign of (amount − n). */
function compare({ mantissa, exponent }: Amount, n: bigint): number {
  const [left, right] =
    exponent >= 0 ? [mantissa * 10n ** BigInt(exponent), n] : [mantissa, n * 10n ** BigInt(-exponent)];
  return left < right ? -1 : left > right ? 1 : 0;
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}
