/**
 * Edits of a text: splices made against the text as it was, the way every change travels between the
 * floors (a command's result, the YAML pane's minimal edits for Monaco, the incremental re-read).
 * Applying them to the old text gives the new one.
 */

/** Replace `text.slice(start, end)` with `insert`. Offsets are into the ORIGINAL text. */
export interface Edit {
  start: number;
  end: number;
  insert: string;
}

/** Edits sorted by start; edits at the same offset keep their given order (inserts stack up in order). */
export function sortEdits(edits: readonly Edit[]): Edit[] {
  return edits
    .map((edit, order) => ({ edit, order }))
    .sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.order - b.order)
    .map((x) => x.edit);
}

/** A reason the edits cannot be applied together (overlap, out of range), or undefined when they can. */
export function checkEdits(text: string, edits: readonly Edit[]): string | undefined {
  let last = 0;
  for (const edit of sortEdits(edits)) {
    if (!(edit.start >= 0 && edit.end >= edit.start && edit.end <= text.length)) {
      return `an edit [${edit.start}, ${edit.end}) lies outside the text (length ${text.length})`;
    }
    if (edit.start < last) return `two edits overlap at offset ${edit.start}`;
    last = edit.end;
  }
  return undefined;
}

/**
 * Applies edits made against `text`. Edits that overlap an earlier one or leave the text are skipped
 * (callers check with `checkEdits` first; this function never throws).
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const edit of sortEdits(edits)) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length) continue;
    out += text.slice(at, edit.start) + edit.insert;
    at = edit.end;
  }
  return out + text.slice(at);
}
