import { SeededRandom } from '../template/random';
import type { RandomSource } from './types';

/** The export's random stream: seeded, so the same seed gives the same names and passwords. */
export function createRandom(seed: number): SeededRandom {
  return new SeededRandom(seed);
}

/**
 * sprig's randAlphaNum and randAlpha over the export's stream, for the built-in provisioners: they
 * draw exactly what score-compose's templates draw, in the same order, so a built-in and its
 * template give the same values for the same seed (random.test.ts holds them to sprig's). Written
 * out here rather than taken from the sprig function map: the built-in catalog is made at startup,
 * and the map would bring the whole template function library into the first download.
 */
export function randomText(random: SeededRandom): RandomSource {
  return {
    alphaNum: (n) => randomString(random, n, DIGITS + LETTERS),
    alpha: (n) => randomString(random, n, LETTERS),
  };
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `count` characters of the alphabet, one draw each (none for a count ≤ 0), as sprig's randomString. */
function randomString(random: SeededRandom, count: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet[random.nextInt(alphabet.length)] ?? '';
  return out;
}
