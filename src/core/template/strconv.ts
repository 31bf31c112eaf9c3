/**
 * The parts of Go's strconv package the template engine needs: quoting and unquoting string
 * literals, Go's integer literal syntax, and float formatting ('e', 'f', 'g' with Go's rules).
 */
import { utf8Decode, utf8Encode } from './encoding';

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
export function isPrint(cp: number): boolean {
  if (cp < 0x20 || cp === 0x7f) return false;
  if (cp < 0x7f) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return PRINTABLE.test(String.fromCodePoint(cp));
}

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

export class SyntaxError_ extends Error {
  constructor() {
    super('invalid syntax');
  }
}

const HEX = /^[0-9a-fA-F]$/;

/**
 * One character of a quoted literal starting at index i: returns the bytes it stands for and the
 * index after it. \x and octal escapes are single bytes, as in Go, so "\xc3\xa9" spells é.
 */
function unquoteChar(s: string, i: number, quoteChar: string): { bytes: number[]; next: number; rune: number } {
  const c = s[i];
  if (c === undefined) throw new SyntaxError_();
  if (c === quoteChar && (quoteChar === "'" || quoteChar === '"')) throw new SyntaxError_();
  const cp = s.codePointAt(i) ?? 0;
  if (c !== '\\') {
    const width = cp > 0xffff ? 2 : 1;
    return { bytes: utf8Encode(String.fromCodePoint(cp)), next: i + width, rune: cp };
  }
  const e = s[i + 1];
  if (e === undefined) throw new SyntaxError_();
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 0x5c };
  const simpleValue = Object.prototype.hasOwnProperty.call(simple, e) ? simple[e] : undefined;
  if (simpleValue !== undefined) return { bytes: [simpleValue], next: i + 2, rune: simpleValue };
  if (e === 'x' || e === 'u' || e === 'U') {
    const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
    const digits = s.slice(i + 2, i + 2 + n);
    if (digits.length !== n || ![...digits].every((d) => HEX.test(d))) throw new SyntaxError_();
    const v = parseInt(digits, 16);
    if (e === 'x') return { bytes: [v], next: i + 2 + n, rune: v };
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new SyntaxError_();
    return { bytes: utf8Encode(String.fromCodePoint(v)), next: i + 2 + n, rune: v };
  }
  if (e >= '0' && e <= '7') {
    const digits = s.slice(i + 1, i + 4);
    if (digits.length !== 3 || ![...digits].every((d) => d >= '0' && d <= '7')) throw new SyntaxError_();
    const v = parseInt(digits, 8);
    if (v > 255) throw new SyntaxError_();
    return { bytes: [v], next: i + 4, rune: v };
  }
  if ((e === "'" || e === '"') && e === quoteChar)
    return { bytes: [e.charCodeAt(0)], next: i + 2, rune: e.charCodeAt(0) };
  throw new SyntaxError_();
}

