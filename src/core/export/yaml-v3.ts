/**
 * A YAML writer that prints data byte for byte as Go's gopkg.in/yaml.v3 (v3.0.1) encoder does after
 * `SetIndent(2)`, which is what score-compose's `compose.WriteYAML` uses. With it, our Docker Compose
 * export can match score-compose's output byte for byte.
 *
 * It follows three parts of yaml.v3, rewritten here rather than copied:
 * - encode.go: which style each Go value asks for. A string is plain unless it would read back as
 *   another type (then it is double-quoted). A string with a newline asks for literal block style.
 * - resolve.go: which plain strings would read back as null, bool, int, float or timestamp.
 * - emitterc.go (the libyaml emitter port): the column and indentation bookkeeping, simple keys versus
 *   `? ` keys, when a style falls back to single or double quotes, and how each style is written.
 *
 * yaml.v3 v3.0.1 never folds long lines. Its emitter starts with best_width = -1, which it treats as
 * "unlimited", and the Encoder has no SetWidth. The folding code is still here, behind `width`.
 */

/** A Go integer (int, int64, uint…): always printed in decimal, never as a float. */
export class YamlV3Int {
  constructor(readonly value: number) {}
}

/**
 * A Go float, printed with strconv.FormatFloat(v, 'g', -1, bits). Plain JS numbers that are whole are
 * printed as integers, so use this when a Go float field holds a whole number (2.0 → "2", 1e6 → "1e+06").
 */
export class YamlV3Float {
  constructor(
    readonly value: number,
    readonly bits: 32 | 64 = 64,
  ) {}
}

/** Text that yaml.v3 would get from a non-string Go value (it asks for plain style, as for numbers). */
export class YamlV3Raw {
  constructor(readonly text: string) {}
}

/** A plain object used as a mapping, in its own key order. Keys whose value is `undefined` are left out. */
export interface YamlV3Object {
  readonly [key: string]: YamlV3Value | undefined;
}

/** An ordered mapping: the converter decides key order (struct field order, or sortKeysV3 for Go maps). */
export type YamlV3Value =
  | string
  | number
  | boolean
  | null
  | readonly YamlV3Value[]
  | ReadonlyMap<string, YamlV3Value>
  | YamlV3Object
  | YamlV3Int
  | YamlV3Float
  | YamlV3Raw;

export interface YamlV3Options {
  /** The emitter's best_width. Leave it unset for yaml.v3's default: no folding at all. */
  width?: number;
}

/** The whole document, ending with a line break, as `yaml.NewEncoder(w).SetIndent(2).Encode(v)` writes it. */
export function writeYamlV3(value: YamlV3Value, options: YamlV3Options = {}): string {
  return new Emitter(bestWidth(options.width)).document(value);
}

/** The style yaml.v3 gives a string written as a block mapping value or sequence item. */
export function quoteStyleV3(s: string): 'plain' | 'single' | 'double' | 'literal' {
  const request = stringScalar(s);
  return selectStyle(request.style, analyzeScalar(request.chars), false);
}

// ---------------------------------------------------------------------------------------------------
// Map key order (sorter.go keyList.Less, for string keys)

/** Go map keys in the order yaml.v3 writes them. */
export function sortKeysV3(keys: Iterable<string>): string[] {
  return [...keys].sort((a, b) => (keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0));
}

const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;

function isLetter(cp: number): boolean {
  return LETTER.test(String.fromCodePoint(cp));
}

function isDigit(cp: number): boolean {
  return cp >= 0x30 && cp <= 0x39 ? true : cp < 0x80 ? false : DIGIT.test(String.fromCodePoint(cp));
}

