/**
 * sprig's defaults: `default` and `coalesce` treat empty values (Go's isEmptyValue: nil, false, 0,
 * "", an empty list or map) as unset; plus ternary and deepCopy.
 */
import { isEmptyValue, isMap, mapSet, newMap } from '../../go/value';
import { spec, type TemplateFunction } from '../exec/functions';

/** A deep copy of maps and lists (sprig deepCopy). */
function deepCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (isMap(v)) {
    const out = newMap();
    for (const k of Object.keys(v)) mapSet(out, k, deepCopy(v[k]));
    return out;
  }
  return v;
}

export const defaultFunctions: Record<string, TemplateFunction> = {
  default: spec(
    ['any'],
    (d: unknown, ...given: unknown[]) => (given.length === 0 || isEmptyValue(given[0]) ? d : given[0]),
    'any',
  ),
  empty: spec(['any'], isEmptyValue),
  coalesce: spec([], (...xs: unknown[]) => xs.find((x) => !isEmptyValue(x)) ?? null, 'any'),
  all: spec([], (...xs: unknown[]) => xs.every((x) => !isEmptyValue(x)), 'any'),
  any: spec([], (...xs: unknown[]) => xs.some((x) => !isEmptyValue(x)), 'any'),
  ternary: spec(['any', 'any', 'bool'], (vt: unknown, vf: unknown, v: boolean) => (v ? vt : vf)),
  deepCopy: spec(['any'], deepCopy),
  mustDeepCopy: spec(['any'], (v: unknown) => {
    if (v === null || v === undefined) throw new Error('copy: Nil interface');
    return deepCopy(v);
  }),
};
