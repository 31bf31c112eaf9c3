/**
 * A command's output: the new text and the minimal edits that turn the old text into it.
 * The edits are what the YAML pane hands to Monaco (`executeEdits`), so that the cursor, the
 * selection and the editor's own undo stack survive an edit made in another pane.
 */

/** Replace `text.slice(start, end)` with `insert`. Offsets are into the ORIGINAL text. */
export interface Edit {
  start: number;
  end: number;
  insert: string;
}

export interface CommandSuccess {
  text: string;
  /** Sorted by start, never overlapping; all offsets refer to the text the command was given. */
  edits: Edit[];
  /** JSON Pointer of what the command created or changed, for the views to select. */
  selection?: string;
}

/** A refused command: a plain-words reason, and never a changed text. */
export interface CommandRefusal {
  error: string;
}

export type CommandResult = CommandSuccess | CommandRefusal;

/** A named, pure edit: the same function serves the graph, the form, the keyboard and the automation API. */
export type Command<A> = (text: string, args: A) => CommandResult;

export function isRefusal(result: CommandResult): result is CommandRefusal {
  return 'error' in result;
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