/** keyList.Less for two strings. Compares code points; runs of digits compare by value. */
function keyLess(a: string, b: string): boolean {
  const ar = codePoints(a);
  const br = codePoints(b);
  let digits = false;
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i]!;
    const bc = br[i]!;
    if (ac === bc) {
      digits = isDigit(ac);
      continue;
    }
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return ac < bc;
    // A letter sorts after a non-letter, unless both follow a common run of digits.
    if (al || bl) return digits ? al : bl;
    let an = 0n;
    let bn = 0n;
    if (ac === 0x30 || bc === 0x30) {
      // Leading zeros only count when an earlier digit of the shared run was not zero.
      for (let j = i - 1; j >= 0 && isDigit(ar[j]!); j--) {
        if (ar[j] !== 0x30) {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]!); ai++) an = BigInt.asIntN(64, an * 10n + BigInt(ar[ai]! - 0x30));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]!); bi++) bn = BigInt.asIntN(64, bn * 10n + BigInt(br[bi]! - 0x30));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ac < bc;
  }
  return ar.length < br.length;
}

// ---------------------------------------------------------------------------------------------------
// Which style each value asks for (encode.go)

type RequestedStyle = 'plain' | 'double' | 'literal';
type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

interface ScalarRequest {
  chars: number[];
  style: RequestedStyle;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encode.go stringv: plain when the text reads back as a string, literal block when it has a newline. */
function stringScalar(input: string): ScalarRequest {
  // A Go string decoded from JSON never holds a lone surrogate: it would be U+FFFD.
  const s = input.replace(LONE_SURROGATE, '\uFFFD');
  const canUsePlain = resolveTag(s) === 'str' && !isBase60Float(s) && !isOldBool(s);
  const style: RequestedStyle = s.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  return { chars: codePoints(s), style };
}

function plainScalar(text: string): ScalarRequest {
  return { chars: codePoints(text), style: 'plain' };
}

function isOldBool(s: string): boolean {
  return OLD_BOOLS.has(s);
}

// YAML 1.1 booleans: exactly these spellings, not every mix of case.
const OLD_BOOLS = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'off',
  'Off',
  'OFF',
]);

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

