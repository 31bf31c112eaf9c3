import { seedFromString, SeededRandom } from './common/borrowed';

/**
 * The random parts of score-k8s's output, made from the export's seed instead: each workload's
 * instance suffix, each resource's guid, and the random stream each resource's provisioner draws its
 * names and passwords from. Each comes from the seed and the workload's name or the resource's uid,
 * so that adding a workload or a resource leaves every other one's values as they were (score-k8s
 * keeps them stable by remembering them in .score-k8s/state.yaml).
 */
export function randomFor(seed: number, purpose: 'suffix' | 'guid' | 'provision', key: string): SeededRandom {
  return new SeededRandom(seedFromString(`${seed >>> 0}\u0000${purpose}\u0000${key}`));
}

/** `-` and 10 hex digits (5 random bytes), as score-k8s's instance_suffix. */
export function instanceSuffix(seed: number, workload: string): string {
  return `-${hex(randomBytes(randomFor(seed, 'suffix', workload), 5))}`;
}

/** A version-4 uuid as score-go formats it (its variant bits left as drawn). */
export function resourceGuid(seed: number, uid: string): string {
  const d = randomBytes(randomFor(seed, 'guid', uid), 16);
  d[6] = (d[6]! & 0x0f) | 0x40;
  return [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8), d.slice(8, 10), d.slice(10)].map(hex).join('-');
}

function randomBytes(random: SeededRandom, n: number): number[] {
  return Array.from({ length: n }, () => random.nextUint32() & 0xff);
}

function hex(bytes: readonly number[]): string {
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}
