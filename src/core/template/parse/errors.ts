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
  /** Which of the template budget's limits the template went over (exec/budget.ts), when that is why it failed. */
  budget?: BudgetLimit;
}

/**
 * The limits a template run is held to (exec/budget.ts): a template over one is not wrong as Go sees
 * it, only too costly to run here; a provisioners file holding one is refused as it is loaded.
 */
export type BudgetLimit = 'steps' | 'output' | 'items' | 'memory' | 'time' | 'depth';

export class TemplateError extends Error {
  readonly phase: TemplatePhase;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly budget: BudgetLimit | undefined;

  constructor(message: string, phase: TemplatePhase, location: TemplateErrorLocation = {}) {
    super(message);
    this.name = 'TemplateError';
    this.phase = phase;
    this.line = location.line;
    this.column = location.column;
    this.budget = location.budget;
  }
}

/** The text of whatever a template function threw, as Go would print the error value. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  return String(thrown);
}
