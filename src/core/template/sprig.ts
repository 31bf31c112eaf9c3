/**
 * Masterminds/sprig v3 functions (the set score-compose gives its provisioner templates), with
 * sprig's argument orders, Go parameter types and edge behaviour: `default` treats empty values
 * as unset, `dig` takes keys then default then map, `merge` is deep and the left-most map wins,
 * `toJson` sorts keys and escapes <>&, `get` gives "" for a missing key, `atoi` gives 0 on bad input.
 * Random functions draw from a SeededRandom so that an export is reproducible.
 *
 * Not provided (there is no sensible browser equivalent or they depend on the clock or the host):
 * date functions and now, env/expandenv, getHostByName, crypto (bcrypt, htpasswd, genCA, …,
 * encryptAES), semver, urlParse/urlJoin, snakecase/camelcase/kebabcase, randSeededNumeric.
 * sprig has no toYaml: in score-compose a template using it fails with `function "toYaml" not defined`.
 */
import { base32Decode, base32Encode } from '../go/encoding/base32';
import { base64Decode, base64Encode } from '../go/encoding/base64';
import { marshal } from '../go/encoding/json';
import { formatValue, sprintf } from '../go/fmt';
import { basePath, cleanPath, dirPath, extPath, isAbsPath } from '../go/path';
import { compileGoRegexp, findAll, quoteMeta, replaceAll, split as regexSplit } from '../go/regexp';
import { compareStrings, sortedKeys } from '../go/sort';
import * as strconv from '../go/strconv';
import { utf8Decode, utf8Encode } from '../go/unicode/utf8';
import {
  deepEqual,
  hasKey,
  isEmptyValue,
  isList,
  isMap,
  kindName,
  mapSet,
  newMap,
  typeName,
  type GoMap,
} from '../go/value';
import { adler32, sha1Hex, sha256Hex } from './encoding';
import { spec, type TemplateFunction } from './functions';
import { mergeMaps } from './merge';
import { DIGITS, LETTERS, randomString, type SeededRandom } from './random';

// --- conversions (sprig strval/strslice, spf13/cast) ---

/** sprig's strval: strings as they are, anything else as %v. */
export function strval(v: unknown): string {
  return typeof v === 'string' ? v : formatValue(v ?? null);
}

function strslice(v: unknown): string[] {
  if (isList(v)) return v.filter((x) => x !== null && x !== undefined).map(strval);
  if (v === null || v === undefined) return [];
  return [strval(v)];
}

/** cast's trimZeroDecimal: "10.00" → "10". */
function trimZeroDecimal(s: string): string {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === '.') {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === '0') foundZero = true;
    else return s;
  }
  return s;
}

const INT64_MIN = -(2n ** 63n);

/** cast.ToInt64: numbers truncated, strings parsed (base prefixes allowed), bool 1/0, others 0. */
export function toInt64(v: unknown): number {
  return Number(toInt64Big(v));
}

function toInt64Big(v: unknown): bigint {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return INT64_MIN;
    return BigInt.asIntN(64, BigInt(Math.trunc(v)));
  }
  if (typeof v === 'bigint') return BigInt.asIntN(64, v);
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'string') {
    return strconv.parseInt(trimZeroDecimal(v), 0, 64) ?? 0n;
  }
  return 0n;
}

/** cast.ToFloat64. */
export function toFloat64(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return strconv.parseFloat(v) ?? 0;
  return 0;
}

/** strconv.Atoi; sprig ignores the error, giving 0. */
function atoi(s: string): number {
  return Number(strconv.parseInt(s, 10, 64) ?? 0n);
}

function int64Result(n: bigint): number {
  return Number(BigInt.asIntN(64, n));
}

// --- decimal arithmetic for addf/subf/mulf/divf (shopspring/decimal from float64) ---

interface Decimal {
  coef: bigint;
  exp: number;
}

