/**
 * Suggestions with every letter typed, or not. Each suggestion monaco-yaml offers has it read the
 * whole text again in its worker: on the 5,483-line bench workload that took 50–120 ms of one of the
 * machine's cores at every letter, competing with the check of what was typed (on two cores, the
 * typing checks' paints took up to twice as long). On a text this long, about 2,000 lines, letters no
 * longer ask for suggestions. They still come on Ctrl+Space, after `${` and `.` in a placeholder
 * (ours), and after a space or a colon (monaco-yaml's own trigger characters).
 */
export const SUGGEST_WHILE_TYPING_BELOW = 64 * 1024;

const WHILE_TYPING = { other: true, strings: true, comments: false } as const;

/** Monaco's `quickSuggestions` for a text of `length` characters (the same object while it does not change). */
export function typingSuggestions(length: number): typeof WHILE_TYPING | false {
  return length < SUGGEST_WHILE_TYPING_BELOW ? WHILE_TYPING : false;
}