function isBase60Float(s: string): boolean {
  const c = s.charCodeAt(0);
  if (!(c === 0x2b || c === 0x2d || (c >= 0x30 && c <= 0x39)) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}

// ---------------------------------------------------------------------------------------------------
// What a plain string would read back as (resolve.go)

type ResolvedTag = 'str' | 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'merge';

const RESOLVE_MAP = new Map<string, ResolvedTag>();
for (const [tag, words] of [
  ['bool', ['true', 'True', 'TRUE', 'false', 'False', 'FALSE']],
  ['null', ['', '~', 'null', 'Null', 'NULL']],
  ['float', ['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF']],
  ['merge', ['<<']],
] as const) {
  for (const word of words) RESOLVE_MAP.set(word, tag);
}

/** resolve.go's first-character hint: only these starts can be anything but a string. */
function resolveHint(c: number): 'S' | 'D' | 'M' | '.' | undefined {
  if (c === 0x2b || c === 0x2d) return 'S';
  if (c >= 0x30 && c <= 0x39) return 'D';
  if (c === 0x2e) return '.';
  return 'yYnNtTfFoO~'.includes(String.fromCharCode(c)) && c < 0x80 ? 'M' : undefined;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
// Go's ParseFloat on text that starts with "." (underscores only between digits).
const DOT_FLOAT = /^\.[0-9](?:_?[0-9])*(?:[eE][-+]?[0-9](?:_?[0-9])*)?$/;

function resolveTag(s: string): ResolvedTag {
  if (s === '') return 'null';
  const hint = resolveHint(s.charCodeAt(0));
  if (hint === undefined) return 'str';
  const mapped = RESOLVE_MAP.get(s);
  if (mapped !== undefined) return mapped;
  if (hint === 'M') return 'str';
  // ParseFloat fails with a range error (so the text stays a string) when the value overflows.
  if (hint === '.') return DOT_FLOAT.test(s) && Number.isFinite(Number(s.replaceAll('_', ''))) ? 'float' : 'str';
  if (isGoTimestamp(s)) return 'timestamp';
  const plain = s.replaceAll('_', '');
  if (parseGoInt(plain, 0) || parseGoUint(plain, 0) !== undefined) return 'int';
  if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return 'float';
  if (plain.startsWith('0b')) {
    if (parseGoInt(plain.slice(2), 2) || parseGoUint(plain.slice(2), 2) !== undefined) return 'int';
  } else if (plain.startsWith('-0b')) {
    if (parseGoInt('-' + plain.slice(3), 2)) return 'int';
  }
  if (plain.startsWith('0o')) {
    if (parseGoInt(plain.slice(2), 8) || parseGoUint(plain.slice(2), 8) !== undefined) return 'int';
  } else if (plain.startsWith('-0o')) {
    if (parseGoInt('-' + plain.slice(3), 8)) return 'int';
  }
  return 'str';
}

const UINT64_MAX = (1n << 64n) - 1n;

/** strconv.ParseUint(s, base, 64); base 0 reads 0x, 0o, 0b and leading-0 octal prefixes. */
function parseGoUint(text: string, base: number): bigint | undefined {
  if (text === '') return undefined;
  let s = text;
  let radix = base;
  if (base === 0) {
    radix = 10;
    if (s[0] === '0') {
      const prefix = s.length >= 3 ? (s[1] ?? '').toLowerCase() : '';
      const prefixed = BASE_PREFIXES.get(prefix);
      radix = prefixed ?? 8; // a bare leading 0 means octal
      s = s.slice(prefixed === undefined ? 1 : 2);
    }
  }
  let n = 0n;
  for (const ch of s) {
    const d = digitValue(ch);
    if (d >= radix) return undefined;
    n = n * BigInt(radix) + BigInt(d);
    if (n > UINT64_MAX) return undefined;
  }
  return n;
}

const BASE_PREFIXES = new Map([
  ['b', 2],
  ['o', 8],
  ['x', 16],
]);

/** A digit of any base up to 36, or 99 when the character is not one. */
function digitValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (ch.length !== 1) return 99;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a ? lower - 0x61 + 10 : 99;
}

/** strconv.ParseInt(s, base, 64) succeeds. */
function parseGoInt(text: string, base: number): boolean {
  if (text === '') return false;
  const neg = text[0] === '-';
  const s = text[0] === '+' || neg ? text.slice(1) : text;
  const un = parseGoUint(s, base);
  if (un === undefined) return false;
  return neg ? un <= 1n << 63n : un < 1n << 63n;
}

// resolve.go tries these Go layouts: "2006-1-2T15:4:5.999999999Z07:00" (and with "t"),
// "2006-1-2 15:4:5.999999999" and "2006-1-2". Go's skip() lets a layout space match a run of spaces.
const TIMESTAMP =
  /^(\d{4})-(\d\d?)-(\d\d?)(?:(?:[Tt](\d\d?):(\d\d?):(\d\d?)(?:[.,]\d+)?(?:Z|[+-](\d\d):(\d\d)))|(?: +(\d\d?):(\d\d?):(\d\d?)(?:[.,]\d+)?))?$/;

function isGoTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const num = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  const [year, month, day] = [num(1), num(2), num(3)];
  if (month < 1 || month > 12) return false;
  const hour = m[4] !== undefined ? num(4) : num(9);
  const minute = m[4] !== undefined ? num(5) : num(10);
  const second = m[4] !== undefined ? num(6) : num(11);
  if (hour >= 24 || minute >= 60 || second >= 60) return false;
  if (num(7) > 24 || num(8) > 60) return false;
  return day >= 1 && day <= daysIn(month, year);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// ---------------------------------------------------------------------------------------------------
// Numbers (strconv.FormatInt / FormatFloat 'g' -1)

function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  return formatGoFloat(n, 64);
}

function formatInt(n: number): string {
  return Number.isFinite(n) ? BigInt(Math.trunc(n)).toString() : formatGoFloat(n, 64);
}

