/**
 * Go's strconv quoting (quote.go): Quote, QuoteToASCII, QuoteRune, CanBackquote and Unquote, with
 * Go's escapes. \x and octal escapes stand for single bytes, so "\xc3\xa9" spells é.
 */
import { isPrint } from '../unicode/unicode';
import { utf8Decode, utf8Encode } from '../unicode/utf8';

function hexPad(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

function escapeRune(cp: number, quote: number, asciiOnly: boolean): string {
  if (cp === quote || cp === 0x5c) return '\\' + String.fromCharCode(cp);
  if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
  if (asciiOnly ? cp < 0x80 && isPrint(cp) : isPrint(cp)) return String.fromCodePoint(cp);
  switch (cp) {
    case 7:
      return '\\a';
    case 8:
      return '\\b';
    case 12:
      return '\\f';
    case 10:
      return '\\n';
    case 13:
      return '\\r';
    case 9:
      return '\\t';
    case 11:
      return '\\v';
  }
  if (cp < 0x20 || cp === 0x7f) return '\\x' + hexPad(cp, 2);
  if (cp < 0x10000) return '\\u' + hexPad(cp, 4);
  return '\\U' + hexPad(cp, 8);
}

/** strconv.Quote (and QuoteToASCII when asciiOnly). */
export function quote(text: string, asciiOnly = false): string {
  let out = '"';
  for (const ch of text) out += escapeRune(ch.codePointAt(0) ?? 0, 0x22, asciiOnly);
  return out + '"';
}

/** strconv.QuoteRune. */
export function quoteRune(cp: number): string {
  if (cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
  return "'" + escapeRune(cp, 0x27, false) + "'";
}

/** strconv.CanBackquote. */
export function canBackquote(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x60 || cp === 0xfeff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    if ((cp < 0x20 && cp !== 9) || cp === 0x7f) return false;
  }
  return true;
}

/** strconv.ErrSyntax. */
export class InvalidSyntax extends Error {
  constructor() {
    super('invalid syntax');
  }
}

const HEX = /^[0-9a-fA-F]$/;

/**
 * One character of a quoted literal starting at index i: returns the bytes it stands for and the
 * index after it. \x and octal escapes are single bytes, as in Go, so "\xc3\xa9" spells é.
 */
function unquoteChar(
  s: string,
  i: number,
  quoteChar: string,
): { bytes: Uint8Array | number[]; next: number; rune: number } {
  const c = s[i];
  if (c === undefined) throw new InvalidSyntax();
  if (c === quoteChar && (quoteChar === "'" || quoteChar === '"')) throw new InvalidSyntax();
  const cp = s.codePointAt(i) ?? 0;
  if (c !== '\\') {
    const width = cp > 0xffff ? 2 : 1;
    return { bytes: utf8Encode(String.fromCodePoint(cp)), next: i + width, rune: cp };
  }
  const e = s[i + 1];
  if (e === undefined) throw new InvalidSyntax();
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 0x5c };
  const simpleValue = Object.prototype.hasOwnProperty.call(simple, e) ? simple[e] : undefined;
  if (simpleValue !== undefined) return { bytes: [simpleValue], next: i + 2, rune: simpleValue };
  if (e === 'x' || e === 'u' || e === 'U') {
    const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
    const digits = s.slice(i + 2, i + 2 + n);
    if (digits.length !== n || ![...digits].every((d) => HEX.test(d))) throw new InvalidSyntax();
    const v = parseInt(digits, 16);
    if (e === 'x') return { bytes: [v], next: i + 2 + n, rune: v };
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new InvalidSyntax();
    return { bytes: utf8Encode(String.fromCodePoint(v)), next: i + 2 + n, rune: v };
  }
  if (e >= '0' && e <= '7') {
    const digits = s.slice(i + 1, i + 4);
    if (digits.length !== 3 || ![...digits].every((d) => d >= '0' && d <= '7')) throw new InvalidSyntax();
    const v = parseInt(digits, 8);
    if (v > 255) throw new InvalidSyntax();
    return { bytes: [v], next: i + 4, rune: v };
  }
  if ((e === "'" || e === '"') && e === quoteChar)
    return { bytes: [e.charCodeAt(0)], next: i + 2, rune: e.charCodeAt(0) };
  throw new InvalidSyntax();
}

/** strconv.Unquote for "…", `…` and '…' literals; throws InvalidSyntax ("invalid syntax"). */
export function unquote(literal: string): string {
  if (literal.length < 2) throw new InvalidSyntax();
  const q = literal[0] ?? '';
  if (q !== literal[literal.length - 1]) throw new InvalidSyntax();
  const body = literal.slice(1, -1);
  if (q === '`') {
    if (body.includes('`')) throw new InvalidSyntax();
    return body.replace(/\r/g, '');
  }
  if (q !== '"' && q !== "'") throw new InvalidSyntax();
  if (body.includes('\n')) throw new InvalidSyntax();
  const bytes: number[] = [];
  let i = 0;
  let count = 0;
  while (i < body.length) {
    const r = unquoteChar(body, i, q);
    bytes.push(...r.bytes);
    i = r.next;
    count++;
    if (q === "'" && count > 1) throw new InvalidSyntax();
  }
  if (q === "'" && count !== 1) throw new InvalidSyntax();
  return utf8Decode(bytes);
}

/**
 * The value of a character literal such as 'a' or '\n' (strconv.UnquoteChar on its body).
 * Returns the rune and what follows it inside the literal (Go requires exactly "'").
 */
export function unquoteCharLiteral(literal: string): { rune: number; tail: string } {
  const r = unquoteChar(literal, 1, "'");
  return { rune: r.rune, tail: literal.slice(r.next) };
}
