import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, checkEdits, type Edit } from '../document/edits';
import type { CommandResult } from './command';
import { composeEdits, runSteps } from './sequence';

/** Sorted, disjoint edits against a text of `length` characters, from random cut points. */
const editsOf = (length: number) =>
  fc
    .array(
      fc.record({
        at: fc.nat({ max: length }),
        span: fc.nat({ max: 4 }),
        insert: fc.constantFrom('', 'x', 'yz', '\n', 'abc'),
      }),
      { maxLength: 5 },
    )
    .map((raw) => {
      const out: Edit[] = [];
      let last = 0;
      for (const r of [...raw].sort((p, q) => p.at - q.at)) {
        const start = Math.max(r.at, last);
        if (start > length) break;
        const end = Math.min(length, start + r.span);
        out.push({ start, end, insert: r.insert });
        last = end === start ? end + 1 : end; // never two edits at one offset: their order would be unclear
      }
      return out;
    });

const twoSteps = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' '), maxLength: 24 }).chain((text) =>
  editsOf(text.length).chain((first) => {
    const middle = applyEdits(text, first);
    return editsOf(middle.length).map((second) => ({ text, first, second }));
  }),
);

describe('composeEdits', () => {
  it('is what the two lists make one after the other, as one sorted list of disjoint edits', () => {
    fc.assert(
      fc.property(twoSteps, ({ text, first, second }) => {
        const composed = composeEdits(text, first, second);
        expect(checkEdits(text, composed)).toBeUndefined();
        expect(applyEdits(text, composed)).toBe(applyEdits(applyEdits(text, first), second));
        for (let i = 1; i < composed.length; i++)
          expect(composed[i]!.start).toBeGreaterThanOrEqual(composed[i - 1]!.end);
      }),
      { numRuns: 2000 },
    );
  });

  it('replaces no more of the text than the two lists replaced', () => {
    fc.assert(
      fc.property(twoSteps, ({ text, first, second }) => {
        const replaced = (edits: readonly Edit[]) => edits.reduce((n, e) => n + e.end - e.start, 0);
        const inserted = (edits: readonly Edit[]) => edits.reduce((n, e) => n + e.insert.length, 0);
        expect(replaced(composeEdits(text, first, second))).toBeLessThanOrEqual(replaced(first) + replaced(second));
        expect(inserted(composeEdits(text, first, second))).toBeLessThanOrEqual(inserted(first) + inserted(second));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps each removal where it was made, even beside an identical line (where a text diff could move it)', () => {
    const text = 'a: 1\na: 1\na: 1\n';
    // Remove the second line, then the (new) second line, which was the third.
    const first = [{ start: 5, end: 10, insert: '' }];
    const second = [{ start: 5, end: 10, insert: '' }];
    expect(composeEdits(text, first, second)).toEqual([
      { start: 5, end: 10, insert: '' },
      { start: 10, end: 15, insert: '' },
    ]);
    // Remove the third line, then the first: two edits, each where it was made.
    expect(composeEdits(text, [{ start: 10, end: 15, insert: '' }], [{ start: 0, end: 5, insert: '' }])).toEqual([
      { start: 0, end: 5, insert: '' },
      { start: 10, end: 15, insert: '' },
    ]);
  });

  it('merges an edit inside a text the first list inserted into that insertion', () => {
    const text = 'key: value\n';
    const first = [{ start: 5, end: 10, insert: 'other' }];
    expect(composeEdits(text, first, [{ start: 6, end: 8, insert: 'TH' }])).toEqual([
      { start: 5, end: 10, insert: 'oTHer' },
    ]);
  });
});

describe('runSteps', () => {
  const append =
    (s: string): ((text: string) => CommandResult) =>
    (text) => ({ text: text + s, edits: [{ start: text.length, end: text.length, insert: s }], selection: `/${s}` });

  it('runs the steps one after the other, as one result with the chosen step’s selection', () => {
    expect(runSteps('a', [append('b'), append('c')], 0)).toEqual({
      text: 'abc',
      edits: [{ start: 1, end: 1, insert: 'bc' }],
      selection: '/b',
    });
    expect(runSteps('a', [append('b')])).toEqual({ text: 'ab', edits: [{ start: 1, end: 1, insert: 'b' }] });
  });

  it('refuses the whole when a step refuses, with that step’s reason', () => {
    expect(runSteps('a', [append('b'), () => ({ error: 'no' }), append('c')])).toEqual({ error: 'no' });
  });

  it('changes nothing when there are no steps', () => {
    expect(runSteps('a', [])).toEqual({ text: 'a', edits: [] });
  });
});
