import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../commands';
import { diffEdits, diffText, invertEdits } from './text-diff';

describe('the smallest edit between two texts', () => {
  it('replaces only what changed', () => {
    expect(diffText('image: nginx\n', 'image: nginx:1.27\n')).toEqual({ start: 12, end: 12, insert: ':1.27' });
    expect(diffText('abc', 'abc')).toEqual({ start: 3, end: 3, insert: '' });
    expect(diffText('a\nb\nc', 'a\nc')).toEqual({ start: 2, end: 4, insert: '' });
  });

  it('never splits a character outside the basic plane', () => {
    const edit = diffText('x😀y', 'x😃y');
    expect(edit.start).toBe(1);
    expect(edit.insert).toBe('😃');
  });

  it('always turns the first text into the second, and its inverse turns it back', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ', '😀', ':') });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edit = diffText(before, after);
        expect(applyEdits(before, [edit])).toBe(after);
        expect(applyEdits(after, invertEdits(before, [edit]))).toBe(before);
      }),
    );
  });

  it('finds in long texts the edit that comparing every character finds', () => {
    // Long enough for the common start and end to be skipped a block at a time.
    const unit = fc.constantFrom('a', 'b', '\n', ' ', '😀', ':');
    const long = fc.array(unit, { minLength: 200, maxLength: 1200 }).map((units) => units.join(''));
    fc.assert(
      fc.property(long, fc.nat(), fc.nat(), fc.string({ unit, maxLength: 600 }), (before, i, j, insert) => {
        const from = i % (before.length + 1);
        const to = from + (j % Math.min(before.length - from + 1, 600));
        const after = before.slice(0, from) + insert + before.slice(to);
        const edit = diffText(before, after);
        expect(edit).toEqual(everyCharacter(before, after));
        expect(applyEdits(before, [edit])).toBe(after);
      }),
    );
    // Where the common start and end meet or would overlap, at lengths around the block's.
    const sizes = [0, 1, 255, 256, 257, 511, 512, 513];
    for (const n of sizes)
      for (const m of sizes)
        for (const [before, after] of [
          ['a'.repeat(n) + 'b' + 'a'.repeat(m), 'a'.repeat(n + m)],
          ['a'.repeat(n), 'a'.repeat(m)],
          ['a'.repeat(n) + 'b', 'a'.repeat(m) + 'b'],
        ] as const) {
          expect(diffText(before, after)).toEqual(everyCharacter(before, after));
          expect(diffText(after, before)).toEqual(everyCharacter(after, before));
        }
  });

  it('inverts several edits at once', () => {
    const before = 'one two three';
    const edits = [
      { start: 0, end: 3, insert: '1' },
      { start: 8, end: 13, insert: 'THREE!' },
    ];
    const after = applyEdits(before, edits);
    expect(after).toBe('1 two THREE!');
    expect(applyEdits(after, invertEdits(before, edits))).toBe(before);
  });
});

describe('the edits between two texts, one per changed run of lines', () => {
  it('answers a repeated question with the same edits, in a list of its own each time', () => {
    const before = 'a: 1\nb: 2\nc: 3\n';
    const after = 'a: 1\nb: 20\nc: 3\n';
    const first = diffEdits(before, after);
    first.push({ start: 0, end: 0, insert: 'not mine' });
    const again = diffEdits(before, after);
    expect(again).toEqual([{ start: 9, end: 9, insert: '0' }]);
    expect(applyEdits(before, again)).toBe(after);
    expect(applyEdits(after, diffEdits(after, before))).toBe(before);
  });

  const lines = (n: number) => Array.from({ length: n }, (_, i) => `  line-${i}: value ${i}\n`).join('');

  it('edits each changed place alone, to the characters that changed', () => {
    const before = 'apiVersion: score.dev/v1b1\n' + lines(50);
    const after = before.replace('v1b1', 'v1b2') + '# a note\n';
    expect(diffEdits(before, after)).toEqual([
      { start: 25, end: 26, insert: '2' },
      { start: before.length, end: before.length, insert: '# a note\n' },
    ]);
  });

  it('finds lines moved apart by an inserted block', () => {
    const before = lines(20);
    const after = before.replace('line-3: value 3', 'line-3: changed').replace('  line-10:', '  new: 1\n  line-10:');
    const edits = diffEdits(before, after);
    expect(edits).toHaveLength(2);
    expect(applyEdits(before, edits)).toBe(after);
  });

  it('gives one edit when too much changed to be worth the search', () => {
    const before = lines(500);
    const after = lines(500).replace(/value/g, 'VALUE');
    expect(diffEdits(before, after)).toEqual([diffText(before, after)]);
  });

  it('always turns the first text into the second with sorted, separate edits, and can be undone', () => {
    const line = fc.constantFrom('a\n', 'b\n', 'c: d\n', '\n', '😀\n', 'e', 'x😀y\r\n');
    const text = fc.array(line, { maxLength: 30 }).map((l) => l.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edits = diffEdits(before, after);
        expect(applyEdits(before, edits)).toBe(after);
        for (let i = 1; i < edits.length; i++) expect(edits[i]!.start).toBeGreaterThan(edits[i - 1]!.end - 1);
        for (const e of edits) expect(e.start < e.end || e.insert.length > 0 || before === after).toBe(true);
        expect(applyEdits(after, invertEdits(before, edits))).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});

/** The smallest edit found by comparing the two texts a character at a time from either end. */
function everyCharacter(before: string, after: string) {
  if (before === after) return { start: before.length, end: before.length, insert: '' };
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before[start] === after[start]) start++;
  if (start > 0 && /[\uD800-\uDBFF]/.test(before[start - 1]!)) start--;
  let tail = 0;
  while (tail < limit - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  if (tail > 0 && /[\uDC00-\uDFFF]/.test(before[before.length - tail]!)) tail--;
  return { start, end: before.length - tail, insert: after.slice(start, after.length - tail) };
}