function toDecimal(v: number): Decimal {
  if (!Number.isFinite(v) || v === 0) return { coef: 0n, exp: 0 };
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(v.toExponential());
  if (!m) return { coef: 0n, exp: 0 };
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const coef = BigInt((m[1] ?? '') + digits);
  return { coef, exp: Number(m[4]) - (digits.length - 1) };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

function decimalToNumber(d: Decimal): number {
  return Number(`${d.coef}e${d.exp}`);
}

function decimalOp(op: 'add' | 'sub' | 'mul' | 'div', a: Decimal, b: Decimal): Decimal {
  if (op === 'mul') return { coef: a.coef * b.coef, exp: a.exp + b.exp };
  if (op === 'div') {
    if (b.coef === 0n) throw new Error('decimal division by 0');
    // decimal.Div rounds to 16 decimal places (DivisionPrecision), half away from zero.
    const scale = 16;
    // Scale the dividend so that the quotient has one digit more than needed, then round it.
    const shift = Math.max(0, a.exp - b.exp + scale + 1);
    const num = a.coef * 10n ** BigInt(shift);
    const numExp = a.exp - shift;
    let q = num / b.coef;
    let qExp = numExp - b.exp;
    // Round from qExp = -(scale+1) to -scale.
    while (qExp < -scale) {
      const r = q % 10n;
      q /= 10n;
      if (r >= 5n) q += 1n;
      else if (r <= -5n) q -= 1n;
      qExp++;
    }
    return { coef: q, exp: qExp };
  }
  const [x, y, exp] = align(a, b);
  return { coef: op === 'add' ? x + y : x - y, exp };
}

function execDecimalOp(op: 'add' | 'sub' | 'mul' | 'div', first: unknown, rest: readonly unknown[]): number {
  let acc = toDecimal(toFloat64(first));
  for (const x of rest) acc = decimalOp(op, acc, toDecimal(toFloat64(x)));
  return decimalToNumber(acc);
}

// --- strings ---

const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
const SPACE_RE = new RegExp(`[${GO_SPACE}]`, 'u');
const TRIM_RE = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'gu');

function isGoSpace(ch: string): boolean {
  return SPACE_RE.test(ch);
}

/** unicode.ToUpper/ToLower map single code points; keep a character whose mapping is longer. */
function mapRunes(s: string, f: (ch: string) => string): string {
  let out = '';
  for (const ch of s) {
    const m = f(ch);
    out += [...m].length === 1 ? m : ch;
  }
  return out;
}
const toUpper = (s: string): string => mapRunes(s, (c) => c.toUpperCase());
const toLower = (s: string): string => mapRunes(s, (c) => c.toLowerCase());

const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const TITLE = /^\p{Lt}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

/** strings.Title: the first letter of each word upper-cased; words are split at non-letters. */
function title(s: string): string {
  let prev = ' ';
  let out = '';
  for (const ch of s) {
    out += isTitleSeparator(prev) ? toUpper(ch) : ch;
    prev = ch;
  }
  return out;
}

function isTitleSeparator(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp <= 0x7f) return !/[0-9A-Za-z_]/.test(ch);
  if (LETTER_OR_DIGIT.test(ch)) return false;
  return isGoSpace(ch);
}

/** goutils.Uncapitalize: the first letter of each whitespace-separated word lower-cased. */
function untitle(s: string): string {
  let next = true;
  let out = '';
  for (const ch of s) {
    if (isGoSpace(ch)) {
      next = true;
      out += ch;
    } else if (next) {
      out += toLower(ch);
      next = false;
    } else out += ch;
  }
  return out;
}

/** goutils.SwapCase (its title case after whitespace is upper case for all but a few digraphs). */
function swapCase(s: string): string {
  let out = '';
  for (const ch of s) {
    if (UPPER.test(ch) || TITLE.test(ch)) out += toLower(ch);
    else if (LOWER.test(ch)) out += toUpper(ch);
    else out += ch;
  }
  return out;
}

function initials(s: string): string {
  let gap = true;
  let out = '';
  for (const ch of s) {
    if (isGoSpace(ch)) gap = true;
    else if (gap) {
      out += ch;
      gap = false;
    }
  }
  return out;
}

function trimCutset(s: string, cutset: string): string {
  const cut = new Set([...cutset]);
  const runes = [...s];
  let a = 0;
  let b = runes.length;
  while (a < b && cut.has(runes[a] ?? '')) a++;
  while (b > a && cut.has(runes[b - 1] ?? '')) b--;
  return runes.slice(a, b).join('');
}

function repeat(s: string, count: number): string {
  if (count < 0) throw new Error('strings: negative Repeat count');
  return s.repeat(count);
}

function sliceBounds(s: string, start: number, end: number): string {
  if (start < 0 || end > s.length || start > end) {
    throw new Error(`runtime error: slice bounds out of range [${start}:${end}] with length ${s.length}`);
  }
  return s.slice(start, end);
}

function substring(start: number, end: number, s: string): string {
  if (start < 0) return sliceBounds(s, 0, end);
  if (end < 0 || end > s.length) return sliceBounds(s, start, s.length);
  return sliceBounds(s, start, end);
}

function trunc(c: number, s: string): string {
  if (c < 0 && s.length + c > 0) return s.slice(s.length + c);
  if (c >= 0 && s.length > c) return s.slice(0, c);
  return s;
}

