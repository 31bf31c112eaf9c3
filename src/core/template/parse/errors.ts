/**
 * The one error type of the template engine. Its message is worded as Go's text/template words it,
 * because users compare it with what score-compose prints:
 *   parse:   `template: NAME:LINE: MESSAGE`
 *   execute: `template: NAME:LINE:COL: executing "NAME" at <CONTEXT>: MESSAGE`
 */
export type TemplatePhase = 'parse' | 'execute';

export interface TemplateErrorLocation {
  /** 1-based line of the offending text, when known. */
  line?: number;
  /** Go's column: the 0-based byte offset in the line (only execution errors carry one). */
  column?: number;
}

export class TemplateError extends Error {
  readonly phase: TemplatePhase;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(message: string, phase: TemplatePhase, location: TemplateErrorLocation = {}) {
    super(message);
    this.name = 'TemplateError';
    this.phase = phase;
    this.line = location.line;
    this.column = location.column;
  }
}

/** The text of whatever a template function threw, as Go would print the error value. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  return String(thrown);
}
