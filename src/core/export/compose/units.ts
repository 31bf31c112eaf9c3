/**
 * Byte sizes as compose-go reads them (docker/go-units RAMInBytes): a number of bytes, or a number
 * with b, k, m, g, t, p (optionally followed by b or ib), all binary multiples.
 */
export function parseBytes(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kKmMgGtTpP]?)(?:[iI]?[bB])?\s*$/.exec(value);
  if (!m) return undefined;
  const power = ' kmgtp'.indexOf((m[2] || ' ').toLowerCase());
  return Math.trunc(Number(m[1]) * 1024 ** Math.max(power, 0));
}

/** compose-go UnitBytes prints as a decimal string (yaml.v3 then quotes it). */
export function formatBytes(bytes: number): string {
  return String(bytes);
}
