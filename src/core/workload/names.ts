/**
 * A name for something new in the workload (a container, a resource): `base`, or `base-2`, `base-3`…,
 * the first that is not taken. The base is cut so that a numbered name stays within the 63 characters
 * a Score name may have.
 */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base.slice(0, 60)}-${i}`;
    if (!used.has(candidate)) return candidate;
  }
}
