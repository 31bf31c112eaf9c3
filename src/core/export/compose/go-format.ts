/**
 * Values printed the way Go prints them: score-compose's output passes through Go's time, json and
 * sort packages, so durations, JSON-encoded outputs and sorted lists must follow their rules.
 */

/** Go's string order: by UTF-8 bytes, which is the same as by code points. */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

export function sortGoStrings(values: Iterable<string>): string[] {
  return [...values].sort(compareGoStrings);
}

const unitNanos: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
  d: 86400e9,
  w: 7 * 86400e9,
};

/** Parses a compose duration ("2s", "1m30s", "1.5h", "500ms") to nanoseconds; undefined when invalid. */
export function parseDuration(text: string): number | undefined {
  let s = text.trim();
  if (s === '0') return 0;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s.startsWith('-')) sign = -1;
    s = s.slice(1);
  }
  if (s === '') return undefined;
  let total = 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d|w)/;
  while (s !== '') {
    const m = part.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * unitNanos[m[2]!]!;
    s = s.slice(m[0].length);
  }
  return sign * Math.round(total);
}

/** Go's time.Duration.String(): "2s", "1m30s", "1h0m0s", "500ms", "0s". */
export function formatDuration(nanos: number): string {
  if (nanos === 0) return '0s';
  const negative = nanos < 0;
  let n = Math.abs(Math.round(nanos));
  let out: string;
  if (n < 1e9) {
    // Below one second Go picks the largest sub-second unit and prints a decimal fraction.
    const [unit, size] = n < 1e3 ? ['ns', 1] : n < 1e6 ? ['µs', 1e3] : ['ms', 1e6];
    out = trimFraction(n / size) + unit;
  } else {
    const hours = Math.floor(n / 3600e9);
    n -= hours * 3600e9;
    const minutes = Math.floor(n / 60e9);
    n -= minutes * 60e9;
    const seconds = trimFraction(n / 1e9) + 's';
    out = hours > 0 ? `${hours}h${minutes}m${seconds}` : minutes > 0 ? `${minutes}m${seconds}` : seconds;
  }
  return negative ? '-' + out : out;
}

function trimFraction(value: number): string {
  // At most nine decimals (nanoseconds), without trailing zeros, as Go prints them.
  return value.toFixed(9).replace(/\.?0+$/, '');
}

/**
 * Go's json.Marshal of decoded YAML/JSON data: map keys sorted, no spaces, and `<`, `>`, `&`,
 * U+2028 and U+2029 escaped as \u003c and so on (Go's default HTML-safe escaping).
 */
export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? goNumber(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return '[' + value.map(goJson).join(',') + ']';
  if (value instanceof Map) {
    const keys = sortGoStrings([...value.keys()].map(String));
    return '{' + keys.map((k) => goJsonString(k) + ':' + goJson(value.get(k))).join(',') + '}';
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = sortGoStrings(Object.keys(record));
    return '{' + keys.map((k) => goJsonString(k) + ':' + goJson(record[k])).join(',') + '}';
  }
  return 'null';
}

/** Go's strconv.FormatFloat(f, 'g'-like) as encoding/json uses it: plain below 1e21, exponent above. */
function goNumber(n: number): string {
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    // Go writes e-07 / e+21 with at least two exponent digits.
    return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(n);
}

function goJsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || ch === '<' || ch === '>' || ch === '&' || c === 0x2028 || c === 0x2029) {
      out += '\\u' + c.toString(16).padStart(4, '0');
    } else out += ch;
  }
  return out + '"';
}
