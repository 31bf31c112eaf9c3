/**
 * The values quick fixes write where a written one does not match the schema: quantities with the
 * units Score takes, valid names, file modes. Each returns undefined when the intent is not clear.
 */

/** The Score schema's patterns (schemas/score-v1b1.json), to accept only what the schema accepts. */
export const MEMORY = /^(0\.\d+|[1-9]\d*(\.\d+)?)(K|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;
export const CPU = /^\d+(?:m|\.\d+)?$/;
export const LABEL = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const ANNOTATION_KEY =
  /^(([a-z0-9][a-z0-9-]{0,61}[a-z0-9])(\.[a-z0-9][a-z0-9-]{0,61}[a-z0-9])*\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,61}[A-Za-z0-9]$/;
const RESOURCE_ID = /^[a-z0-9]+(?:-+[a-z0-9]+)*(?:\.[a-z0-9]+(?:-+[a-z0-9]+)*)*$/;

/**
 * Memory units people write elsewhere, as Score writes them. Docker, the JVM and most tools read
 * `512m`, `512mb` and `512MB` as mebibytes, so they become `512Mi`; `kib`, `mib`, … lose the `B`.
 */
const MEMORY_SUFFIX: Record<string, string> = {
  '': '',
  b: '',
  byte: '',
  bytes: '',
  k: 'Ki',
  kb: 'Ki',
  kib: 'Ki',
  m: 'Mi',
  mb: 'Mi',
  mib: 'Mi',
  g: 'Gi',
  gb: 'Gi',
  gib: 'Gi',
  t: 'Ti',
  tb: 'Ti',
  tib: 'Ti',
  p: 'Pi',
  pb: 'Pi',
  pib: 'Pi',
  e: 'Ei',
  eb: 'Ei',
  eib: 'Ei',
};

/** `512mb` → `512Mi`, `1 GB` → `1Gi`, `.5Gi` → `0.5Gi`, `0512Mi` → `512Mi`; undefined when unclear. */
export function memoryQuantity(written: string): string | undefined {
  const m = /^\s*(\d*\.?\d+)\s*([a-zA-Z]*)\s*$/.exec(written);
  if (!m) return undefined;
  const number = canonicalNumber(m[1]!);
  const unit = m[2]!;
  const suffix = /^(K|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)$/.test(unit) ? unit : MEMORY_SUFFIX[unit.toLowerCase()];
  if (number === undefined || suffix === undefined) return undefined;
  const quantity = number + suffix;
  return MEMORY.test(quantity) ? quantity : undefined;
}

/** CPU words as Score writes CPUs: `0.5 cores` → `0.5`, `500M` or `500 millicores` → `500m`, `.5` → `0.5`. */
export function cpuQuantity(written: string): string | undefined {
  const m = /^\s*(\d*\.?\d+)\s*([a-zA-Z]*)\s*$/.exec(written);
  if (!m) return undefined;
  const number = canonicalNumber(m[1]!);
  const unit = m[2]!.toLowerCase();
  if (number === undefined) return undefined;
  let quantity: string | undefined;
  if (['', 'core', 'cores', 'cpu', 'cpus', 'vcpu', 'vcpus'].includes(unit)) quantity = number;
  else if (['m', 'mc', 'millicore', 'millicores', 'millicpu', 'millicpus', 'mcpu'].includes(unit))
    quantity = number + 'm';
  return quantity !== undefined && CPU.test(quantity) ? quantity : undefined;
}

/** A decimal number without leading zeros or a bare leading dot: `0512` → `512`, `.5` → `0.5`. */
function canonicalNumber(text: string): string | undefined {
  const [whole = '', fraction] = text.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  if (fraction === undefined) return digits;
  return fraction === '' ? undefined : `${digits}.${fraction}`;
}

/**
 * A valid name (container, resource, service port, workload) close to the one written: lowercase,
 * other characters as `-`, at most 63 characters; another when `taken` has it. Undefined when
 * fewer than two letters or digits are left.
 */
export function labelFrom(written: string, taken: ReadonlySet<string>): string | undefined {
  const base = written
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  if (!LABEL.test(base)) return undefined;
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n++) {
    const tail = `-${n}`;
    const name = base.slice(0, 63 - tail.length).replace(/-+$/, '') + tail;
    if (!taken.has(name)) return name;
  }
  return undefined;
}

/** An annotation key with the characters it may not hold as `-` (its prefix lowercased); undefined when unclear. */
export function annotationKeyFrom(written: string): string | undefined {
  const slash = written.lastIndexOf('/');
  const prefix = slash >= 0 ? written.slice(0, slash) : '';
  const name = (slash >= 0 ? written.slice(slash + 1) : written)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  const cleanPrefix = prefix
    .toLowerCase()
    .split('.')
    .map((label) => label.replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, ''))
    .join('.');
  const key = slash >= 0 ? `${cleanPrefix}/${name}` : name;
  return ANNOTATION_KEY.test(key) && key.length <= 316 ? key : undefined;
}

/** A resource id in lowercase: `Shared.Main_DB` → `shared.main-db`. */
export function resourceIdFrom(written: string): string | undefined {
  const id = written
    .toLowerCase()
    .split('.')
    .map((label) => label.replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, ''))
    .join('.');
  return RESOURCE_ID.test(id) ? id : undefined;
}

/** A file mode as Score writes it: `0o644` → `0644`, `rw-r--r--` → `0644`. */
export function fileModeFrom(written: string): string | undefined {
  const octal = /^0o([0-7]{3})$/i.exec(written.trim());
  if (octal) return `0${octal[1]}`;
  const symbolic = /^-?([r-][w-][x-])([r-][w-][x-])([r-][w-][x-])$/.exec(written.trim());
  if (!symbolic) return undefined;
  const digit = (rwx: string) => (rwx[0] === 'r' ? 4 : 0) + (rwx[1] === 'w' ? 2 : 0) + (rwx[2] === 'x' ? 1 : 0);
  return `0${digit(symbolic[1]!)}${digit(symbolic[2]!)}${digit(symbolic[3]!)}`;
}

/** A mode the owner can read: the same mode with the owner's read bit added. */
export function readableMode(written: string): string | undefined {
  if (!/^0?[0-7]{3}$/.test(written)) return undefined;
  const mode = parseInt(written, 8) | 0o400;
  return (written.length === 4 ? '0' : '') + mode.toString(8).padStart(3, '0');
}
