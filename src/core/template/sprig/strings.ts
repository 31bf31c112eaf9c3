/**
 * sprig's string functions: case, trimming, abbreviation and wrapping (Masterminds/goutils), quoting,
 * splitting and joining, and the random strings, which draw from the export's seeded stream.
 */
import { formatValue, sprintf } from '../../go/fmt';
import { compareStrings } from '../../go/sort';
import * as strconv from '../../go/strconv';
import * as strings from '../../go/strings';
import { isLower, isTitle, isUpper, toLowerRune, toUpperRune } from '../../go/unicode/unicode';
import { isList, mapSet, newMap, type GoMap } from '../../go/value';
import { withinBudget } from '../exec/budget';
import { spec, type TemplateFunction } from '../exec/functions';
import { strslice, strval } from './conversions';
import { DIGITS, LETTERS, randomString, type SeededRandom } from './random';

/** goutils.Uncapitalize: the first letter of each whitespace-separated word lower-cased. */
function untitle(s: string): string {
  let next = true;
  let out = '';
  for (const ch of s) {
    if (strings.isSpaceRune(ch)) {
      next = true;
      out += ch;
    } else if (next) {
      out += toLowerRune(ch);
      next = false;
    } else out += ch;
  }
  return out;
}

/** goutils.SwapCase (its title case after whitespace is upper case for all but a few digraphs). */
function swapCase(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (isUpper(c) || isTitle(c)) out += toLowerRune(ch);
    else if (isLower(c)) out += toUpperRune(ch);
    else out += ch;
  }
  return out;
}

/** sprig initials: the first letter of each whitespace-separated word. */
function initials(s: string): string {
  let gap = true;
  let out = '';
  for (const ch of s) {
    if (strings.isSpaceRune(ch)) gap = true;
    else if (gap) {
      out += ch;
      gap = false;
    }
  }
  return out;
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

/** sprig split and splitn: a map of the parts under the keys _0, _1, … */
function indexedMap(parts: readonly string[]): GoMap {
  const out = newMap();
  parts.forEach((p, i) => mapSet(out, `_${i}`, p));
  return out;
}

/** sprig indent: every line prefixed, the first one included. */
function indent(spaces: number, v: string): string {
  const lines = v.split('\n');
  withinBudget(v.length + spaces * lines.length, 'characters');
  const pad = strings.repeat(' ', spaces);
  return pad + lines.join('\n' + pad);
}

/** sprig randAscii's alphabet: the printable ASCII characters. */
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** sprig shuffle: the runes in a random order (Fisher–Yates over the seeded stream). */
function shuffle(random: SeededRandom, s: string): string {
  const runes = [...s];
  for (let i = runes.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    [runes[i], runes[j]] = [runes[j] ?? '', runes[i] ?? ''];
  }
  return runes.join('');
}

/** The string functions, the random ones drawing from `random`. */
export function stringFunctions(random: SeededRandom): Record<string, TemplateFunction> {
  return {
    abbrev: spec(['int', 'string'], (w: number, s: string) => (w < 4 ? s : abbreviateFull(s, 0, w))),
    abbrevboth: spec(['int', 'int', 'string'], (left: number, right: number, s: string) =>
      right < 4 || (left > 0 && right < 7) ? s : abbreviateFull(s, left, right),
    ),
    trunc: spec(['int', 'string'], trunc),
    trim: spec(['string'], strings.trimSpace),
    upper: spec(['string'], strings.toUpper),
    lower: spec(['string'], strings.toLower),
    title: spec(['string'], strings.title),
    untitle: spec(['string'], untitle),
    substr: spec(['int', 'int', 'string'], substring),
    repeat: spec(['int', 'string'], (count: number, s: string) => {
      withinBudget(count * s.length, 'characters');
      return strings.repeat(s, count);
    }),
    trimall: spec(['string', 'string'], (a: string, b: string) => strings.trim(b, a)),
    trimAll: spec(['string', 'string'], (a: string, b: string) => strings.trim(b, a)),
    trimSuffix: spec(['string', 'string'], (a: string, b: string) =>
      a !== '' && b.endsWith(a) ? b.slice(0, b.length - a.length) : b,
    ),
    trimPrefix: spec(['string', 'string'], (a: string, b: string) => (b.startsWith(a) ? b.slice(a.length) : b)),
    nospace: spec(['string'], (s: string) => [...s].filter((c) => !strings.isSpaceRune(c)).join('')),
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
      strings.replaceAll(src, old, nw),
    ),
    plural: spec(['string', 'string', 'int'], (one: string, many: string, count: number) => (count === 1 ? one : many)),
    split: spec(['string', 'string'], (sep: string, orig: string) => indexedMap(strings.split(orig, sep))),
    splitList: spec(['string', 'string'], (sep: string, orig: string) => strings.split(orig, sep)),
    splitn: spec(['string', 'int', 'string'], (sep: string, n: number, orig: string) =>
      indexedMap(strings.split(orig, sep, n)),
    ),
    toStrings: spec(['any'], strslice),
    join: spec(['string', 'any'], (sep: string, v: unknown) => strslice(v).join(sep)),
    sortAlpha: spec(['any'], (v: unknown) => (isList(v) ? strslice(v).sort(compareStrings) : [strval(v)])),
    toString: spec(['any'], strval),
  };
}
