/**
 * Which rows of a long list are drawn: those in view, a margin of rows around them, and rows that
 * must stay (the focused one, the one F8 moved to). The rows left out are stood in for by space of
 * their height before and after the drawn ones, so that the list keeps its length and scrolls as a
 * whole. Pure: the Problems panel's hook measures, this decides.
 */
export interface RowWindow {
  /** The first row drawn. */
  first: number;
  /** One past the last row drawn. */
  end: number;
  /** The height of the rows before `first`. */
  before: number;
  /** The height of the rows from `end` on. */
  after: number;
}

/** The part of the list in view: from `top` (in the list's own coordinates, 0 at its first row) down `height`. */
export interface ListView {
  top: number;
  height: number;
}

/**
 * The rows to draw, given each row's height (measured, or estimated for rows never drawn), the view,
 * the margin drawn beyond it on either side, and the rows to keep whatever the view.
 */
export function rowWindow(
  heights: readonly number[],
  view: ListView,
  margin: number,
  keep: readonly number[] = [],
): RowWindow {
  const n = heights.length;
  const from = view.top - margin;
  const to = view.top + view.height + margin;
  let first = -1;
  let end = 0;
  let y = 0;
  for (let i = 0; i < n; i++) {
    const bottom = y + heights[i]!;
    if (first < 0 && bottom > from) first = i;
    if (y < to) end = i + 1;
    y = bottom;
  }
  const total = y;
  // A view past the list's end (the list just got shorter) draws its last rows; one before it, its first.
  if (first < 0) first = Math.max(0, n - 1);
  if (end <= first) end = Math.min(n, first + 1);
  for (const k of keep) {
    if (k < 0 || k >= n) continue;
    if (k < first) first = k;
    if (k >= end) end = k + 1;
  }
  let before = 0;
  for (let i = 0; i < first; i++) before += heights[i]!;
  let drawn = 0;
  for (let i = first; i < end; i++) drawn += heights[i]!;
  return { first, end, before, after: total - before - drawn };
}

/** Where a row starts, from the top of the list. */
export function rowTop(heights: readonly number[], index: number): number {
  let y = 0;
  for (let i = 0; i < index && i < heights.length; i++) y += heights[i]!;
  return y;
}
