/**
 * sprig's list functions, with its errors for what is not a list ("Cannot find first on type map")
 * and Go's panics where sprig panics (a nil list, a chunk size of 0).
 */
import { deepEqual, isEmptyValue, isList, kindName } from '../../go/value';
import { spec, type TemplateFunction } from '../exec/functions';
import { toInt64 } from './conversions';
import { withMust } from './must';

/** reflect.TypeOf(x).Kind() as sprig's list functions use it (nil panics in Go). */
function listKind(v: unknown): string {
  if (v === null || v === undefined)
    throw new Error('runtime error: invalid memory address or nil pointer dereference');
  return kindName(v);
}

function requireList(v: unknown, what: string): unknown[] {
  const kind = listKind(v);
  if (!isList(v)) throw new Error(`Cannot ${what} on type ${kind}`);
  return v;
}

function sliceList(list: unknown, ...indices: unknown[]): unknown {
  const kind = listKind(list);
  if (!isList(list)) throw new Error(`list should be type of slice or array but ${kind}`);
  const l = list;
  if (l.length === 0) return null;
  const start = indices.length > 0 ? toInt64(indices[0]) : 0;
  const end = indices.length < 2 ? l.length : toInt64(indices[1]);
  if (start < 0 || end > l.length || start > end) throw new Error('reflect: slice index out of range');
  return l.slice(start, end);
}

const first = (l: unknown) => {
  const v = requireList(l, 'find first');
  return v.length === 0 ? null : (v[0] ?? null);
};
const last = (l: unknown) => {
  const v = requireList(l, 'find last');
  return v.length === 0 ? null : (v[v.length - 1] ?? null);
};
const rest = (l: unknown) => {
  const v = requireList(l, 'find rest');
  return v.length === 0 ? null : v.slice(1);
};
const initial = (l: unknown) => {
  const v = requireList(l, 'find initial');
  return v.length === 0 ? null : v.slice(0, -1);
};
const uniq = (l: unknown) => {
  const out: unknown[] = [];
  for (const x of requireList(l, 'find uniq')) if (!out.some((y) => deepEqual(x, y))) out.push(x);
  return out;
};
const chunk = (size: number, l: unknown) => {
  const v = requireList(l, 'chunk');
  if (size <= 0) throw new Error('runtime error: integer divide by zero');
  const out: unknown[][] = [];
  for (let i = 0; i < v.length; i += size) out.push(v.slice(i, i + size));
  return out;
};
const push = spec(['any', 'any'], (l: unknown, v: unknown) => [...requireList(l, 'push'), v]);

export const listFunctions: Record<string, TemplateFunction> = {
  tuple: spec([], (...v: unknown[]) => v, 'any'),
  list: spec([], (...v: unknown[]) => v, 'any'),
  concat: spec(
    [],
    (...lists: unknown[]) =>
      lists.flatMap((l) => {
        const kind = listKind(l);
        if (!isList(l)) throw new Error(`Cannot concat type ${kind} as list`);
        return l;
      }),
    'any',
  ),
  ...withMust({
    append: push,
    push,
    prepend: spec(['any', 'any'], (l: unknown, v: unknown) => [v, ...requireList(l, 'prepend')]),
    first: spec(['any'], first),
    rest: spec(['any'], rest),
    last: spec(['any'], last),
    initial: spec(['any'], initial),
    reverse: spec(['any'], (l: unknown) => [...requireList(l, 'find reverse')].reverse()),
    uniq: spec(['any'], uniq),
    without: spec(
      ['any'],
      (l: unknown, ...omit: unknown[]) =>
        requireList(l, 'find without').filter((x) => !omit.some((o) => deepEqual(x, o))),
      'any',
    ),
    has: spec(['any', 'any'], (needle: unknown, haystack: unknown) =>
      requireList(haystack, 'find has').some((x) => deepEqual(needle, x)),
    ),
    slice: spec(['any'], sliceList, 'any'),
    chunk: spec(['int', 'any'], chunk),
    compact: spec(['any'], (l: unknown) => requireList(l, 'compact').filter((x) => !isEmptyValue(x))),
  }),
};