/** strconv.FormatFloat(v, 'g', -1, bits), with yaml.v3's spellings of infinity and NaN. */
function formatGoFloat(value: number, bits: 32 | 64): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  const v = bits === 32 ? Math.fround(value) : value;
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const neg = v < 0;
  const [mantissa, exponent] = shortestDigits(Math.abs(v), bits).split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exp = Number(exponent);
  let out: string;
  // %e when the exponent is < -4 or >= 6 (Go uses precision 6 for this choice in shortest mode).
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? '.' + digits.slice(1) : '';
    const e = Math.abs(exp) < 10 ? '0' + Math.abs(exp) : String(Math.abs(exp));
    out = digits[0] + frac + 'e' + (exp < 0 ? '-' : '+') + e;
  } else {
    const dp = exp + 1;
    const intPart = dp > 0 ? (digits.slice(0, dp) + '0'.repeat(Math.max(0, dp - digits.length))).slice(0, dp) : '0';
    const decimals = Math.max(digits.length - dp, 0);
    let frac = '';
    for (let i = 0; i < decimals; i++) {
      const at = dp + i;
      frac += at >= 0 && at < digits.length ? digits[at] : '0';
    }
    out = intPart + (decimals > 0 ? '.' + frac : '');
  }
  return neg ? '-' + out : out;
}

/** The shortest decimal that reads back as the same float, as "d.ddde±x". */
function shortestDigits(v: number, bits: 32 | 64): string {
  if (bits === 64) return v.toExponential();
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(v.toPrecision(p));
    if (Math.fround(candidate) === v) return candidate.toExponential();
  }
  return v.toExponential();
}

// ---------------------------------------------------------------------------------------------------
// Characters, as libyaml sees them (yamlprivateh.go), on code points instead of UTF-8 bytes

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

function utf8Length(chars: number[]): number {
  let n = 0;
  for (const cp of chars) n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  return n;
}

/** Printable without escaping. Note: nothing above U+FFFF is (emoji are escaped as \U…). */
function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

function isBreak(cp: number | undefined): boolean {
  return cp === 0x0d || cp === 0x0a || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
}

function isSpace(cp: number | undefined): boolean {
  return cp === 0x20;
}

function isBlank(cp: number | undefined): boolean {
  return cp === 0x20 || cp === 0x09;
}

function isBlankOrBreakOrNul(cp: number | undefined): boolean {
  return isBlank(cp) || isBreak(cp) || cp === 0;
}

// ---------------------------------------------------------------------------------------------------
// Which styles a scalar allows (emitterc.go yaml_emitter_analyze_scalar / select_scalar_style)

interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

function analyzeScalar(v: number[]): ScalarAnalysis {
  if (v.length === 0) {
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let tabCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;

  const starts = (a: number, b: number, c: number) => v[0] === a && v[1] === b && v[2] === c;
  if (v.length >= 3 && (starts(0x2d, 0x2d, 0x2d) || starts(0x2e, 0x2e, 0x2e))) blockIndicators = true;

  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    const followedByWhitespace = i + 1 >= v.length || isBlank(v[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':' || ch === '-') && followedByWhitespace) blockIndicators = true;
    } else if ((ch === ':' && followedByWhitespace) || (ch === '#' && precededByWhitespace)) {
      blockIndicators = true;
    }

    if (c === 0x09) tabCharacters = true;
    else if (!isPrintable(c)) specialCharacters = true;

    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === v.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === v.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrBreakOrNul(c);
  }

  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace || spaceBreak || tabCharacters || specialCharacters) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) blockAllowed = false;
  if (lineBreaks || blockIndicators) blockPlainAllowed = false;
  // The flow-context flags are left out: every scalar here is written in block context.
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

