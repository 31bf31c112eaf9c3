import { compareGoStrings, goJson, isPrint, isRecord, parseGoFloat, parseGoInt, YamlV3Float } from './borrowed';

/**
 * KYAML as sigs.k8s.io/yaml/kyaml's Encoder.FromObject writes a manifest (`score-k8s generate
 * --format kyaml`): the object goes through Go's JSON encoding (map keys in byte order, numbers as
 * JSON writes them) and comes out as a `---` document of `{}` mappings and `[]` lists, strings
 * always double-quoted, keys quoted only when a YAML reader could take them for something else, lists
 * of mappings or lists "cuddled" (`[{` … `}, {` … `}]`), and multi-line strings folded line by line.
 */
export function writeKyaml(manifest: unknown): string {
  return `---\n${render(manifest, 0)}\n`;
}

function render(value: unknown, indent: number): string {
  if (value instanceof YamlV3Float) return number(value.value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return quoted(value, indent + 1, false);
  if (Array.isArray(value)) return renderList(value, indent);
  if (isRecord(value)) return renderMapping(value, indent);
  return quoted(String(value), indent + 1, false);
}

function renderMapping(map: Record<string, unknown>, indent: number): string {
  const keys = Object.keys(map)
    .filter((k) => map[k] !== undefined)
    .sort(compareGoStrings);
  if (keys.length === 0) return '{}';
  let out = '{\n';
  for (const key of keys) {
    out += `${pad(indent + 1)}${key === '' || needsQuotes(key) ? quoted(key, indent + 1, true) : key}: `;
    out += `${render(map[key], indent + 1)},\n`;
  }
  return `${out}${pad(indent)}}`;
}

function renderList(list: readonly unknown[], indent: number): string {
  if (list.length === 0) return '[]';
  // Lists of mappings or lists open their items on the same line as the bracket.
  if (list.every((item) => Array.isArray(item) || (isRecord(item) && !(item instanceof YamlV3Float)))) {
    return `[${list.map((item) => render(item, indent)).join(', ')}]`;
  }
  let out = `[\n${pad(indent)}`;
  for (const item of list) out += `${pad(1)}${render(item, indent + 1)},\n${pad(indent)}`;
  return `${out}]`;
}

/**
 * A double-quoted string as kyaml writes it. `compact` (keys) escapes newlines and tabs; otherwise
 * a multi-line string opens with `"\`, puts each line on its own indented line (a line that starts
 * with a space gets `\` to keep it) and ends each with `\n\`.
 */
function quoted(text: string, indent: number, compact: boolean): string {
  const multi = !compact && text.includes('\n');
  let out = '"';
  if (multi) out += '\\\n';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (out.endsWith('\n')) {
      out += pad(indent);
      out += isGoSpace(cp) && ch !== '\n' ? '\\' : ' ';
    }
    if (ch === '\n') out += compact ? '\\n' : '\\n\\\n';
    else if (ch === '\t') out += compact ? '\\t' : '\t';
    else if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (cp >= 0xd800 && cp <= 0xdfff)
      out += '\ufffd'; // Go's JSON encoding writes U+FFFD
    else if (isPrint(cp)) out += ch;
    else out += escapeRune(cp);
  }
  if (multi) {
    if (!out.endsWith('\n')) out += '\\\n';
    out += pad(indent);
  }
  return out + '"';
}

const NAMED_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x07, '\\a'],
  [0x08, '\\b'],
  [0x0c, '\\f'],
  [0x0a, '\\n'],
  [0x0d, '\\r'],
  [0x09, '\\t'],
  [0x0b, '\\v'],
  [0x00, '\\0'],
  [0x1b, '\\e'],
  [0x85, '\\N'],
  [0xa0, '\\_'],
  [0x2028, '\\L'],
  [0x2029, '\\P'],
]);

function escapeRune(cp: number): string {
  const named = NAMED_ESCAPES.get(cp);
  if (named) return named;
  if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** Keys stay plain when made of letters, digits and `_`, with `-`, `.` and `/` inside. */
function needsQuotes(key: string): boolean {
  if (isTypeAmbiguous(key)) return true;
  const chars = [...key];
  return chars.some((ch, i) => {
    if (/^[\p{L}\p{N}_]$/u.test(ch)) return false;
    return !(i > 0 && i < chars.length - 1 && (ch === '-' || ch === '.' || ch === '/'));
  });
}

const OLD_BOOLS = new Set(['true', 'y', 'yes', 'on', 'false', 'n', 'no', 'off']);
const GO_BOOLS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']);
const SEXAGESIMAL = /^[+-]?[1-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/;

/** Would a YAML reader take the plain text for null, a bool, a number or a timestamp? */
function isTypeAmbiguous(s: string): boolean {
  const lower = s.toLowerCase();
  if (s.length <= 5 && (lower === 'null' || lower === '~' || lower === '')) return true;
  if (GO_BOOLS.has(s) || (s.length <= 5 && OLD_BOOLS.has(lower))) return true;
  const bare = s.replace(/_/g, '');
  if (parseGoInt(bare, 0, 64) !== null) return true;
  if (parseGoFloat(bare) !== null) return true;
  if (SEXAGESIMAL.test(s)) return true;
  if (s.length <= 5 && ['.inf', '-.inf', '+.inf', '.nan'].includes(lower)) return true;
  return isTimestamp(s);
}

/** A number as Go's JSON encoding writes it; JSON has no NaN or infinity, which the manifest cannot hold. */
function number(value: number): string {
  return Number.isFinite(value) ? goJson(value) : 'null';
}

/** The timestamp forms yaml.v2 recognises (date, or date and time), checked as Go's time.Parse checks them. */
function isTimestamp(s: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([Tt ])(\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(
    s,
  );
  if (!m) return false;
  const [, year, month, day, sep, hour, minute, second, , zone] = m;
  if (sep !== undefined && (sep === ' ') === (zone !== undefined)) return false; // zone with T/t only
  const days = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > days) return false;
  if (sep === undefined) return true;
  return Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60;
}

/** unicode.IsSpace. */
function isGoSpace(cp: number): boolean {
  if (cp <= 0xff) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp === 0x85 || cp === 0xa0;
  return /^[\p{White_Space}]$/u.test(String.fromCodePoint(cp));
}

function pad(level: number): string {
  return '  '.repeat(level);
}