/** strconv.Unquote for "…", `…` and '…' literals; throws SyntaxError_ ("invalid syntax"). */
export function unquote(literal: string): string {
  if (literal.length < 2) throw new SyntaxError_();
  const q = literal[0] ?? '';
  if (q !== literal[literal.length - 1]) throw new SyntaxError_();
  const body = literal.slice(1, -1);
  if (q === '`') {
    if (body.includes('`')) throw new SyntaxError_();
    return body.replace(/\r/g, '');
  }
  if (q !== '"' && q !== "'") throw new SyntaxError_();
  if (body.includes('\n')) throw new SyntaxError_();
  const bytes: number[] = [];
  let i = 0;
  let count = 0;
  while (i < body.length) {
    const r = unquoteChar(body, i, q);
    bytes.push(...r.bytes);
    i = r.next;
    count++;
    if (q === "'" && count > 1) throw new SyntaxError_();
  }
  if (q === "'" && count !== 1) throw new SyntaxError_();
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

/** strconv's underscoreOK: underscores may only separate digits (a base prefix counts as a digit). */
function underscoreOK(text: string): boolean {
  let s = text;
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1);
  let hexDigits = false;
  const p = (s[1] ?? '').toLowerCase();
  if (s.length >= 2 && s[0] === '0' && (p === 'b' || p === 'o' || p === 'x')) {
    i = 2;
    saw = '0';
    hexDigits = p === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i] ?? '';
    const lc = c.toLowerCase();
    if ((c >= '0' && c <= '9') || (hexDigits && lc >= 'a' && lc <= 'f')) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/**
 * strconv.ParseInt(text, 0, 64) / ParseUint: base prefixes 0x, 0o, 0b and a leading 0 for octal,
 * underscores between digits. Returns null on bad syntax; the caller checks the range.
 */
export function parseGoInteger(text: string): bigint | null {
  let s = text;
  let negative = false;
  if (s[0] === '+' || s[0] === '-') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '') return null;
  let base = 10;
  let digits = s;
  const p = (s[1] ?? '').toLowerCase();
  if (s[0] === '0' && s.length > 1) {
    if (p === 'x') base = 16;
    else if (p === 'o') base = 8;
    else if (p === 'b') base = 2;
    else base = 8;
    digits = p === 'x' || p === 'o' || p === 'b' ? s.slice(2) : s.slice(1);
  }
  if (digits.includes('_')) {
    if (!underscoreOK(text)) return null;
    digits = digits.replace(/_/g, '');
  }
  if (digits === '') return base === 8 && s === '0' ? 0n : null;
  let value = 0n;
  const b = BigInt(base);
  for (const d of digits) {
    const v = parseInt(d, 36);
    if (Number.isNaN(v) || v >= base) return null;
    value = value * b + BigInt(v);
  }
  return negative ? -value : value;
}

/** strconv.ParseFloat(text, 64) for decimal and hexadecimal floats; null on bad syntax or overflow. */
export function parseGoFloat(text: string): number | null {
  if (text.includes('_') && !underscoreOK(text)) return null;
  const s = text.replace(/_/g, '');
  const lower = s.toLowerCase();
  const sign = lower.startsWith('-') ? -1 : 1;
  const unsigned = lower.replace(/^[+-]/, '');
  if (unsigned === 'inf' || unsigned === 'infinity') return sign * Infinity;
  if (unsigned === 'nan') return NaN;
  const dec = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
  if (dec.test(s)) {
    const v = Number(s);
    return Number.isFinite(v) ? v : null;
  }
  const hexFloat = /^[+-]?0x([0-9a-f]*)(?:\.([0-9a-f]*))?p([+-]?\d+)$/i.exec(s);
  if (hexFloat) {
    const intPart = hexFloat[1] ?? '';
    const fracPart = hexFloat[2] ?? '';
    if (intPart === '' && fracPart === '') return null;
    let mantissa = 0;
    for (const d of intPart + fracPart) mantissa = mantissa * 16 + parseInt(d, 16);
    const v = sign * mantissa * Math.pow(2, Number(hexFloat[3]) - 4 * fracPart.length);
    return Number.isFinite(v) ? v : null;
  }
  return null;
}

/** Decimal digits of |v| (no leading or trailing zeros) and the decimal point position, like strconv's decimal. */
interface Digits {
  digits: string;
  dp: number;
}

function fromExponential(text: string): Digits {
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return { digits: '', dp: 0 };
  let digits = (m[1] ?? '') + (m[2] ?? '');
  const dp = Number(m[3]) + 1;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { digits: '', dp: 0 };
  return { digits, dp };
}

function shortestDigits(abs: number): Digits {
  if (abs === 0) return { digits: '', dp: 0 };
  return fromExponential(abs.toExponential());
}

/** The exact decimal expansion of a finite double (every double is a finite decimal). */
function exactDigits(abs: number): Digits {
  if (abs === 0) return { digits: '', dp: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, abs);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) exp = -1074;
  else {
    mantissa |= 1n << 52n;
    exp = biased - 1075;
  }
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mantissa << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    // m / 2^k = m * 5^k / 10^k
    const k = -exp;
    digits = (mantissa * 5n ** BigInt(k)).toString();
    dp = digits.length - k;
  }
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead).replace(/0+$/, '');
  return { digits, dp: dp - lead };
}

