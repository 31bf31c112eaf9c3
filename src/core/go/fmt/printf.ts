/**
 * fmt.Sprintf (print.go doPrintf): the format string's verbs, flags, widths, precisions, argument
 * indexes ([n], *) and Go's error notations (%!d(string=x), %!s(MISSING), %!(EXTRA …), BADINDEX).
 */
import { clearFlags } from './format';
import { Printer } from './print';
import { isInt } from '../value';

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
      p.printTyped(arg);
    });
    p.buf += ')';
  }
  return p.buf;
}
