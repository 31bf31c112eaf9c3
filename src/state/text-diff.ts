import type { Edit } from '../core/commands';

/**
 * The smallest single edit that turns `before` into `after`: the common start and end are kept and
 * only the middle is replaced. Used where no finer edits are known (a whole-text replacement, a
 * burst of typing), so that the editor pane still receives a minimal edit instead of a new text.
 */
export function diffText(before: string, after: string): Edit {
  if (before === after) return { start: before.length, end: before.length, insert: '' };
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never split a surrogate pair: an edit boundary inside one would leave half a character.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let tail = 0;
  const tailLimit = limit - start;
  while (
    tail < tailLimit &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  ) {
    tail++;
  }
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  return { start, end: before.length - tail, insert: after.slice(start, after.length - tail) };
}

/**
 * The edits that undo `edits` (sorted, non-overlapping, against `before`): offsets refer to the text
 * the edits produced. Applying the result to that text gives `before` back, byte for byte.
 */
export function invertEdits(before: string, edits: readonly Edit[]): Edit[] {
  let shift = 0;
  return edits.map((edit) => {
    const start = edit.start + shift;
    shift += edit.insert.length - (edit.end - edit.start);
    return { start, end: start + edit.insert.length, insert: before.slice(edit.start, edit.end) };
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
