import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowTop, rowWindow } from './row-window';
import { withHeights } from './use-row-window';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('rowWindow', () => {
  it('draws the rows in view and the margin around them, and stands in for the others with their height', () => {
    const heights = Array.from({ length: 100 }, () => 50); // rows at 0, 50, 100, …
    const w = rowWindow(heights, { top: 1000, height: 200 }, 100);
    // In view: 1000–1200; with the margin: 900–1300, rows 18 to 25.
    expect(w).toEqual({ first: 18, end: 26, before: 900, after: 5000 - 1300 });
  });

  it('keeps a row drawn wherever the view is', () => {
    const heights = Array.from({ length: 100 }, () => 50);
    expect(rowWindow(heights, { top: 0, height: 100 }, 0, [60])).toMatchObject({ first: 0, end: 61 });
    expect(rowWindow(heights, { top: 4000, height: 100 }, 0, [3])).toMatchObject({ first: 3, end: 82 });
  });

  it('draws the last row when the view is past the end (the list just got shorter), and nothing of no rows', () => {
    expect(rowWindow([40, 40, 40], { top: 5000, height: 100 }, 50)).toEqual({ first: 2, end: 3, before: 80, after: 0 });
    expect(rowWindow([], { top: 0, height: 100 }, 50)).toEqual({ first: 0, end: 0, before: 0, after: 0 });
  });

  it('for any rows, view and kept rows: the list keeps its height, and every row that can be seen is drawn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: -500, max: 60_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.integer({ min: -2, max: 320 }), { maxLength: 3 }),
        (heights, top, height, margin, keep) => {
          const w = rowWindow(heights, { top, height }, margin, keep);
          expect(0 <= w.first && w.first < w.end && w.end <= heights.length).toBe(true);
          expect(w.before).toBe(sum(heights.slice(0, w.first)));
          expect(w.before + sum(heights.slice(w.first, w.end)) + w.after).toBe(sum(heights));
          for (const k of keep) if (k >= 0 && k < heights.length) expect(k >= w.first && k < w.end).toBe(true);
          heights.forEach((h, i) => {
            const at = rowTop(heights, i);
            const seen = at + h > top - margin && at < top + height + margin;
            if (seen) expect(i >= w.first && i < w.end).toBe(true);
          });
        },
      ),
    );
  });
});

describe('withHeights', () => {
  it('keeps the same map when nothing measured differs', () => {
    const before = new Map([['a', 56]]);
    expect(withHeights(before, [['a', 56]], ['a'])).toBe(before);
    expect(withHeights(before, [['b', 76]], ['a', 'b'])).toEqual(
      new Map([
        ['a', 56],
        ['b', 76],
      ]),
    );
  });

  it('forgets the heights of problems long gone once they outnumber the list', () => {
    const before = new Map(Array.from({ length: 200 }, (_, i) => [`old ${i}`, 56] as const));
    const next = withHeights(before, [['new', 76]], ['new']);
    expect([...next.keys()]).toEqual(['new']);
  });
});
