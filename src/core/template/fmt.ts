/**
 * Go's fmt package for the template data model: Sprint, Sprintln and Sprintf with Go's verbs,
 * flags, widths and error notations (%!d(string=x), %!s(MISSING), %!(EXTRA …)). Printing a value
 * in a template ({{ .x }}) is Sprint, so map[a:1 b:2], [a b] and <nil> come from here too.
 */
import { utf8Encode } from './encoding';
import { canBackquote, formatFloat, quote, quoteRune } from './strconv';
import { isInt, isMap, sortedKeys, typeName, type GoMap } from './values';

interface Flags {
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

function clearFlags(): Flags {
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

const NIL_ANGLE = '<nil>';

class Printer {
  buf = '';
  f: Flags = clearFlags();

  // --- padding (fmt/format.go) ---

  private writePadding(n: number, zero: boolean): void {
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

  private truncate(s: string): string {
    if (!this.f.precPresent) return s;
    const runes = [...s];
    return runes.length > this.f.prec ? runes.slice(0, this.f.prec).join('') : s;
  }

  // --- argument printing (fmt/print.go printArg/printValue) ---

  printArg(arg: unknown, verb: string, depth = 0): void {
    if (arg === null || arg === undefined) {
      if (depth > 0) {
        this.pad(this.f.sharpV ? 'interface {}(nil)' : NIL_ANGLE);
        return;
      }
      if (verb === 'T' || verb === 'v') this.pad(NIL_ANGLE);
      else this.badVerb(verb, arg);
      return;
    }
    if (verb === 'T') {
      this.fmtS(typeName(arg));
      return;
    }
    switch (typeof arg) {
      case 'boolean':
        if (verb === 't' || verb === 'v') this.pad(arg ? 'true' : 'false');
        else this.badVerb(verb, arg);
        return;
      case 'number':
        if (isInt(arg)) this.fmtInteger(BigInt(arg), verb, arg);
        else this.fmtFloat(arg, verb);
        return;
      case 'bigint':
        this.fmtInteger(arg, verb, arg);
        return;
      case 'string':
        this.fmtString(arg, verb);
        return;
      case 'function':
        if (verb === 'v' || verb === 'p') this.pad('0x0');
        else this.badVerb(verb, arg);
        return;
    }
    if (Array.isArray(arg)) this.printList(arg, verb, depth);
    else if (isMap(arg)) this.printMap(arg, verb, depth);
    else this.pad(String(arg));
  }

  private printList(list: readonly unknown[], verb: string, depth: number): void {
    if (this.f.sharpV) {
      this.buf += '[]interface {}{';
      list.forEach((v, i) => {
        if (i > 0) this.buf += ', ';
        this.printArg(v, verb, depth + 1);
      });
      this.buf += '}';
      return;
    }
    this.buf += '[';
    list.forEach((v, i) => {
      if (i > 0) this.buf += ' ';
      this.printArg(v, verb, depth + 1);
    });
    this.buf += ']';
  }

  private printMap(m: GoMap, verb: string, depth: number): void {
    const keys = sortedKeys(m);
    if (this.f.sharpV) {
      this.buf += 'map[string]interface {}{';
      keys.forEach((k, i) => {
        if (i > 0) this.buf += ', ';
        this.printArg(k, verb, depth + 1);
        this.buf += ':';
        this.printArg(m[k] ?? null, verb, depth + 1);
      });
      this.buf += '}';
      return;
    }
    this.buf += 'map[';
    keys.forEach((k, i) => {
      if (i > 0) this.buf += ' ';
      this.printArg(k, verb, depth + 1);
      this.buf += ':';
      this.printArg(m[k] ?? null, verb, depth + 1);
    });
    this.buf += ']';
  }

  badVerb(verb: string, arg: unknown): void {
    this.buf += '%!' + verb + '(';
    if (arg === null || arg === undefined) this.buf += NIL_ANGLE;
    else {
      this.buf += typeName(arg) + '=';
      this.printArg(arg, 'v');
    }
    this.buf += ')';
  }

  // --- strings ---

  private fmtS(s: string): void {
    this.pad(this.truncate(s));
  }

  private fmtString(s: string, verb: string): void {
    switch (verb) {
      case 'v':
        if (this.f.sharpV) this.fmtQ(s);
        else this.fmtS(s);
        return;
      case 's':
        this.fmtS(s);
        return;
      case 'x':
      case 'X':
        this.fmtSx(s, verb === 'X');
        return;
      case 'q':
        this.fmtQ(s);
        return;
      default:
        this.badVerb(verb, s);
    }
  }

  private fmtQ(s: string): void {
    const t = this.truncate(s);
    if (this.f.sharp && canBackquote(t)) this.pad('`' + t + '`');
    else this.pad(quote(t, this.f.plus));
  }

  private fmtSx(s: string, upper: boolean): void {
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

  // --- integers ---

  private fmtInteger(v: bigint, verb: string, original: unknown): void {
    switch (verb) {
      case 'v':
      case 'd':
        this.fmtIntegerBase(v, 10, verb, false);
        return;
      case 'b':
        this.fmtIntegerBase(v, 2, verb, false);
        return;
      case 'o':
      case 'O':
        this.fmtIntegerBase(v, 8, verb, false);
        return;
      case 'x':
        this.fmtIntegerBase(v, 16, verb, false);
        return;
      case 'X':
        this.fmtIntegerBase(v, 16, verb, true);
        return;
      case 'c':
        this.pad(runeText(v));
        return;
      case 'q':
        this.pad(quoteRune(validRune(v)));
        return;
      case 'U': {
        const r = v < 0n ? v + (1n << 64n) : v;
        let s = 'U+' + r.toString(16).toUpperCase().padStart(4, '0');
        if (this.f.sharp && v >= 0n && v <= 0x10ffffn) s += ` '${runeText(v)}'`;
        this.pad(s);
        return;
      }
      default:
        this.badVerb(verb, original);
    }
  }

  private fmtIntegerBase(v: bigint, base: number, verb: string, upper: boolean): void {
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

  // --- floats ---

  private fmtFloat(v: number, verb: string): void {
    switch (verb) {
      case 'v':
        this.fmtFloatWith(v, 'g', -1);
        return;
      case 'g':
      case 'G':
      case 'b':
      case 'x':
      case 'X':
        // %b/%x/%X (binary and hex floats) are rare in templates; they print like %g here.
        this.fmtFloatWith(v, verb === 'G' || verb === 'X' ? 'G' : 'g', this.f.precPresent ? this.f.prec : -1);
        return;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
        this.fmtFloatWith(v, verb as 'f' | 'F' | 'e' | 'E', this.f.precPresent ? this.f.prec : 6);
        return;
      default:
        this.badVerb(verb, v);
    }
  }

  private fmtFloatWith(v: number, fmt: 'e' | 'E' | 'f' | 'F' | 'g' | 'G', prec: number): void {
    let num = formatFloat(v, fmt, prec);
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

function validRune(v: bigint): number {
  if (v < 0n || v > 0x10ffffn) return 0xfffd;
  const n = Number(v);
  return n >= 0xd800 && n <= 0xdfff ? 0xfffd : n;
}

function runeText(v: bigint): string {
  return String.fromCodePoint(validRune(v));
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
export function sprint(args: readonly unknown[]): string {
  const p = new Printer();
  let prevString = false;
  args.forEach((arg, i) => {
    const isString = typeof arg === 'string';
    if (i > 0 && !isString && !prevString) p.buf += ' ';
    p.printArg(arg, 'v');
    prevString = isString;
  });
  return p.buf;
}

/** fmt.Sprintln: spaces between all operands and a newline at the end. */
export function sprintln(args: readonly unknown[]): string {
  const p = new Printer();
  args.forEach((arg, i) => {
    if (i > 0) p.buf += ' ';
    p.printArg(arg, 'v');
  });
  return p.buf + '\n';
}

/** The %v text of one value: what {{ . }} prints. */
export function formatValue(v: unknown): string {
  return sprint([v]);
}

function parseNumber(s: string, start: number): { num: number; present: boolean; end: number } {
  let i = start;
  let num = 0;
  while (i < s.length && (s[i] ?? '') >= '0' && (s[i] ?? '') <= '9') {
    num = num * 10 + Number(s[i]);
    if (num > 1e6) return { num: 0, present: false, end: s.length };
    i++;
  }
  return { num, present: i > start, end: i };
}

/** fmt.Sprintf. */
export function sprintf(format: string, args: readonly unknown[]): string {
  const p = new Printer();
  const end = format.length;
  let argNum = 0;
  let reordered = false;
  // Reset for every verb; false after a bad [n] index.
  let goodArgNum: boolean;
  let afterIndex = false;
  let i = 0;

  const argNumber = (): void => {
    // [n] selects the n-th argument (1-based).
    afterIndex = false;
    if (i >= end || format[i] !== '[') return;
    reordered = true;
    const close = format.indexOf(']', i + 1);
    if (close < 0) {
      goodArgNum = false;
      return;
    }
    const n = parseNumber(format, i + 1);
    if (!n.present || n.end !== close || n.num < 1 || n.num > args.length) {
      goodArgNum = false;
      i = close + 1;
      return;
    }
    argNum = n.num - 1;
    i = close + 1;
    afterIndex = true;
  };

  const intFromArg = (): { value: number; ok: boolean } => {
    let value = 0;
    let ok = false;
    if (argNum < args.length) {
      const a = args[argNum];
      if (isInt(a) && Math.abs(a) <= 1e6) {
        value = a;
        ok = true;
      }
      argNum++;
    }
    return { value, ok };
  };

  while (i < end) {
    goodArgNum = true;
    const lasti = i;
    while (i < end && format[i] !== '%') i++;
    if (i > lasti) p.buf += format.slice(lasti, i);
    if (i >= end) break;
    i++;
    p.f = clearFlags();
    flags: for (; i < end; i++) {
      switch (format[i]) {
        case '#':
          p.f.sharp = true;
          break;
        case '0':
          p.f.zero = !p.f.minus;
          break;
        case '+':
          p.f.plus = true;
          break;
        case '-':
          p.f.minus = true;
          p.f.zero = false;
          break;
        case ' ':
          p.f.space = true;
          break;
        default:
          break flags;
      }
    }
    argNumber();
    if (i < end && format[i] === '*') {
      i++;
      const w = intFromArg();
      p.f.wid = w.value;
      p.f.widPresent = w.ok;
      if (!w.ok) p.buf += '%!(BADWIDTH)';
      if (p.f.wid < 0) {
        p.f.wid = -p.f.wid;
        p.f.minus = true;
        p.f.zero = false;
      }
      afterIndex = false;
    } else {
      const w = parseNumber(format, i);
      p.f.wid = w.num;
      p.f.widPresent = w.present;
      i = w.end;
      if (afterIndex && p.f.widPresent) goodArgNum = false;
    }
    if (i + 1 <= end && format[i] === '.') {
      i++;
      if (afterIndex) goodArgNum = false;
      argNumber();
      if (i < end && format[i] === '*') {
        i++;
        const pr = intFromArg();
        p.f.prec = pr.value;
        p.f.precPresent = pr.ok;
        if (p.f.prec < 0) {
          p.f.prec = 0;
          p.f.precPresent = false;
        }
        if (!pr.ok) p.buf += '%!(BADPREC)';
        afterIndex = false;
      } else {
        const pr = parseNumber(format, i);
        p.f.prec = pr.num;
        p.f.precPresent = true;
        i = pr.end;
      }
    }
    if (!afterIndex) argNumber();
    if (i >= end) {
      p.buf += '%!(NOVERB)';
      break;
    }
    const cp = format.codePointAt(i) ?? 0;
    const verb = String.fromCodePoint(cp);
    i += verb.length;
    if (verb === '%') {
      p.buf += '%';
      continue;
    }
    if (!goodArgNum) {
      p.buf += `%!${verb}(BADINDEX)`;
      continue;
    }
    if (argNum >= args.length) {
      p.buf += `%!${verb}(MISSING)`;
      continue;
    }
    if (verb === 'v') {
      p.f.sharpV = p.f.sharp;
      p.f.sharp = false;
      p.f.plusV = p.f.plus;
      p.f.plus = false;
    }
    if (verb === 'w') p.badVerb(verb, args[argNum]);
    else p.printArg(args[argNum], verb);
    argNum++;
  }

  if (!reordered && argNum < args.length) {
    p.f = clearFlags();
    p.buf += '%!(EXTRA ';
    args.slice(argNum).forEach((arg, k) => {
      if (k > 0) p.buf += ', ';
      if (arg === null || arg === undefined) p.buf += NIL_ANGLE;
      else {
        p.buf += typeName(arg) + '=';
        p.printArg(arg, 'v');
      }
    });
    p.buf += ')';
  }
  return p.buf;
}