/** goutils.AbbreviateFull. */
function abbreviateFull(s: string, offset: number, maxWidth: number): string {
  if (s === '') return '';
  if (maxWidth < 4) return '';
  if (s.length <= maxWidth) return s;
  let off = Math.min(offset, s.length);
  if (s.length - off < maxWidth - 3) off = s.length - (maxWidth - 3);
  if (off <= 4) return s.slice(0, maxWidth - 3) + '...';
  if (maxWidth < 7) return '';
  if (off + maxWidth - 3 < s.length) return '...' + abbreviateFull(s.slice(off), 0, maxWidth - 3);
  return '...' + s.slice(s.length - (maxWidth - 3));
}

/** goutils.WrapCustom. */
function wrapCustom(s: string, wrapLength: number, newLine: string, wrapLongWords: boolean): string {
  if (s === '') return '';
  const nl = newLine === '' ? '\n' : newLine;
  const width = Math.max(wrapLength, 1);
  let offset = 0;
  let out = '';
  while (s.length - offset > width) {
    if (s[offset] === ' ') {
      offset++;
      continue;
    }
    const spaceToWrapAt = s.slice(offset, width + offset + 1).lastIndexOf(' ') + offset;
    if (spaceToWrapAt >= offset) {
      out += s.slice(offset, spaceToWrapAt) + nl;
      offset = spaceToWrapAt + 1;
    } else if (wrapLongWords) {
      out += s.slice(offset, width + offset) + nl;
      offset += width;
    } else {
      const end = width + offset;
      const index = s.indexOf(' ', end);
      if (index >= 0) {
        out += s.slice(offset, index) + nl;
        offset = index + 1;
      } else {
        out += s.slice(offset);
        offset = s.length;
      }
    }
  }
  return out + s.slice(offset);
}

/** strings.Split, including the empty separator (split into runes). */
function goSplit(s: string, sep: string, n = -1): string[] {
  if (n === 0) return [];
  if (sep === '') {
    const runes = [...s];
    if (n > 0 && runes.length > n) return [...runes.slice(0, n - 1), runes.slice(n - 1).join('')];
    return runes;
  }
  const parts = s.split(sep);
  if (n > 0 && parts.length > n) return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
  return parts;
}

function indexedMap(parts: readonly string[]): GoMap {
  const out = newMap();
  parts.forEach((p, i) => mapSet(out, `_${i}`, p));
  return out;
}

function indent(spaces: number, v: string): string {
  const pad = repeat(' ', spaces);
  return pad + v.split('\n').join('\n' + pad);
}

// --- lists and dicts ---

/** reflect.TypeOf(x).Kind() as sprig's list functions use it (nil panics in Go). */
function listKind(v: unknown): string {
  if (v === null || v === undefined)
    throw new Error('runtime error: invalid memory address or nil pointer dereference');
  return kindName(v);
}

function requireList(v: unknown, what: string): unknown[] {
  const kind = listKind(v);
  if (!isList(v)) throw new Error(`Cannot ${what} on type ${kind}`);
  return v;
}

/** sprig's empty(): the zero value of its type. */
export const empty = isEmptyValue;

/** A deep copy of maps and lists (sprig deepCopy). */
function deepCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) mapSet(out, k, deepCopy(v[k]));
    return out;
  }
  return v;
}

function interfaceConversion(v: unknown, want: string): Error {
  const have = v === null || v === undefined ? 'nil' : typeName(v);
  return new Error(`interface conversion: interface {} is ${have}, not ${want}`);
}

/** sprig dig: dig "a" "b" default $map; a missing key gives the default. */
function dig(...ps: unknown[]): unknown {
  if (ps.length < 3) throw new Error('dig needs at least three arguments');
  // A nil map (score-compose's State, Shared, Metadata may be nil maps) digs like an empty one.
  const last = ps[ps.length - 1];
  if (last !== null && last !== undefined && !isMap(last)) throw interfaceConversion(last, 'map[string]interface {}');
  let dict: GoMap = isMap(last) ? last : newMap();
  const def = ps[ps.length - 2] ?? null;
  const keys = ps.slice(0, -2).map((k) => {
    if (typeof k !== 'string') throw interfaceConversion(k, 'string');
    return k;
  });
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? '';
    if (!hasKey(dict, k)) return def;
    const step = dict[k] ?? null;
    if (i === keys.length - 1) return step;
    if (!isMap(step)) throw interfaceConversion(step, 'map[string]interface {}');
    dict = step;
  }
  return def;
}

function dict(...v: unknown[]): GoMap {
  const out = newMap();
  for (let i = 0; i < v.length; i += 2) mapSet(out, strval(v[i] ?? null), i + 1 < v.length ? (v[i + 1] ?? null) : '');
  return out;
}

