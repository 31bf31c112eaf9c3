import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, checkEdits, type Edit } from '../document/edits';
import { isRefusal } from './command';
import { commands } from './registry';
import { composeEdits } from './sequence';
import { MAX_STEPS } from './steps';

/** Sorted, disjoint edits of a text of `length` characters, from drawn cut points. */
function editsArb(length: number): fc.Arbitrary<Edit[]> {
  return fc
    .array(
      fc.record({
        at: fc.nat({ max: length }),
        width: fc.nat({ max: 4 }),
        insert: fc.constantFrom('', 'x', 'yz', '\n', 'abc'),
      }),
      { maxLength: 5 },
    )
    .map((drawn) => {
      const out: Edit[] = [];
      let last = 0;
      for (const d of [...drawn].sort((a, b) => a.at - b.at)) {
        const start = Math.max(d.at, last);
        const end = Math.min(length, start + d.width);
        if (start > length) break;
        out.push({ start, end, insert: d.insert });
        last = end;
      }
      return out;
    });
}

describe('composeEdits', () => {
  it('gives edits of the original text that make what the two rounds made (property)', () => {
    const arb = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' '), maxLength: 30 }).chain((original) =>
      editsArb(original.length).chain((first) => {
        const middle = applyEdits(original, first);
        return editsArb(middle.length).map((second) => ({ original, first, middle, second }));
      }),
    );
    fc.assert(
      fc.property(arb, ({ original, first, middle, second }) => {
        const composed = composeEdits(original, first, second);
        expect(checkEdits(original, composed)).toBeUndefined();
        expect(applyEdits(original, composed)).toBe(applyEdits(middle, second));
        // Nothing outside what either round changed is in an edit: the text before the first and
        // after the last changed character of the two rounds is never covered.
        if (composed.length > 0) {
          const from = Math.min(first[0]?.start ?? Infinity, ...second.map((e) => Math.min(e.start, original.length)));
          expect(composed[0]!.start).toBeGreaterThanOrEqual(Math.min(from, original.length));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the edits of each round apart where they do not meet', () => {
    const original = 'aaaa\nbbbb\ncccc\n';
    const first: Edit[] = [{ start: 0, end: 5, insert: '' }]; // the a line goes
    const second: Edit[] = [{ start: 5, end: 10, insert: '' }]; // then the c line
    expect(composeEdits(original, first, second)).toEqual([
      { start: 0, end: 5, insert: '' },
      { start: 10, end: 15, insert: '' },
    ]);
  });

  it('joins an insertion made where the first round deleted', () => {
    const original = 'keep\ngone\nrest\n';
    const first: Edit[] = [{ start: 5, end: 10, insert: '' }];
    const second: Edit[] = [{ start: 5, end: 5, insert: 'new\n' }];
    expect(composeEdits(original, first, second)).toEqual([{ start: 5, end: 10, insert: 'new\n' }]);
  });

  it('drops what the second round took back', () => {
    const original = 'name: a\n';
    const first: Edit[] = [{ start: 6, end: 7, insert: 'b' }];
    expect(composeEdits(original, first, [{ start: 6, end: 7, insert: 'a' }])).toEqual([]);
  });
});

const workload = `apiVersion: score.dev/v1b1
metadata:
  name: shop # the shop
containers:
  web:
    image: nginx
    variables:
      DEBUG: true
      PORT: 8080
`;

describe('runSteps', () => {
  it('runs the steps in order as one change, with the edits of all of them', () => {
    const result = commands.runSteps(workload, {
      steps: [
        { name: 'setField', args: { pointer: '/containers/web/variables/DEBUG', value: 'true' } },
        { name: 'setField', args: { pointer: '/containers/web/variables/PORT', value: '8080' } },
        { name: 'setField', args: { pointer: '/metadata/name', value: 'store' } },
      ],
    });
    if (isRefusal(result)) throw new Error(result.error);
    expect(result.text).toBe(workload.replace('shop', 'store').replace('true', '"true"').replace('8080', '"8080"'));
    expect(result.edits).toHaveLength(3);
    expect(applyEdits(workload, result.edits)).toBe(result.text);
    expect(result.selection).toBe('/metadata/name');
  });

  it('refuses the whole sequence when a step is refused, naming the step', () => {
    const result = commands.runSteps(workload, {
      steps: [
        { name: 'setField', args: { pointer: '/metadata/name', value: 'store' } },
        { name: 'renameContainer', args: { from: 'nobody', to: 'x1' } },
      ],
    });
    expect(result).toEqual({ error: 'Step 2 (renameContainer) was refused: There is no container named "nobody".' });
  });

  it('refuses what is not a list of steps, unknown commands, nested sequences and too many steps', () => {
    expect(commands.runSteps(workload, {} as never)).toHaveProperty('error');
    expect(commands.runSteps(workload, { steps: [{ name: 'fly', args: {} }] })).toHaveProperty('error');
    expect(commands.runSteps(workload, { steps: [{ name: 'runSteps', args: { steps: [] } }] })).toEqual({
      error: 'Step 1 is itself a sequence; list its steps instead.',
    });
    const many = Array.from({ length: MAX_STEPS + 1 }, () => ({ name: 'setField', args: {} }));
    expect(commands.runSteps(workload, { steps: many })).toEqual({
      error: `At most ${MAX_STEPS} steps can run as one change.`,
    });
  });

  it('changes nothing for no steps', () => {
    expect(commands.runSteps(workload, { steps: [] })).toEqual({ text: workload, edits: [] });
  });
});
