/**
 * Go's order of strings (sort.Strings, and the map key order of fmt, text/template's range and
 * encoding/json): by UTF-8 bytes, which is code point order, not JavaScript's UTF-16 order (an emoji
 * sorts after U+FFFD in Go, before it in JavaScript).
 */

/** Go's a < b on strings, as a comparator. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** sort.Strings on a copy. */
export function sortStrings(values: Iterable<string>): string[] {
  return [...values].sort(compareStrings);
}

/** The keys of a map[string]… in the order fmt prints them and range and json.Marshal visit them. */
export function sortedKeys(m: object): string[] {
  return Object.keys(m).sort(compareStrings);
}
