/**
 * sprig's dict functions: dict, get, set, unset, hasKey, pluck, keys, pick, omit, values, dig, and
 * the deep merges (mergo, see merge.ts). Maps are changed in place where sprig changes them.
 */
import { sortedKeys } from '../../go/sort';
import { hasKey, isMap, mapSet, newMap, typeName, type GoMap } from '../../go/value';
import { spec, type TemplateFunction } from '../exec/functions';
import { strval } from './conversions';
import { mergeMaps } from './merge';
import { withMust } from './must';

function interfaceConversion(v: unknown, want: string): Error {
  const have = v === null || v === undefined ? 'nil' : typeName(v);
  return new Error(`interface conversion: interface {} is ${have}, not ${want}`);
}

/** sprig dig: dig "a" "b" default $map; a missing key gives the default. */
function dig(...ps: unknown[]): unknown {
  if (ps.length < 3) throw new Error('dig needs at least three arguments');
  // A nil map (score-compose's State, Shared, Metadata may be nil maps) digs like an empty one.
  const last = ps[ps.length - 1];
  if (last !== null && last !== undefined && !isMap(last)) throw interfaceConversion(last, 'map[string]interface {}');
  let dict: GoMap = isMap(last) ? last : newMap();
  const def = ps[ps.length - 2] ?? null;
  const keys = ps.slice(0, -2).map((k) => {
    if (typeof k !== 'string') throw interfaceConversion(k, 'string');
    return k;
  });
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] ?? '';
    if (!hasKey(dict, k)) return def;
    const step = dict[k] ?? null;
    if (i === keys.length - 1) return step;
    if (!isMap(step)) throw interfaceConversion(step, 'map[string]interface {}');
    dict = step;
  }
  return def;
}

function dict(...v: unknown[]): GoMap {
  const out = newMap();
  for (let i = 0; i < v.length; i += 2) mapSet(out, strval(v[i] ?? null), i + 1 < v.length ? (v[i + 1] ?? null) : '');
  return out;
}

function merge(overwrite: boolean) {
  return spec(
    ['map'],
    (dst: GoMap | null, ...srcs: (GoMap | null)[]): GoMap => {
      const target = dst ?? newMap();
      for (const src of srcs) if (src) mergeMaps(target, src, overwrite);
      return target;
    },
    'map',
  );
}

export const dictFunctions: Record<string, TemplateFunction> = {
  dict: spec([], dict, 'any'),
  get: spec(['map', 'string'], (d: GoMap | null, key: string) => (d && hasKey(d, key) ? (d[key] ?? null) : '')),
  set: spec(['map', 'string', 'any'], (d: GoMap | null, key: string, value: unknown) => {
    if (!d) throw new Error('assignment to entry in nil map');
    mapSet(d, key, value);
    return d;
  }),
  unset: spec(['map', 'string'], (d: GoMap | null, key: string) => {
    if (d && hasKey(d, key)) delete d[key];
    return d ?? newMap();
  }),
  hasKey: spec(['map', 'string'], (d: GoMap | null, key: string) => d !== null && hasKey(d, key)),
  pluck: spec(
    ['string'],
    (key: string, ...ds: (GoMap | null)[]) =>
      ds.filter((d): d is GoMap => d !== null && hasKey(d, key)).map((d) => d[key] ?? null),
    'map',
  ),
  keys: spec([], (...ds: (GoMap | null)[]) => ds.flatMap((d) => (d ? sortedKeys(d) : [])), 'map'),
  pick: spec(
    ['map'],
    (d: GoMap | null, ...ks: string[]) => {
      const out = newMap();
      for (const k of ks) if (d && hasKey(d, k)) mapSet(out, k, d[k] ?? null);
      return out;
    },
    'string',
  ),
  omit: spec(
    ['map'],
    (d: GoMap | null, ...ks: string[]) => {
      const out = newMap();
      for (const k of d ? sortedKeys(d) : []) if (!ks.includes(k)) mapSet(out, k, d?.[k] ?? null);
      return out;
    },
    'string',
  ),
  values: spec(['map'], (d: GoMap | null) => (d ? sortedKeys(d).map((k) => d[k] ?? null) : [])),
  dig: spec([], dig, 'any'),
  ...withMust({ merge: merge(false), mergeOverwrite: merge(true) }),
};
