/**
 * Go's strings package where it differs from JavaScript's string methods: case mapping rune by rune,
 * Unicode white space, Title's word separators, Split with an empty separator or a count, Replace
 * with an empty old string, and the panics of Repeat.
 */
import { isDigit, isLetter, isSpace, toLowerRune, toUpperRune } from './unicode/unicode';

function mapRunes(s: string, f: (ch: string) => string): string {
  let out = '';
  for (const ch of s) out += f(ch);
  return out;
}

/** strings.ToUpper and ToLower: unicode.ToUpper/ToLower on each rune. */
export function toUpper(s: string): string {
  return mapRunes(s, toUpperRune);
}

export function toLower(s: string): string {
  return mapRunes(s, toLowerRune);
}

/** The first code point of a one-character string. */
function cp(ch: string): number {
  return ch.codePointAt(0)!;
}

/** unicode.IsSpace on a one-character string. */
export function isSpaceRune(ch: string): boolean {
  return isSpace(cp(ch));
}

/** strings.Title's isSeparator: ASCII alphanumerics and _ join a word; beyond ASCII, letters and digits do. */
function isTitleSeparator(ch: string): boolean {
  const c = cp(ch);
  if (c <= 0x7f) return !/[0-9A-Za-z_]/.test(ch);
  if (isLetter(c) || isDigit(c)) return false;
  return isSpace(c);
}

/** strings.Title: the first letter of each word upper-cased. */
export function title(s: string): string {
  let prev = ' ';
  let out = '';
  for (const ch of s) {
    out += isTitleSeparator(prev) ? toUpperRune(ch) : ch;
    prev = ch;
  }
  return out;
}

/** strings.TrimSpace: leading and trailing Unicode white space removed. */
export function trimSpace(s: string): string {
  const runes = [...s];
  let a = 0;
  let b = runes.length;
  while (a < b && isSpaceRune(runes[a]!)) a++;
  while (b > a && isSpaceRune(runes[b - 1]!)) b--;
  return a === 0 && b === runes.length ? s : runes.slice(a, b).join('');
}

/** strings.Trim: leading and trailing runes of the cutset removed. */
export function trim(s: string, cutset: string): string {
  const cut = new Set([...cutset]);
  const runes = [...s];
  let a = 0;
  let b = runes.length;
  while (a < b && cut.has(runes[a]!)) a++;
  while (b > a && cut.has(runes[b - 1]!)) b--;
  return runes.slice(a, b).join('');
}

/** strings.Repeat, which panics on a negative count. */
export function repeat(s: string, count: number): string {
  if (count < 0) throw new Error('strings: negative Repeat count');
  return s.repeat(count);
}

/** strings.SplitN (n < 0: all, as strings.Split); an empty separator splits into runes. */
export function split(s: string, sep: string, n = -1): string[] {
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

/** strings.ReplaceAll; an empty old string inserts the new one around every rune. */
export function replaceAll(s: string, old: string, replacement: string): string {
  return old === '' ? replacement + [...s].map((c) => c + replacement).join('') : s.split(old).join(replacement);
}
