/**
 * What a plain scalar would read back as (yaml.v3 resolve.go): null, bool, int, float, timestamp,
 * merge or string. The writer quotes a string exactly when it would read back as something else.
 */
import * as strconv from '../strconv';

export type ResolvedTag = 'str' | 'null' | 'bool' | 'int' | 'float' | 'timestamp' | 'merge';

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

/** The tag a plain scalar would resolve to when read back. */
export function resolveTag(s: string): ResolvedTag {
  if (s === '') return 'null';
  const hint = resolveHint(s.charCodeAt(0));
  if (hint === undefined) return 'str';
  const mapped = RESOLVE_MAP.get(s);
  if (mapped !== undefined) return mapped;
  if (hint === 'M') return 'str';
  // ParseFloat fails with a range error (so the text stays a string) when the value overflows.
  if (hint === '.') return DOT_FLOAT.test(s) && strconv.parseFloat(s) !== null ? 'float' : 'str';
  if (isGoTimestamp(s)) return 'timestamp';
  const plain = s.replaceAll('_', '');
  if (isInt(plain, 0)) return 'int';
  if (YAML_STYLE_FLOAT.test(plain) && strconv.parseFloat(plain) !== null) return 'float';
  if (plain.startsWith('0b')) {
    if (isInt(plain.slice(2), 2)) return 'int';
  } else if (plain.startsWith('-0b')) {
    if (strconv.parseInt('-' + plain.slice(3), 2) !== null) return 'int';
  }
  if (plain.startsWith('0o')) {
    if (isInt(plain.slice(2), 8)) return 'int';
  } else if (plain.startsWith('-0o')) {
    if (strconv.parseInt('-' + plain.slice(3), 8) !== null) return 'int';
  }
  return 'str';
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

/** strconv.ParseInt(s, base, 64) or ParseUint(s, base, 64) succeeds. */
function isInt(s: string, base: number): boolean {
  return strconv.parseInt(s, base) !== null || strconv.parseUint(s, base) !== null;
}
