/**
 * Go's unicode package: the character classes Go's strconv, strings, text/template and yaml.v3 test
 * code points against, on JavaScript's Unicode property escapes.
 */

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;
const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const TITLE = /^\p{Lt}$/u;

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function isPrint(cp: number): boolean {
  if (cp < 0x20 || cp === 0x7f) return false;
  if (cp < 0x7f) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return PRINTABLE.test(String.fromCodePoint(cp));
}

/** unicode.IsSpace: Latin-1's \t \n \v \f \r space U+0085 U+00A0, and the White_Space property beyond. */
export function isSpace(cp: number): boolean {
  if (cp <= 0xff) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp === 0x85 || cp === 0xa0;
  return (
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** unicode.IsLetter. */
export function isLetter(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return LETTER.test(String.fromCodePoint(cp));
}

/** unicode.IsDigit: decimal digits of any script (Nd). */
export function isDigit(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x30 && cp <= 0x39;
  return DIGIT.test(String.fromCodePoint(cp));
}

/** unicode.IsUpper, IsLower and IsTitle. */
export function isUpper(cp: number): boolean {
  return UPPER.test(String.fromCodePoint(cp));
}

export function isLower(cp: number): boolean {
  return LOWER.test(String.fromCodePoint(cp));
}

export function isTitle(cp: number): boolean {
  return TITLE.test(String.fromCodePoint(cp));
}

/**
 * unicode.ToUpper / ToLower map one code point to one code point; where JavaScript's mapping gives
 * several (ß → SS), Go keeps the character.
 */
export function toUpperRune(ch: string): string {
  const m = ch.toUpperCase();
  return [...m].length === 1 ? m : ch;
}

export function toLowerRune(ch: string): string {
  const m = ch.toLowerCase();
  return [...m].length === 1 ? m : ch;
}
