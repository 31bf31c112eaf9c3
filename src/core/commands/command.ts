import type { Edit } from '../document/edits';

/**
 * A command's output: the new text and the minimal edits that turn the old text into it.
 * The edits are what the YAML pane hands to Monaco (`executeEdits`), so that the cursor, the
 * selection and the editor's own undo stack survive an edit made in another pane.
 */
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
