import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, checkEdits, type Edit } from '../../../core/commands';
import { afterChange, composeEdits } from './pending-edits';

/** Sorted edits, apart, against `text`: what an editor or a command hands the store. */
const editsOf = (text: string) =>
  fc
    .array(
      fc.record({
        at: fc.nat({ max: text.length }),
        remove: fc.nat({ max: 4 }),
        insert: fc.constantFrom('', 'x', 'ab', '\n', 'xyz'),
      }),
      { maxLength: 4 },
    )
    .map((raw) => {
      const edits: Edit[] = [];
      let end = 0;
      for (const r of [...raw].sort((a, b) => a.at - b.at)) {
        const start = Math.max(end, r.at);
        const stop = Math.min(text.length, start + r.remove);
        edits.push({ start, end: stop, insert: r.insert });
        end = stop;
      }
      return edits;
    });

describe('the edits since the last check', () => {
  it('composes two lists of edits into one against the first text, which makes the last', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30, unit: fc.constantFrom('a', 'b', ' ', '\n') }).chain((a) =>
          editsOf(a).chain((first) => {
            const b = applyEdits(a, first);
            return editsOf(b).map((second) => ({ a, first, second }));
          }),
        ),
        ({ a, first, second }) => {
          const after = applyEdits(applyEdits(a, first), second);
          const composed = composeEdits(first, second, after);
          expect(checkEdits(a, composed)).toBeUndefined();
          expect(applyEdits(a, composed)).toBe(after);
          expect(composed.every((e) => e.start !== e.end || e.insert !== '')).toBe(true);
        },
      ),
      { numRuns: 2000, seed: 32 },
    );
  });

  it('joins keystrokes typed one after the other into one edit, and a letter typed and taken back into none', () => {
    const text = 'image: nginx\n';
    const typed = (at: number, insert: string): Edit[] => [{ start: at, end: at, insert }];
    let edits = composeEdits(typed(12, ':'), typed(13, '1'), 'image: nginx:1\n');
    expect(edits).toEqual([{ start: 12, end: 12, insert: ':1' }]);
    edits = composeEdits(edits, [{ start: 13, end: 14, insert: '' }], 'image: nginx:\n');
    expect(edits).toEqual([{ start: 12, end: 12, insert: ':' }]);
    expect(composeEdits(edits, [{ start: 12, end: 13, insert: '' }], text)).toEqual([]);
  });

  it('follows the text from the last check through each change, and knows nothing of a change from elsewhere', () => {
    const checked = 'a: 1\n';
    const one = afterChange(undefined, checked, checked, 'a: 12\n', [{ start: 4, end: 4, insert: '2' }]);
    expect(one).toEqual({ from: checked, to: 'a: 12\n', edits: [{ start: 4, end: 4, insert: '2' }] });
    const two = afterChange(one, checked, 'a: 12\n', 'a: 123\n', [{ start: 5, end: 5, insert: '3' }]);
    expect(two).toEqual({ from: checked, to: 'a: 123\n', edits: [{ start: 4, end: 4, insert: '23' }] });
    // A change from a text neither the edits nor the last check lead to: unknown, the texts will be compared.
    expect(afterChange(two, checked, 'b: 1\n', 'b: 2\n', [{ start: 3, end: 4, insert: '2' }])).toBeUndefined();
  });
});
