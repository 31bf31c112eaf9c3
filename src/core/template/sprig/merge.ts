/**
 * sprig's merge/mergeOverwrite, which use github.com/imdario/mergo on map[string]interface{}:
 * a deep merge into the first map (which is changed in place, as in Go).
 *   merge:          a key is taken from the source only when the destination lacks it or holds an
 *                   empty value (nil, "", 0, false, empty list or map); nested maps merge deeply;
 *                   nil source values are ignored.
 *   mergeOverwrite: source values win, even empty ones and nil.
 * Values taken over are shared, not copied (Go shares them too).
 */
import { hasKey, isEmptyValue, isList, isMap, mapSet, type GoMap } from '../../go/value';

export function mergeMaps(dst: GoMap, src: GoMap, overwrite: boolean): void {
  for (const key of Object.keys(src)) {
    const sv = src[key] ?? null;
    const present = hasKey(dst, key);
    const dv = present ? (dst[key] ?? null) : undefined;
    if (sv === null) {
      if (overwrite) mapSet(dst, key, null);
      continue;
    }
    if (isMap(sv) && isMap(dv)) mergeMaps(dv, sv, overwrite);
    if (dv !== undefined && !isEmptyValue(dv)) {
      if (isList(sv)) {
        // A list replaces the destination only when overwriting.
        if (overwrite) mapSet(dst, key, sv);
        continue;
      }
      if (isMap(sv) && isMap(dv)) continue;
    }
    if (overwrite || dv === undefined || isEmptyValue(dv)) mapSet(dst, key, sv);
  }
}
