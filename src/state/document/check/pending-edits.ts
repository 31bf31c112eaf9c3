import type { Edit } from '../../../core/commands';

/**
 * The edits since the last check: what the text was when it was last checked, and the edits that
 * made the text of now from it. Typing between two checks is several changes (a keystroke each, with
 * the edits the editor gives); they are composed here into one list against the text checked, which
 * the check hands to the re-read (core/document/incremental.ts) and to the worker, instead of having
 * the two texts compared again to find them.
 */
export interface PendingEdits {
  /** The text the edits start from (the last text checked). */
  from: string;
  /** The text they make (the text of now). */
  to: string;
  edits: Edit[];
}

/**
 * The pending edits after a change from `before` to `after` made of `edits`: added to `pending` when
 * those led to `before`, started anew from `checked` (the text last checked) when that is `before`,
 * and unknown (undefined) otherwise, when the texts will be compared instead.
 */
export function afterChange(
  pending: PendingEdits | undefined,
  checked: string,
  before: string,
  after: string,
  edits: readonly Edit[],
): PendingEdits | undefined {
  if (pending && pending.to === before)
    return { from: pending.from, to: after, edits: composeEdits(pending.edits, edits, after) };
  if (checked === before) return { from: before, to: after, edits: [...edits] };
  return undefined;
}

/**
 * One list of edits doing what `first` then `second` do: `first` is against a text A, `second` against
 * the text B that `first` makes of A, and `after` is what `second` makes of B. The result is against A
 * (sorted, apart), and makes `after` of it. The places either list changes, taken in B, are joined
 * where they meet or overlap; each joined place becomes one edit, whose span in A and in `after`
 * follows from the length changes of the edits before it.
 */
export function composeEdits(first: readonly Edit[], second: readonly Edit[], after: string): Edit[] {
  // Each edit as a span of B with the length change it makes on its side: `first`'s spans are where
  // its inserts landed in B; `second`'s are where it cuts B.
  interface Span {
    from: number;
    to: number;
    /** Length change of A → B (for `first`) or of B → after (for `second`). */
    firstDelta: number;
    secondDelta: number;
  }
  const spans: Span[] = [];
  let shift = 0;
  for (const e of first) {
    const from = e.start + shift;
    const delta = e.insert.length - (e.end - e.start);
    spans.push({ from, to: from + e.insert.length, firstDelta: delta, secondDelta: 0 });
    shift += delta;
  }
  for (const e of second) {
    spans.push({ from: e.start, to: e.end, firstDelta: 0, secondDelta: e.insert.length - (e.end - e.start) });
  }
  spans.sort((a, b) => a.from - b.from || a.to - b.to);

  const out: Edit[] = [];
  let firstBefore = 0; // length change of A → B before the place being joined
  let secondBefore = 0; // and of B → after
  let i = 0;
  while (i < spans.length) {
    const place = { ...spans[i]! };
    // Spans that overlap or touch this place join it (an insertion at its very end, too).
    for (i++; i < spans.length && spans[i]!.from <= place.to; i++) {
      const next = spans[i]!;
      place.to = Math.max(place.to, next.to);
      place.firstDelta += next.firstDelta;
      place.secondDelta += next.secondDelta;
    }
    // The place's start and end lie outside every insert of `first` (or at its edges), where B maps
    // back to A by the length changes before them, and forward to `after` likewise.
    const start = place.from - firstBefore;
    const end = place.to - firstBefore - place.firstDelta;
    const insert = after.slice(place.from + secondBefore, place.to + secondBefore + place.secondDelta);
    if (start !== end || insert !== '') out.push({ start, end, insert });
    firstBefore += place.firstDelta;
    secondBefore += place.secondDelta;
  }
  return out;
}
