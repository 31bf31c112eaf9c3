/**
 * Go's fmt/print.go for the value model of ../value.ts: which verb each kind of value takes
 * (printArg), how lists and maps print (map[a:1 b:2], [a b], <nil>), the bad-verb notation, and
 * Sprint and Sprintln. Printing a value in a template ({{ .x }}) is Sprint.
 */
import * as strconv from '../strconv';
import { sortedKeys } from '../sort';
import { isInt, isMap, typeName, type GoMap } from '../value';
import { Format, runeText, validRune, type FloatFormat } from './format';

export const NIL_ANGLE = '<nil>';

/** Go's pp: the printer of one Sprint/Sprintf call. */
export class Printer extends Format {
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
        if (isInt(arg)) this.printInteger(BigInt(arg), verb, arg);
        else this.printFloat(arg, verb);
        return;
      case 'bigint':
        this.printInteger(arg, verb, arg);
        return;
      case 'string':
        this.printString(arg, verb);
        return;
      case 'function':
        if (verb === 'v' || verb === 'p') this.pad('0x0');
        else this.badVerb(verb, arg);
        return;
    }
    if (Array.isArray(arg)) this.printEntries('[]interface {}', arg, verb, depth);
    else if (isMap(arg)) this.printEntries('map[string]interface {}', arg, verb, depth);
    else this.pad(String(arg));
  }

  /** A list as [a b] (or %#v's []interface {}{a, b}); a map as map[k:v …] in key order. */
  private printEntries(goType: string, value: readonly unknown[] | GoMap, verb: string, depth: number): void {
    const isList = Array.isArray(value);
    const keys = isList ? null : sortedKeys(value);
    const count = keys ? keys.length : (value as readonly unknown[]).length;
    this.buf += this.f.sharpV ? goType + '{' : isList ? '[' : 'map[';
    for (let i = 0; i < count; i++) {
      if (i > 0) this.buf += this.f.sharpV ? ', ' : ' ';
      if (keys) {
        const k = keys[i]!;
        this.printArg(k, verb, depth + 1);
        this.buf += ':';
        this.printArg((value as GoMap)[k] ?? null, verb, depth + 1);
      } else this.printArg((value as readonly unknown[])[i], verb, depth + 1);
    }
    this.buf += this.f.sharpV ? '}' : ']';
  }

  /** A value with its type, as bad verbs and extra arguments show it: string=x, or <nil>. */
  printTyped(arg: unknown): void {
    if (arg === null || arg === undefined) this.buf += NIL_ANGLE;
    else {
      this.buf += typeName(arg) + '=';
      this.printArg(arg, 'v');
    }
  }

  badVerb(verb: string, arg: unknown): void {
    this.buf += '%!' + verb + '(';
    this.printTyped(arg);
    this.buf += ')';
  }

  private printString(s: string, verb: string): void {
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

  private printInteger(v: bigint, verb: string, original: unknown): void {
    switch (verb) {
      case 'v':
      case 'd':
        this.fmtInteger(v, 10, verb, false);
        return;
      case 'b':
        this.fmtInteger(v, 2, verb, false);
        return;
      case 'o':
      case 'O':
        this.fmtInteger(v, 8, verb, false);
        return;
      case 'x':
        this.fmtInteger(v, 16, verb, false);
        return;
      case 'X':
        this.fmtInteger(v, 16, verb, true);
        return;
      case 'c':
        this.pad(runeText(v));
        return;
      case 'q':
        this.pad(strconv.quoteRune(validRune(v)));
        return;
      case 'U':
        this.fmtUnicode(v);
        return;
      default:
        this.badVerb(verb, original);
    }
  }

  private printFloat(v: number, verb: string): void {
    switch (verb) {
      case 'v':
        this.fmtFloat(v, 'g', -1);
        return;
      case 'g':
      case 'G':
      case 'b':
      case 'x':
      case 'X':
        // %b/%x/%X (binary and hex floats) are rare in templates; they print like %g here.
        this.fmtFloat(v, verb === 'G' || verb === 'X' ? 'G' : 'g', this.f.precPresent ? this.f.prec : -1);
        return;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
        this.fmtFloat(v, verb as FloatFormat, this.f.precPresent ? this.f.prec : 6);
        return;
      default:
        this.badVerb(verb, v);
    }
  }
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
