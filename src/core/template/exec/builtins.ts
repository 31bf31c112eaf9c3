/**
 * text/template's builtin functions (funcs.go): and, or, not, len, index, slice, print, printf,
 * println, html, js, urlquery, call, eq, ne, lt, le, gt, ge.
 */
import { formatValue, sprint, sprintf, sprintln } from '../../go/fmt';
import { compareStrings } from '../../go/sort';
import { isPrint } from '../../go/unicode/unicode';
import { utf8Encode, utf8Length } from '../../go/unicode/utf8';
import { hasKey, isInt, isList, isMap, typeName } from '../../go/value';
import { spec, type FunctionSpec } from './functions';
import { isTrue } from './truth';

// --- comparison (funcs.go) ---

type BasicKind = 'bool' | 'int' | 'float' | 'string' | 'invalid';

function basicKind(v: unknown): BasicKind {
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
      return isInt(v) ? 'int' : 'float';
    case 'bigint':
      return 'int';
    case 'string':
      return 'string';
  }
  return 'invalid';
}

/** indirectInterface: a nil interface is no value. */
function concrete(v: unknown): unknown {
  return v === null ? undefined : v;
}

function kindOfValue(v: unknown): string {
  if (v === undefined) return 'invalid';
  if (typeof v === 'function') return 'func';
  return Array.isArray(v) ? 'slice' : isMap(v) ? 'map' : typeof v;
}

export function eq(arg1: unknown, ...arg2: unknown[]): boolean {
  const a = concrete(arg1);
  if (arg2.length === 0) throw new Error('missing argument for comparison');
  const k1 = basicKind(a);
  for (const raw of arg2) {
    const b = concrete(raw);
    const k2 = basicKind(b);
    let truth = false;
    if (k1 !== k2) {
      if (a !== undefined && b !== undefined) {
        throw new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
      }
    } else if (k1 !== 'invalid') {
      truth = a === b;
    } else {
      const ka = kindOfValue(a);
      const kb = kindOfValue(b);
      if (ka !== kb && a !== undefined && b !== undefined) {
        throw new Error(`non-comparable types ${formatValue(a)}: ${typeName(a)}, ${typeName(b)}: ${formatValue(b)}`);
      }
      if (a === undefined || b === undefined) truth = a === b;
      else throw new Error(`non-comparable type ${formatValue(b)}: ${typeName(b)}`);
    }
    if (truth) return true;
  }
  return false;
}

export function lt(arg1: unknown, arg2: unknown): boolean {
  const a = concrete(arg1);
  const b = concrete(arg2);
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 === 'invalid' || k2 === 'invalid') throw new Error('invalid type for comparison');
  if (k1 !== k2) throw new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
  if (k1 === 'bool') throw new Error('invalid type for comparison');
  if (k1 === 'string') return compareStrings(a as string, b as string) < 0;
  return (a as number) < (b as number);
}

function le(a: unknown, b: unknown): boolean {
  return lt(a, b) || eq(a, b);
}

// --- indexing, slicing, length ---

function indexArg(index: unknown, cap: number): number {
  const x = concrete(index);
  if (x === undefined) throw new Error('cannot index slice/array with nil');
  if (!isInt(x)) throw new Error(`cannot index slice/array with type ${typeName(x)}`);
  if (x < 0 || x > cap) throw new Error(`index out of range: ${x}`);
  return x;
}

export function index(item: unknown, ...indexes: unknown[]): unknown {
  let cur: unknown = concrete(item);
  if (cur === undefined) throw new Error('index of untyped nil');
  for (const raw of indexes) {
    if (cur === null || cur === undefined) throw new Error('index of nil pointer');
    if (isList(cur)) {
      const x = indexArg(raw, cur.length);
      if (x === cur.length) throw new Error('reflect: slice index out of range');
      cur = cur[x] ?? null;
    } else if (typeof cur === 'string') {
      const bytes = utf8Encode(cur);
      const x = indexArg(raw, bytes.length);
      if (x === bytes.length) throw new Error('reflect: string index out of range');
      cur = bytes[x];
    } else if (isMap(cur)) {
      const key = concrete(raw);
      if (key === undefined) throw new Error('value is nil; should be of type string');
      if (typeof key !== 'string') throw new Error(`value has type ${typeName(key)}; should be string`);
      // A missing key gives the zero value of interface{}: nil.
      cur = hasKey(cur, key) ? (cur[key] ?? null) : null;
    } else {
      throw new Error(`can't index item of type ${typeName(cur)}`);
    }
  }
  return cur;
}