function merge(overwrite: boolean, dst: GoMap | null, ...srcs: (GoMap | null)[]): GoMap {
  const target = dst ?? newMap();
  for (const src of srcs) if (src) mergeMaps(target, src, overwrite);
  return target;
}

function sliceList(list: unknown, ...indices: unknown[]): unknown {
  const kind = listKind(list);
  if (!isList(list)) throw new Error(`list should be type of slice or array but ${kind}`);
  const l = list;
  if (l.length === 0) return null;
  const start = indices.length > 0 ? toInt64(indices[0]) : 0;
  const end = indices.length < 2 ? l.length : toInt64(indices[1]);
  if (start < 0 || end > l.length || start > end) throw new Error('reflect: slice index out of range');
  return l.slice(start, end);
}

function until(count: number): number[] {
  return untilStep(0, count, count < 0 ? -1 : 1);
}

function untilStep(start: number, stop: number, step: number): number[] {
  const out: number[] = [];
  if (stop < start) {
    if (step >= 0) return out;
    for (let i = start; i > stop; i += step) out.push(i);
    return out;
  }
  if (step <= 0) return out;
  for (let i = start; i < stop; i += step) out.push(i);
  return out;
}

function seq(...params: number[]): string {
  const join = (xs: number[]): string => xs.join(' ');
  switch (params.length) {
    case 1: {
      const end = params[0] ?? 0;
      const inc = end < 1 ? -1 : 1;
      return join(untilStep(1, end + inc, inc));
    }
    case 2: {
      const [start = 0, end = 0] = params;
      const step = end < start ? -1 : 1;
      return join(untilStep(start, end + step, step));
    }
    case 3: {
      const [start = 0, step = 0, end = 0] = params;
      let inc = 1;
      if (end < start) {
        inc = -1;
        if (step > 0) return '';
      }
      return join(untilStep(start, end + inc, step));
    }
    default:
      return '';
  }
}

function round(a: unknown, p: number, ...rOpt: number[]): number {
  const roundOn = rOpt[0] ?? 0.5;
  const pow = Math.pow(10, p);
  const digit = pow * toFloat64(a);
  const frac = digit - Math.trunc(digit);
  return (frac >= roundOn ? Math.ceil(digit) : Math.floor(digit)) / pow;
}

function regex(pattern: string): RegExp {
  return compileGoRegexp(pattern);
}

function regexMatchStrict(pattern: string, s: string): boolean {
  return regex(pattern).test(s);
}

function jsonOrThrow(v: unknown, escapeHTML: boolean, indent?: string): string {
  return marshal(v, indent === undefined ? { escapeHTML } : { escapeHTML, indent });
}

function fromJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch (e) {
    throw new Error(e instanceof Error ? e.message : String(e), { cause: e });
  }
}

let ASCII = '';
for (let c = 32; c < 127; c++) ASCII += String.fromCharCode(c);

