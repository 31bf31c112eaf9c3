import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSpec } from '../template/exec/functions';
import { SeededRandom } from '../template/sprig/random';
import { sprigFunctions } from '../template/sprig';
import { randomText } from './random';

/**
 * The built-ins' random names and passwords must be the ones score-compose's templates draw with
 * sprig's randAlphaNum and randAlpha: same seed, same calls in the same order, same text.
 */
describe('randomText', () => {
  it('draws what sprig draws, call for call, from the same seed', () => {
    const call = fc.record({ alpha: fc.boolean(), n: fc.integer({ min: -2, max: 40 }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.array(call, { maxLength: 12 }), (seed, calls) => {
        const ours = randomText(new SeededRandom(seed));
        const sprig = sprigFunctions(new SeededRandom(seed));
        for (const { alpha, n } of calls) {
          const fn = toSpec(sprig[alpha ? 'randAlpha' : 'randAlphaNum']!).fn as (n: number) => unknown;
          expect(alpha ? ours.alpha(n) : ours.alphaNum(n)).toBe(String(fn(n)));
        }
      }),
    );
  });
});
