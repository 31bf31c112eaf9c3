import { toSpec } from '../template/functions';
import { SeededRandom } from '../template/random';
import { sprigFunctions } from '../template/sprig';
import type { RandomSource } from './types';

/** The export's random stream: seeded, so the same seed gives the same names and passwords. */
export function createRandom(seed: number): SeededRandom {
  return new SeededRandom(seed);
}

/**
 * sprig's randAlphaNum and randAlpha over the export's stream, for the built-in provisioners: they
 * draw exactly what score-compose's templates draw, in the same order, so a built-in and its
 * template give the same values for the same seed.
 */
export function randomText(random: SeededRandom): RandomSource {
  const functions = sprigFunctions(random);
  const call = (name: string) => {
    const fn = toSpec(functions[name]!).fn as (n: number) => unknown;
    return (n: number): string => String(fn(n));
  };
  return { alphaNum: call('randAlphaNum'), alpha: call('randAlpha') };
}