function uuidv4(random: SeededRandom): string {
  const b = Array.from({ length: 16 }, () => random.nextInt(256));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** sprig randBytes: count random bytes, base64-encoded. */
function randBytes(random: SeededRandom, count: number): string {
  return base64Encode(Array.from({ length: Math.max(count, 0) }, () => random.nextInt(256)));
}

/** A decoded text, or the decoder's error as text (sprig returns err.Error()). */
function decodedText(decoded: { bytes: Uint8Array } | { error: string }): string {
  return 'error' in decoded ? decoded.error : utf8Decode(decoded.bytes);
}

function shuffle(random: SeededRandom, s: string): string {
  const runes = [...s];
  for (let i = runes.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    [runes[i], runes[j]] = [runes[j] ?? '', runes[i] ?? ''];
  }
  return runes.join('');
}

/** The sprig function map, with its random functions drawing from `random`. */
export function sprigFunctions(random: SeededRandom): Record<string, TemplateFunction> {
  const listFns = {
    first: (l: unknown) => {
      const v = requireList(l, 'find first');
      return v.length === 0 ? null : (v[0] ?? null);
    },
    last: (l: unknown) => {
      const v = requireList(l, 'find last');
      return v.length === 0 ? null : (v[v.length - 1] ?? null);
    },
    rest: (l: unknown) => {
      const v = requireList(l, 'find rest');
      return v.length === 0 ? null : v.slice(1);
    },
    initial: (l: unknown) => {
      const v = requireList(l, 'find initial');
      return v.length === 0 ? null : v.slice(0, -1);
    },
    reverse: (l: unknown) => [...requireList(l, 'find reverse')].reverse(),
    uniq: (l: unknown) => {
      const out: unknown[] = [];
      for (const x of requireList(l, 'find uniq')) if (!out.some((y) => deepEqual(x, y))) out.push(x);
      return out;
    },
    without: (l: unknown, ...omit: unknown[]) =>
      requireList(l, 'find without').filter((x) => !omit.some((o) => deepEqual(x, o))),
    has: (needle: unknown, haystack: unknown) => requireList(haystack, 'find has').some((x) => deepEqual(needle, x)),
    compact: (l: unknown) => requireList(l, 'compact').filter((x) => !empty(x)),
    push: (l: unknown, v: unknown) => [...requireList(l, 'push'), v],
    prepend: (l: unknown, v: unknown) => [v, ...requireList(l, 'prepend')],
    chunk: (size: number, l: unknown) => {
      const v = requireList(l, 'chunk');
      if (size <= 0) throw new Error('runtime error: integer divide by zero');
      const out: unknown[][] = [];
      for (let i = 0; i < v.length; i += size) out.push(v.slice(i, i + size));
      return out;
    },
  };

  const functions: Record<string, TemplateFunction> = {
    hello: spec([], () => 'Hello!'),

    // Strings
    abbrev: spec(['int', 'string'], (w: number, s: string) => (w < 4 ? s : abbreviateFull(s, 0, w))),
    abbrevboth: spec(['int', 'int', 'string'], (left: number, right: number, s: string) =>
      right < 4 || (left > 0 && right < 7) ? s : abbreviateFull(s, left, right),
    ),
    trunc: spec(['int', 'string'], trunc),
    trim: spec(['string'], (s: string) => s.replace(TRIM_RE, '')),
    upper: spec(['string'], toUpper),
    lower: spec(['string'], toLower),
    title: spec(['string'], title),
    untitle: spec(['string'], untitle),
    substr: spec(['int', 'int', 'string'], substring),
    repeat: spec(['int', 'string'], (count: number, s: string) => repeat(s, count)),
    trimall: spec(['string', 'string'], (a: string, b: string) => trimCutset(b, a)),
    trimAll: spec(['string', 'string'], (a: string, b: string) => trimCutset(b, a)),
    trimSuffix: spec(['string', 'string'], (a: string, b: string) =>
      a !== '' && b.endsWith(a) ? b.slice(0, b.length - a.length) : b,
    ),
    trimPrefix: spec(['string', 'string'], (a: string, b: string) => (b.startsWith(a) ? b.slice(a.length) : b)),
    nospace: spec(['string'], (s: string) => [...s].filter((c) => !isGoSpace(c)).join('')),
    initials: spec(['string'], initials),
    randAlphaNum: spec(['int'], (n: number) => randomString(random, n, DIGITS + LETTERS)),
    randAlpha: spec(['int'], (n: number) => randomString(random, n, LETTERS)),
    randAscii: spec(['int'], (n: number) => randomString(random, n, ASCII)),
    randNumeric: spec(['int'], (n: number) => randomString(random, n, DIGITS)),
    swapcase: spec(['string'], swapCase),
    shuffle: spec(['string'], (s: string) => shuffle(random, s)),
    wrap: spec(['int', 'string'], (l: number, s: string) => wrapCustom(s, l, '', false)),
    wrapWith: spec(['int', 'string', 'string'], (l: number, sep: string, s: string) => wrapCustom(s, l, sep, true)),
    contains: spec(['string', 'string'], (sub: string, s: string) => s.includes(sub)),
    hasPrefix: spec(['string', 'string'], (sub: string, s: string) => s.startsWith(sub)),
    hasSuffix: spec(['string', 'string'], (sub: string, s: string) => s.endsWith(sub)),
    quote: spec(
      [],
      (...xs: unknown[]) =>
        xs
          .filter((x) => x !== null && x !== undefined)
          .map((x) => strconv.quote(strval(x)))
          .join(' '),
      'any',
    ),
    squote: spec(
      [],
      (...xs: unknown[]) =>
        xs
          .filter((x) => x !== null && x !== undefined)
          .map((x) => `'${formatValue(x)}'`)
          .join(' '),
      'any',
    ),
    cat: spec(
      [],
      (...xs: unknown[]) => {
        const kept = xs.filter((x) => x !== null && x !== undefined);
        return sprintf(Array(kept.length).fill('%v').join(' '), kept);
      },
      'any',
    ),
    indent: spec(['int', 'string'], indent),
    nindent: spec(['int', 'string'], (n: number, v: string) => '\n' + indent(n, v)),
    replace: spec(['string', 'string', 'string'], (old: string, nw: string, src: string) =>
      // strings.Replace with an empty old string inserts the new one around every rune.
      old === '' ? nw + [...src].map((c) => c + nw).join('') : src.split(old).join(nw),
    ),
    plural: spec(['string', 'string', 'int'], (one: string, many: string, count: number) => (count === 1 ? one : many)),
    sha1sum: spec(['string'], sha1Hex),
    sha256sum: spec(['string'], sha256Hex),
    adler32sum: spec(['string'], (s: string) => String(adler32(s))),
    toString: spec(['any'], strval),

    // Conversions and numbers
    atoi: spec(['string'], atoi),
    int64: spec(['any'], toInt64),
    int: spec(['any'], toInt64),
    float64: spec(['any'], toFloat64),
    seq: spec([], seq, 'int'),
    toDecimal: spec(['any'], (v: unknown) => {
      const n = /^[+-]?[0-7]+$/.test(formatValue(v)) ? BigInt('0o' + formatValue(v).replace(/^[+-]/, '')) : null;
      if (n === null) return 0;
      return Number(formatValue(v).startsWith('-') ? -n : n);
    }),
    split: spec(['string', 'string'], (sep: string, orig: string) => indexedMap(goSplit(orig, sep))),
    splitList: spec(['string', 'string'], (sep: string, orig: string) => goSplit(orig, sep)),
    splitn: spec(['string', 'int', 'string'], (sep: string, n: number, orig: string) =>
      indexedMap(goSplit(orig, sep, n)),
    ),
    toStrings: spec(['any'], strslice),
    until: spec(['int'], until),
    untilStep: spec(['int', 'int', 'int'], untilStep),
    add1: spec(['any'], (i: unknown) => int64Result(toInt64Big(i) + 1n)),
    add: spec([], (...xs: unknown[]) => int64Result(xs.reduce<bigint>((a, x) => a + toInt64Big(x), 0n)), 'any'),
    sub: spec(['any', 'any'], (a: unknown, b: unknown) => int64Result(toInt64Big(a) - toInt64Big(b))),
    div: spec(['any', 'any'], (a: unknown, b: unknown) => {
      const d = toInt64Big(b);
      if (d === 0n) throw new Error('runtime error: integer divide by zero');
      return int64Result(toInt64Big(a) / d);
    }),
    mod: spec(['any', 'any'], (a: unknown, b: unknown) => {
      const d = toInt64Big(b);
      if (d === 0n) throw new Error('runtime error: integer divide by zero');
      return int64Result(toInt64Big(a) % d);
    }),
    mul: spec(
      ['any'],
      (a: unknown, ...xs: unknown[]) => int64Result(xs.reduce<bigint>((acc, x) => acc * toInt64Big(x), toInt64Big(a))),
      'any',
    ),
    randInt: spec(['int', 'int'], (min: number, max: number) => {
      if (max - min <= 0) throw new Error('invalid argument to Intn');
      return random.nextInt(max - min) + min;
    }),
    add1f: spec(['any'], (i: unknown) => execDecimalOp('add', i, [1])),
    addf: spec([], (...xs: unknown[]) => execDecimalOp('add', 0, xs), 'any'),
    subf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('sub', a, xs), 'any'),
    divf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('div', a, xs), 'any'),
    mulf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('mul', a, xs), 'any'),
    biggest: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toInt64(a), ...xs.map(toInt64)), 'any'),
    max: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toInt64(a), ...xs.map(toInt64)), 'any'),
    min: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.min(toInt64(a), ...xs.map(toInt64)), 'any'),
    maxf: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toFloat64(a), ...xs.map(toFloat64)), 'any'),
    minf: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.min(toFloat64(a), ...xs.map(toFloat64)), 'any'),
    ceil: spec(['any'], (a: unknown) => Math.ceil(toFloat64(a))),
    floor: spec(['any'], (a: unknown) => Math.floor(toFloat64(a))),
    round: spec(['any', 'int'], round, 'float'),
    join: spec(['string', 'any'], (sep: string, v: unknown) => strslice(v).join(sep)),
    sortAlpha: spec(['any'], (v: unknown) => (isList(v) ? strslice(v).sort(compareStrings) : [strval(v)])),

    // Defaults
    default: spec(
      ['any'],
      (d: unknown, ...given: unknown[]) => (given.length === 0 || empty(given[0]) ? d : given[0]),
      'any',
    ),
    empty: spec(['any'], empty),
    coalesce: spec([], (...xs: unknown[]) => xs.find((x) => !empty(x)) ?? null, 'any'),
    all: spec([], (...xs: unknown[]) => xs.every((x) => !empty(x)), 'any'),
    any: spec([], (...xs: unknown[]) => xs.some((x) => !empty(x)), 'any'),
    compact: spec(['any'], listFns.compact),
    mustCompact: spec(['any'], listFns.compact),
    fromJson: spec(['string'], (s: string) => {
      try {
        return fromJson(s);
      } catch {
        return null;
      }
    }),
    mustFromJson: spec(['string'], fromJson),
    toJson: spec(['any'], (v: unknown) => {
      try {
        return jsonOrThrow(v, true);
      } catch {
        return '';
      }
    }),
    mustToJson: spec(['any'], (v: unknown) => jsonOrThrow(v, true)),
    toPrettyJson: spec(['any'], (v: unknown) => {
      try {
        return jsonOrThrow(v, true, '  ');
      } catch {
        return '';
      }
    }),
    mustToPrettyJson: spec(['any'], (v: unknown) => jsonOrThrow(v, true, '  ')),
    toRawJson: spec(['any'], (v: unknown) => jsonOrThrow(v, false)),
    mustToRawJson: spec(['any'], (v: unknown) => jsonOrThrow(v, false)),
    ternary: spec(['any', 'any', 'bool'], (vt: unknown, vf: unknown, v: boolean) => (v ? vt : vf)),
    deepCopy: spec(['any'], deepCopy),
    mustDeepCopy: spec(['any'], (v: unknown) => {
      if (v === null || v === undefined) throw new Error('copy: Nil interface');
      return deepCopy(v);
    }),

    // Reflection
    typeOf: spec(['any'], (v: unknown) => typeName(v)),
    typeIs: spec(['string', 'any'], (t: string, v: unknown) => t === typeName(v)),
    typeIsLike: spec(['string', 'any'], (t: string, v: unknown) => t === typeName(v) || '*' + t === typeName(v)),
    kindOf: spec(['any'], (v: unknown) => kindName(v)),
    kindIs: spec(['string', 'any'], (k: string, v: unknown) => k === kindName(v)),
    deepEqual: spec(['any', 'any'], deepEqual),

    // Paths
    base: spec(['string'], basePath),
    dir: spec(['string'], dirPath),
    clean: spec(['string'], cleanPath),
    ext: spec(['string'], extPath),
    isAbs: spec(['string'], isAbsPath),
    osBase: spec(['string'], basePath),
    osDir: spec(['string'], dirPath),
    osClean: spec(['string'], cleanPath),
    osExt: spec(['string'], extPath),
    osIsAbs: spec(['string'], isAbsPath),

    // Encoding (decoding errors come back as text, as sprig returns err.Error())
    b64enc: spec(['string'], (s: string) => base64Encode(utf8Encode(s))),
    b64dec: spec(['string'], (s: string) => decodedText(base64Decode(s))),
    b32enc: spec(['string'], (s: string) => base32Encode(utf8Encode(s))),
    b32dec: spec(['string'], (s: string) => decodedText(base32Decode(s))),

    // Data structures
    tuple: spec([], (...v: unknown[]) => v, 'any'),
    list: spec([], (...v: unknown[]) => v, 'any'),
    dict: spec([], dict, 'any'),
    get: spec(['map', 'string'], (d: GoMap | null, key: string) => (d && hasKey(d, key) ? (d[key] ?? null) : '')),
    set: spec(['map', 'string', 'any'], (d: GoMap | null, key: string, value: unknown) => {
      if (!d) throw new Error('assignment to entry in nil map');
      mapSet(d, key, value);
      return d;
    }),
    unset: spec(['map', 'string'], (d: GoMap | null, key: string) => {
      if (d && hasKey(d, key)) delete d[key];
      return d ?? newMap();
    }),
    hasKey: spec(['map', 'string'], (d: GoMap | null, key: string) => d !== null && hasKey(d, key)),
    pluck: spec(
      ['string'],
      (key: string, ...ds: (GoMap | null)[]) =>
        ds.filter((d): d is GoMap => d !== null && hasKey(d, key)).map((d) => d[key] ?? null),
      'map',
    ),
    keys: spec([], (...ds: (GoMap | null)[]) => ds.flatMap((d) => (d ? sortedKeys(d) : [])), 'map'),
    pick: spec(
      ['map'],
      (d: GoMap | null, ...ks: string[]) => {
        const out = newMap();
        for (const k of ks) if (d && hasKey(d, k)) mapSet(out, k, d[k] ?? null);
        return out;
      },
      'string',
    ),
    omit: spec(
      ['map'],
      (d: GoMap | null, ...ks: string[]) => {
        const out = newMap();
        for (const k of d ? sortedKeys(d) : []) if (!ks.includes(k)) mapSet(out, k, d?.[k] ?? null);
        return out;
      },
      'string',
    ),
    merge: spec(['map'], (dst: GoMap | null, ...srcs: (GoMap | null)[]) => merge(false, dst, ...srcs), 'map'),
    mergeOverwrite: spec(['map'], (dst: GoMap | null, ...srcs: (GoMap | null)[]) => merge(true, dst, ...srcs), 'map'),
    mustMerge: spec(['map'], (dst: GoMap | null, ...srcs: (GoMap | null)[]) => merge(false, dst, ...srcs), 'map'),
    mustMergeOverwrite: spec(
      ['map'],
      (dst: GoMap | null, ...srcs: (GoMap | null)[]) => merge(true, dst, ...srcs),
      'map',
    ),
    values: spec(['map'], (d: GoMap | null) => (d ? sortedKeys(d).map((k) => d[k] ?? null) : [])),
    append: spec(['any', 'any'], listFns.push),
    push: spec(['any', 'any'], listFns.push),
    mustAppend: spec(['any', 'any'], listFns.push),
    mustPush: spec(['any', 'any'], listFns.push),
    prepend: spec(['any', 'any'], listFns.prepend),
    mustPrepend: spec(['any', 'any'], listFns.prepend),
    first: spec(['any'], listFns.first),
    mustFirst: spec(['any'], listFns.first),
    rest: spec(['any'], listFns.rest),
    mustRest: spec(['any'], listFns.rest),
    last: spec(['any'], listFns.last),
    mustLast: spec(['any'], listFns.last),
    initial: spec(['any'], listFns.initial),
    mustInitial: spec(['any'], listFns.initial),
    reverse: spec(['any'], listFns.reverse),
    mustReverse: spec(['any'], listFns.reverse),
    uniq: spec(['any'], listFns.uniq),
    mustUniq: spec(['any'], listFns.uniq),
    without: spec(['any'], listFns.without, 'any'),
    mustWithout: spec(['any'], listFns.without, 'any'),
    has: spec(['any', 'any'], listFns.has),
    mustHas: spec(['any', 'any'], listFns.has),
    slice: spec(['any'], sliceList, 'any'),
    mustSlice: spec(['any'], sliceList, 'any'),
    concat: spec(
      [],
      (...lists: unknown[]) =>
        lists.flatMap((l) => {
          const kind = listKind(l);
          if (!isList(l)) throw new Error(`Cannot concat type ${kind} as list`);
          return l;
        }),
      'any',
    ),
    dig: spec([], dig, 'any'),
    chunk: spec(['int', 'any'], listFns.chunk),
    mustChunk: spec(['int', 'any'], listFns.chunk),

    // UUIDs and random bytes
    uuidv4: spec([], () => uuidv4(random)),
    randBytes: spec(['int'], (n: number) => randBytes(random, n)),

    // Flow control
    fail: spec(['string'], (msg: string) => {
      throw new Error(msg);
    }),

    // Regular expressions (Go RE2 syntax)
    regexMatch: spec(['string', 'string'], (re: string, s: string) => {
      try {
        return regexMatchStrict(re, s);
      } catch {
        return false;
      }
    }),
    mustRegexMatch: spec(['string', 'string'], regexMatchStrict),
    regexFindAll: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      findAll(regex(re), s, n).map((m) => s.slice(m.start, m.end)),
    ),
    mustRegexFindAll: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      findAll(regex(re), s, n).map((m) => s.slice(m.start, m.end)),
    ),
    regexFind: spec(['string', 'string'], (re: string, s: string) => {
      const m = findAll(regex(re), s, 1)[0];
      return m ? s.slice(m.start, m.end) : '';
    }),
    mustRegexFind: spec(['string', 'string'], (re: string, s: string) => {
      const m = findAll(regex(re), s, 1)[0];
      return m ? s.slice(m.start, m.end) : '';
    }),
    regexReplaceAll: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(regex(re), s, repl, false),
    ),
    mustRegexReplaceAll: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(regex(re), s, repl, false),
    ),
    regexReplaceAllLiteral: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(regex(re), s, repl, true),
    ),
    mustRegexReplaceAllLiteral: spec(['string', 'string', 'string'], (re: string, s: string, repl: string) =>
      replaceAll(regex(re), s, repl, true),
    ),
    regexSplit: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      regexSplit(regex(re), re, s, n),
    ),
    mustRegexSplit: spec(['string', 'string', 'int'], (re: string, s: string, n: number) =>
      regexSplit(regex(re), re, s, n),
    ),
    regexQuoteMeta: spec(['string'], quoteMeta),
  };
  return functions;
}
