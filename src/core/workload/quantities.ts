/**
 * Kubernetes-style quantities, as Score's resources.limits/requests write them.
 * Parsing returns undefined for anything the schema would reject: the schema reports that.
 */

/** CPU in millicores: `500m` → 500, `0.5` → 500, `2` → 2000. */
export function parseCpu(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^(\d+(?:\.\d+)?)(m?)$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'm' ? n : n * 1000;
}

/** Bytes per memory unit: decimal (K…E) and binary (Ki…Ei). The form explains amounts with the same table. */
export const MEMORY_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** Memory in bytes: `512Mi`, `1G`, `1.5Gi`, `1000`. */
export function parseMemory(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^(\d+(?:\.\d+)?)([kKMGTPE]i?)?$/.exec(value.trim());
  if (!m) return undefined;
  const unit = MEMORY_UNITS[m[2] ?? ''];
  return unit === undefined ? undefined : Number(m[1]) * unit;
}
