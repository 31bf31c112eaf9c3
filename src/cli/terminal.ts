/**
 * What the CLI prints, made safe for a terminal. Names and values come from the user's files (a
 * container named `web\u001b[2J`, a provisioner's description), and a terminal obeys the control
 * characters in them: it clears the screen, moves the cursor, rewrites the title, or hides text
 * behind bidirectional overrides. Every write of every command goes through `terminalText`, so each
 * such character is shown as an escape (`\x1b`, `\u202e`) instead of acting.
 *
 * Tab and line feed are text, and so is the carriage return of a CRLF line end (a stored workload
 * printed by `workload` may have them). Structured output (JSON, YAML) never holds the others raw:
 * its writers escape them, so it passes through unchanged.
 */

/**
 * C0 controls but tab and line feed, a carriage return not ending a line, DEL, C1 controls, and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/g;

export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/** A stream that writes text through `terminalText`. */
export function terminalStream(stream: { write(text: string): unknown }): { write(text: string): unknown } {
  return { write: (text: string) => stream.write(terminalText(text)) };
}
