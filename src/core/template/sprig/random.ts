/**
 * A small deterministic PRNG (mulberry32) for sprig's random functions (randAlphaNum, randAlpha,
 * randNumeric, randAscii, randInt, shuffle, uuidv4, randBytes), so that exporting the same design
 * with the same seed gives the same passwords and names every time. Not cryptographic: the values
 * only need to look like score-compose's and stay stable.
 */
import { withinBudget } from '../exec/budget';

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = Math.trunc(seed) >>> 0;
  }

  /** The next 32-bit unsigned value. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A uniform integer in [0, n); n must be a positive integer. */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
    // Rejection sampling keeps the distribution uniform for any n up to 2^32.
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }
}

export const DIGITS = '0123456789';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * sprig's randomString: `count` characters of the alphabet, one draw each (none for a count ≤ 0).
 * Shared by the template functions (randAlphaNum, randAlpha, …) and the built-in provisioners, which
 * must draw exactly what the templates draw.
 */
export function randomString(random: SeededRandom, count: number, alphabet: string): string {
  withinBudget(count, 'characters');
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet[random.nextInt(alphabet.length)] ?? '';
  return out;
}
