/**
 * Go's strconv.Atoi (atoi.go): a decimal int64, sign allowed, nothing else (no spaces, prefixes or
 * underscores). A module of its own, written without ParseInt (as Go's fast path is), so that the
 * built-in provisioners, which use it in the first download, do not bring the general parser along.
 */
export function atoi(text: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(text)) return null;
  const n = BigInt(text);
  return n >= -(1n << 63n) && n < 1n << 63n ? Number(n) : null;
}