function selectStyle(requested: RequestedStyle, a: ScalarAnalysis, simpleKey: boolean, empty = false): ScalarStyle {
  let style: ScalarStyle = requested;
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain' && (!a.blockPlainAllowed || (empty && simpleKey))) style = 'single';
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

// ---------------------------------------------------------------------------------------------------
// The emitter (emitterc.go), driven by recursion instead of an event queue

function bestWidth(width: number | undefined): number {
  if (width === undefined || width < 0) return 2 ** 31 - 1;
  return width <= BEST_INDENT * 2 ? 80 : width;
}

const BEST_INDENT = 2;
/** Longest key, in UTF-8 bytes, that yaml.v3 writes as `key: value` rather than `? key`. */
const SIMPLE_KEY_LIMIT = 128;

/** The state the emitter pushes before a child node; only "inside a block sequence item" changes indents. */
type ParentState = 'document' | 'sequence-item' | 'mapping-key' | 'mapping-value';

type Entries = [string, unknown][];

class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private readonly states: ParentState[] = [];
  private readonly ancestors = new Set<object>();

  constructor(private readonly width: number) {}

  document(value: unknown): string {
    this.states.push('document');
    this.node(value);
    this.states.pop();
    this.writeIndent();
    return this.out;
  }

  private node(value: unknown): void {
    const entries = mappingEntries(value);
    if (entries) return this.guarded(value, () => this.mapping(entries));
    if (Array.isArray(value)) return this.guarded(value, () => this.sequence(value));
    this.scalar(scalarOf(value), false);
  }

  /** A value that contains itself cannot be written; its inner copy is written as null. */
  private guarded(value: unknown, write: () => void): void {
    const key = value as object;
    if (this.ancestors.has(key)) return this.scalar(plainScalar('null'), false);
    this.ancestors.add(key);
    write();
    this.ancestors.delete(key);
  }

  private mapping(entries: Entries): void {
    if (entries.length === 0) return this.emptyFlow('{', '}');
    this.increaseIndent(false);
    for (const [key, value] of entries) {
      this.writeIndent();
      const request = stringScalar(key);
      const analysis = analyzeScalar(request.chars);
      if (!analysis.multiline && utf8Length(request.chars) <= SIMPLE_KEY_LIMIT) {
        this.states.push('mapping-value');
        this.scalar(request, true, analysis);
        this.states.pop();
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.states.push('mapping-value');
        this.scalar(request, false, analysis);
        this.states.pop();
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.states.push('mapping-key');
      this.node(value);
      this.states.pop();
    }
    this.indent = this.indents.pop()!;
  }

  private sequence(items: readonly unknown[]): void {
    if (items.length === 0) return this.emptyFlow('[', ']');
    this.increaseIndent(false);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.states.push('sequence-item');
      this.node(item === undefined ? null : item);
      this.states.pop();
    }
    this.indent = this.indents.pop()!;
  }

  /** Empty collections are the only flow collections yaml.v3 writes for plain data. */
  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true);
    this.indent = this.indents.pop()!;
    this.writeIndicator(close, false, false, false);
  }

  // A root plain scalar also marks the stream "open ended" in libyaml; Encode never shows that.
  private scalar(request: ScalarRequest, simpleKey: boolean, analysis?: ScalarAnalysis): void {
    const a = analysis ?? analyzeScalar(request.chars);
    const style = selectStyle(request.style, a, simpleKey, request.chars.length === 0);
    this.increaseIndent(true);
    const v = request.chars;
    if (style === 'plain') this.writePlain(v, !simpleKey);
    else if (style === 'single') this.writeSingleQuoted(v, !simpleKey);
    else if (style === 'double') this.writeDoubleQuoted(v, !simpleKey);
    else this.writeLiteral(v);
    this.indent = this.indents.pop()!;
  }

  private increaseIndent(flow: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) {
      this.indent = flow ? BEST_INDENT : 0;
    } else if (this.states[this.states.length - 1] === 'sequence-item') {
      // The first indent inside a sequence item just skips the "- " indicator.
      this.indent += 2;
    } else {
      this.indent = BEST_INDENT * Math.floor((this.indent + BEST_INDENT) / BEST_INDENT);
    }
  }

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
    this.indention = true;
  }

  private write(cp: number): void {
    this.out += String.fromCodePoint(cp);
    this.column++;
  }

  private writeBreak(cp: number): void {
    if (cp === 0x0a) return this.putBreak();
    this.write(cp);
    this.column = 0;
    this.indention = true;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean) {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const ch of indicator) this.put(ch);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private writePlain(v: number[], allowBreaks: boolean): void {
    if (v.length > 0 && !this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i]!;
      if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > this.width && !isSpace(v[i + 1])) this.writeIndent();
        else this.write(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.write(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    if (v.length > 0) this.whitespace = false;
    this.indention = false;
  }

  private writeSingleQuoted(v: number[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i]!;
      if (isSpace(c)) {
        const fold = allowBreaks && !spaces && this.column > this.width && i > 0 && i < v.length - 1;
        if (fold && !isSpace(v[i + 1])) this.writeIndent();
        else this.write(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === 0x27) this.put("'");
        this.write(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDoubleQuoted(v: number[], allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    // libyaml's is_bom looks at the start of the value, not at the current character, so a value
    // that starts with U+FEFF has every character escaped.
    const bom = v[0] === 0xfeff;
    let spaces = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i]!;
      if (bom || !isPrintable(c) || isBreak(c) || c === 0x22 || c === 0x5c) {
        this.put('\\');
        const short = ESCAPES.get(c);
        if (short !== undefined) this.put(short);
        else {
          const [letter, digits] = c <= 0xff ? ['x', 2] : c <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (const d of c.toString(16).toUpperCase().padStart(digits, '0')) this.put(d);
        }
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > this.width && i > 0 && i < v.length - 1) {
          this.writeIndent();
          if (isSpace(v[i + 1])) this.put('\\');
        } else {
          this.write(c);
        }
        spaces = true;
      } else {
        this.write(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(v: number[]): void {
    this.writeIndicator('|', true, false, false);
    // An indentation hint when the text starts with a space or a line break.
    if (isSpace(v[0]) || isBreak(v[0])) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = v.length - 1;
    // Chomping: "-" strips a missing final break, "+" keeps several, none (clip) keeps exactly one.
    const chomp = v.length === 0 || !isBreak(v[last]) ? '-' : last === 0 || isBreak(v[last - 1]) ? '+' : '';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.whitespace = true;
    let breaks = true;
    for (const c of v) {
      if (isBreak(c)) {
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.write(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

const ESCAPES = new Map<number, string>([
  [0x00, '0'],
  [0x07, 'a'],
  [0x08, 'b'],
  [0x09, 't'],
  [0x0a, 'n'],
  [0x0b, 'v'],
  [0x0c, 'f'],
  [0x0d, 'r'],
  [0x1b, 'e'],
  [0x22, '"'],
  [0x5c, '\\'],
  [0x85, 'N'],
  [0xa0, '_'],
  [0x2028, 'L'],
  [0x2029, 'P'],
]);

/** The entries of a value written as a mapping, or undefined when it is not one. */
function mappingEntries(value: unknown): Entries | undefined {
  if (value instanceof Map) {
    const out: Entries = [];
    for (const [k, v] of value) if (v !== undefined) out.push([String(k), v]);
    return out;
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof YamlV3Int || value instanceof YamlV3Float || value instanceof YamlV3Raw)
  ) {
    return Object.entries(value).filter(([, v]) => v !== undefined);
  }
  return undefined;
}

/** The text and requested style of a scalar value (encode.go stringv, intv, floatv, boolv, nilv). */
function scalarOf(value: unknown): ScalarRequest {
  if (typeof value === 'string') return stringScalar(value);
  if (typeof value === 'number') return plainScalar(formatNumber(value));
  if (typeof value === 'bigint') return plainScalar(value.toString());
  if (typeof value === 'boolean') return plainScalar(value ? 'true' : 'false');
  if (value instanceof YamlV3Int) return plainScalar(formatInt(value.value));
  if (value instanceof YamlV3Float) return plainScalar(formatGoFloat(value.value, value.bits));
  if (value instanceof YamlV3Raw) return plainScalar(value.text);
  return plainScalar('null');
}