/** Rounds to nd digits as strconv's decimal.Round does: half to even on an exact tie. */
function roundDigits(d: Digits, nd: number): Digits {
  if (nd < 0) return { digits: '', dp: d.dp };
  if (nd >= d.digits.length) return d;
  const next = d.digits[nd] ?? '0';
  let up: boolean;
  if (next === '5' && nd + 1 === d.digits.length) up = nd > 0 && Number(d.digits[nd - 1]) % 2 === 1;
  else up = next >= '5';
  let kept = d.digits.slice(0, nd);
  let dp = d.dp;
  if (up) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === '9') i--;
    if (i < 0) {
      kept = '1';
      dp++;
    } else kept = kept.slice(0, i) + String(Number(kept[i]) + 1);
  }
  return { digits: kept.replace(/0+$/, ''), dp };
}

function roundedDigits(abs: number, significant: number): Digits {
  return roundDigits(exactDigits(abs), Math.max(significant, 0));
}

function fmtE(negative: boolean, d: Digits, prec: number, expChar: string): string {
  let out = negative ? '-' : '';
  out += d.digits[0] ?? '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) out += d.digits[i] ?? '0';
  }
  const exp = d.digits === '' ? 0 : d.dp - 1;
  const absExp = Math.abs(exp);
  out += expChar + (exp < 0 ? '-' : '+') + (absExp < 10 ? '0' : '') + String(absExp);
  return out;
}

function fmtF(negative: boolean, d: Digits, prec: number): string {
  let out = negative ? '-' : '';
  if (d.dp > 0) {
    for (let i = 0; i < d.dp; i++) out += d.digits[i] ?? '0';
  } else out += '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) {
      const j = d.dp + i - 1;
      out += j >= 0 && j < d.digits.length ? (d.digits[j] ?? '0') : '0';
    }
  }
  return out;
}

/**
 * strconv.FormatFloat(v, fmt, prec, 64) for fmt in e, E, f, F, g, G; prec -1 means the shortest
 * representation that reads back to the same value.
 */
export function formatFloat(v: number, fmt: 'e' | 'E' | 'f' | 'F' | 'g' | 'G', prec: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const negative = v < 0 || Object.is(v, -0);
  const abs = Math.abs(v);
  const shortest = prec < 0;
  switch (fmt) {
    case 'e':
    case 'E': {
      const d = shortest ? shortestDigits(abs) : roundedDigits(abs, prec + 1);
      return fmtE(negative, d, shortest ? Math.max(d.digits.length - 1, 0) : prec, fmt);
    }
    case 'f':
    case 'F': {
      if (shortest) {
        const d = shortestDigits(abs);
        return fmtF(negative, d, Math.max(d.digits.length - d.dp, 0));
      }
      const exact = exactDigits(abs);
      return fmtF(negative, roundDigits(exact, exact.dp + prec), prec);
    }
    case 'g':
    case 'G': {
      let p = prec;
      let d: Digits;
      if (shortest) {
        d = shortestDigits(abs);
        p = d.digits.length;
      } else {
        if (p === 0) p = 1;
        d = roundedDigits(abs, p);
      }
      let eprec = p;
      if (eprec > d.digits.length && d.digits.length >= d.dp) eprec = d.digits.length;
      if (shortest) eprec = 6;
      const exp = d.dp - 1;
      if (d.digits !== '' && (exp < -4 || exp >= eprec)) {
        const ep = Math.min(p, d.digits.length);
        return fmtE(negative, d, ep - 1, fmt === 'g' ? 'e' : 'E');
      }
      if (d.digits === '') return fmtF(negative, d, 0);
      const fp = p > d.dp ? d.digits.length : p;
      return fmtF(negative, d, Math.max(fp - d.dp, 0));
    }
  }
}
