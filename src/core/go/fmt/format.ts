/**
 * Go's fmt/format.go: one value written with the flags, width and precision of its verb (padding,
 * signs, zero fill, bases, quoting, float forms). Which verb a value takes is print.ts's business.
 */
import * as strconv from '../strconv';
import { isPrint } from '../unicode/unicode';
import { utf8Encode } from '../unicode/utf8';

export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  plusV: boolean;
  sharpV: boolean;
  wid: number;
  widPresent: boolean;
  prec: number;
  precPresent: boolean;
}

export function clearFlags(): Flags {
  return {
    plus: false,
    minus: false,
    sharp: false,
    space: false,
    zero: false,
    plusV: false,
    sharpV: false,
    wid: 0,
    widPresent: false,
    prec: 0,
    precPresent: false,
  };
}

function runeCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A code point for %c and %q: out of range or a surrogate is U+FFFD. */
export function validRune(v: bigint): number {
  if (v < 0n || v > 0x10ffffn) return 0xfffd;
  const n = Number(v);
  return n >= 0xd800 && n <= 0xdfff ? 0xfffd : n;
}

export function runeText(v: bigint): string {
  return String.fromCodePoint(validRune(v));
}

export type FloatFormat = 'e' | 'E' | 'f' | 'F' | 'g' | 'G';

/** The output buffer and the current verb's flags (Go's fmt struct). */
export class Format {
  buf = '';
  f: Flags = clearFlags();

  protected writePadding(n: number, zero: boolean): void {
    if (n > 0) this.buf += (zero ? '0' : ' ').repeat(n);
  }

  /** Pads s to the width; zero padding only when allowZero (numbers). */
  pad(s: string, allowZero = false): void {
    if (!this.f.widPresent || this.f.wid === 0) {
      this.buf += s;
      return;
    }
    const width = this.f.wid - runeCount(s);
    if (!this.f.minus) {
      this.writePadding(width, allowZero && this.f.zero);
      this.buf += s;
    } else {
      this.buf += s;
      this.writePadding(width, false);
    }
  }

  protected truncate(s: string): string {
    if (!this.f.precPresent) return s;
    const runes = [...s];
    return runes.length > this.f.prec ? runes.slice(0, this.f.prec).join('') : s;
  }

  /** %s: the text, cut to the precision in runes. */
  fmtS(s: string): void {
    this.pad(this.truncate(s));
  }

  /** %q: a Go string literal (backquoted with #, ASCII-only with +). */
  fmtQ(s: string): void {
    const t = this.truncate(s);
    if (this.f.sharp && strconv.canBackquote(t)) this.pad('`' + t + '`');
    else this.pad(strconv.quote(t, this.f.plus));
  }

  /** %x and %X of a string: its UTF-8 bytes in hex. */
  fmtSx(s: string, upper: boolean): void {
    let bytes = utf8Encode(s);
    if (this.f.precPresent && this.f.prec < bytes.length) bytes = bytes.slice(0, this.f.prec);
    const digits = upper ? '0123456789ABCDEF' : '0123456789abcdef';
    let out = '';
    bytes.forEach((b, i) => {
      if (this.f.space && i > 0) out += ' ';
      if (this.f.sharp && (this.f.space || i === 0)) out += upper ? '0X' : '0x';
      out += (digits[b >> 4] ?? '') + (digits[b & 15] ?? '');
    });
    this.pad(out);
  }

  /** %d %b %o %O %x %X: an integer in a base, with precision, zero fill, sign and # prefixes. */
  fmtInteger(v: bigint, base: number, verb: string, upper: boolean): void {
    const negative = v < 0n;
    const u = negative ? -v : v;
    let prec = 0;
    if (this.f.precPresent) {
      prec = this.f.prec;
      if (prec === 0 && u === 0n) {
        this.writePadding(this.f.widPresent ? this.f.wid : 0, false);
        return;
      }
    } else if (this.f.zero && !this.f.minus && this.f.widPresent) {
      prec = this.f.wid;
      if (negative || this.f.plus || this.f.space) prec--;
    }
    let digits = u.toString(base);
    if (upper) digits = digits.toUpperCase();
    if (digits.length < prec) digits = '0'.repeat(prec - digits.length) + digits;
    if (this.f.sharp) {
      if (base === 2) digits = '0b' + digits;
      else if (base === 8 && !digits.startsWith('0')) digits = '0' + digits;
      else if (base === 16) digits = (upper ? '0X' : '0x') + digits;
    }
    if (verb === 'O') digits = '0o' + digits;
    if (negative) digits = '-' + digits;
    else if (this.f.plus) digits = '+' + digits;
    else if (this.f.space) digits = ' ' + digits;
    this.pad(digits, false);
  }

  /** %U: U+0041, with # also the character when it is printable. */
  fmtUnicode(v: bigint): void {
    const r = v < 0n ? v + (1n << 64n) : v;
    let s = 'U+' + r.toString(16).toUpperCase().padStart(4, '0');
    if (this.f.sharp && v >= 0n && v <= 0x10ffffn && isPrint(Number(v))) s += ` '${runeText(v)}'`;
    this.pad(s);
  }

  /** %e %f %g and their capitals: strconv's digits, then Go's signs and padding. */
  fmtFloat(v: number, fmt: FloatFormat, prec: number): void {
    let num = strconv.formatFloat(v, fmt, prec);
    if (num[0] !== '-' && num[0] !== '+') num = '+' + num;
    if (this.f.space && num[0] === '+' && !this.f.plus) num = ' ' + num.slice(1);
    if (num[1] === 'I' || num[1] === 'N') {
      if (num[1] === 'N' && !this.f.space && !this.f.plus) num = num.slice(1);
      this.pad(num, false);
      return;
    }
    if (this.f.plus || num[0] !== '+') {
      if (this.f.zero && !this.f.minus && this.f.widPresent && this.f.wid > num.length) {
        this.buf += num[0];
        this.writePadding(this.f.wid - num.length, true);
        this.buf += num.slice(1);
        return;
      }
      this.pad(num, false);
      return;
    }
    this.pad(num.slice(1), true);
  }
}
