import { DIGITS, LETTERS, randomString, SeededRandom } from '../template/sprig/random';
import type { RandomSource } from './types';

/** The export's random stream: seeded, so the same seed gives the same names and passwords. */
export function createRandom(seed: number): SeededRandom {
  return new SeededRandom(seed);
}

/**
 * sprig's randAlphaNum and randAlpha over the export's stream, for the built-in provisioners: they
 * draw exactly what score-compose's templates draw, in the same order, so a built-in and its
 * template give the same values for the same seed (random.test.ts holds them to sprig's). Not taken
 * from the sprig function map: the built-in catalog is made at startup, and the map would bring the
 * whole template function library into the first download.
 */
export function randomText(random: SeededRandom): RandomSource {
  return {
    alphaNum: (n) => randomString(random, n, DIGITS + LETTERS),
    alpha: (n) => randomString(random, n, LETTERS),
  };
}