export function slice(item: unknown, ...indexes: unknown[]): unknown {
  const v = concrete(item);
  if (v === undefined) throw new Error('slice of untyped nil');
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  let len: number;
  if (typeof v === 'string') {
    if (indexes.length === 3) throw new Error('cannot 3-index slice a string');
    len = v.length;
  } else if (isList(v)) len = v.length;
  else throw new Error(`can't slice item of type ${typeName(v)}`);
  const idx = [0, len, len];
  indexes.forEach((x, i) => {
    idx[i] = indexArg(x, len);
  });
  const [i0, i1, i2] = idx as [number, number, number];
  if (i0 > i1) throw new Error(`invalid slice index: ${i0} > ${i1}`);
  if (indexes.length === 3 && i1 > i2) throw new Error(`invalid slice index: ${i1} > ${i2}`);
  return v.slice(i0, i1);
}

function length(item: unknown): number {
  if (item === null) throw new Error('len of nil pointer');
  if (item === undefined) throw new Error('reflect: call of reflect.Value.Type on zero Value');
  if (typeof item === 'string') return utf8Length(item);
  if (isList(item)) return item.length;
  if (isMap(item)) return Object.keys(item).length;
  throw new Error(`len of type ${typeName(item)}`);
}

// --- escapers ---

/** evalArgs: Sprint, but a missing value prints as <no value>. */
function evalArgs(args: readonly unknown[]): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  return sprint(args.map((a) => (a === null || a === undefined ? '<no value>' : a)));
}

export function htmlEscape(s: string): string {
  return s.replace(/[\0"'&<>]/g, (c) => {
    switch (c) {
      case '\0':
        return '\ufffd';
      case '"':
        return '&#34;';
      case "'":
        return '&#39;';
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      default:
        return '&gt;';
    }
  });
}

export function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    switch (ch) {
      case '\\':
        out += '\\\\';
        continue;
      case "'":
        out += "\\'";
        continue;
      case '"':
        out += '\\"';
        continue;
      case '<':
        out += '\\u003C';
        continue;
      case '>':
        out += '\\u003E';
        continue;
      case '&':
        out += '\\u0026';
        continue;
      case '=':
        out += '\\u003D';
        continue;
    }
    if (cp < 0x20) out += '\\u00' + cp.toString(16).toUpperCase().padStart(2, '0');
    else if (cp < 0x80 || isPrint(cp)) out += ch;
    else out += '\\u' + cp.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

/** url.QueryEscape. */
export function queryEscape(s: string): string {
  let out = '';
  for (const b of utf8Encode(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

function call(fn: unknown, ...args: unknown[]): unknown {
  const f = concrete(fn);
  if (f === undefined) throw new Error('call of nil');
  if (typeof f !== 'function') throw new Error(`non-function of type ${typeName(f)}`);
  return (f as (...a: unknown[]) => unknown)(...args.map((a) => (a === undefined ? null : a)));
}

/** and/or are evaluated lazily by the executor; these entries carry their signature. */
export const AND: FunctionSpec = spec(['value'], () => undefined, 'value');
export const OR: FunctionSpec = spec(['value'], () => undefined, 'value');

export const BUILTINS: Readonly<Record<string, FunctionSpec>> = {
  and: AND,
  or: OR,
  call: spec(['value'], call, 'value'),
  html: spec([], (...args: unknown[]) => htmlEscape(evalArgs(args)), 'any'),
  js: spec([], (...args: unknown[]) => jsEscape(evalArgs(args)), 'any'),
  urlquery: spec([], (...args: unknown[]) => queryEscape(evalArgs(args)), 'any'),
  index: spec(['value'], index, 'value'),
  slice: spec(['value'], slice, 'value'),
  len: spec(['value'], length),
  not: spec(['value'], (v: unknown) => !isTrue(v)),
  print: spec([], (...args: unknown[]) => sprint(args), 'any'),
  printf: spec(['string'], (format: string, ...args: unknown[]) => sprintf(format, args), 'any'),
  println: spec([], (...args: unknown[]) => sprintln(args), 'any'),
  eq: spec(['value'], eq, 'value'),
  ne: spec(['value', 'value'], (a: unknown, b: unknown) => !eq(a, b)),
  lt: spec(['value', 'value'], lt),
  le: spec(['value', 'value'], le),
  gt: spec(['value', 'value'], (a: unknown, b: unknown) => !le(a, b)),
  ge: spec(['value', 'value'], (a: unknown, b: unknown) => !lt(a, b)),
};
