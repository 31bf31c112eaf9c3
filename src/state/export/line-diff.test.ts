import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineChanges } from './line-diff';

const compose = `name: shop
services:
  shop-web:
    environment:
      A: "1"
    image: nginx
`;

describe('lineChanges', () => {
  it('finds nothing when the file is the same', () => {
    expect(lineChanges(compose, compose)).toEqual({ changed: [], removed: 0 });
  });

  it('marks an edited line and an added line, and counts a removed one', () => {
    const edited = compose.replace('A: "1"', 'A: "2"');
    expect(lineChanges(compose, edited)).toEqual({ changed: [5], removed: 0 });
    const added = compose.replace('    image: nginx\n', '    hostname: shop\n    image: nginx\n');
    expect(lineChanges(compose, added)).toEqual({ changed: [6], removed: 0 });
    const removed = compose.replace('    environment:\n      A: "1"\n', '');
    expect(lineChanges(compose, removed)).toEqual({ changed: [], removed: 2 });
  });

  it('marks every line of a first export against an empty one', () => {
    expect(lineChanges('', compose).changed).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps as many lines as possible: unchanged lines are never marked', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const { changed, removed } = lineChanges(
          before.map((l) => `${l}\n`).join(''),
          after.map((l) => `${l}\n`).join(''),
        );
        const kept = after.filter((_, k) => !changed.includes(k + 1));
        // What is kept is a common subsequence; removed lines are lines of before that nothing replaced.
        expect(isSubsequence(kept, before)).toBe(true);
        expect(removed).toBeGreaterThanOrEqual(Math.max(0, before.length - after.length));
        expect(removed).toBeLessThanOrEqual(before.length - kept.length);
        // No longer common subsequence exists than what was kept.
        expect(kept.length).toBe(lcsLength(before, after));
      }),
    );
  });
});

function isSubsequence(small: string[], big: string[]): boolean {
  let i = 0;
  for (const item of big) if (item === small[i]) i++;
  return i === small.length;
}

function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let previous = 0;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = x === b[j - 1] ? previous + 1 : Math.max(row[j]!, row[j - 1]!);
      previous = saved;
    }
  }
  return row[b.length]!;
}
