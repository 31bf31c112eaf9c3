import { stringify } from 'yaml';
import type { Diagnostic } from '../core/diagnostics';
import { parseWorkloadText } from '../core/document/parse';
import { validateText, type ValidationReport } from '../core/validate';
import type { ScoreWorkload, ValidationProblem, ValidationResult } from './contract';
import { ValidationError } from './errors';
import type { WorkloadInput } from './repository';

/**
 * Between the two forms of a workload: the score.yaml text the designer edits and the plain data
 * the API exchanges. Text → data loses nothing the API can hold; data → text (for a workload that
 * came from a server) is a fresh rendering: the original's comments and formatting are not known.
 */

/** A workload written as score.yaml by the `yaml` package: block style, no folding, no anchors. */
export function renderWorkloadText(workload: unknown): string {
  return stringify(workload, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** The text of an input (rendered when it came as data). */
export function textOf(input: WorkloadInput): string {
  return 'text' in input ? input.text : renderWorkloadText(input.workload);
}

/**
 * The data of an input, for sending to a server. Text that cannot be read as YAML is refused here
 * (ValidationError with the syntax problems): there is nothing to send.
 */
export function dataOf(input: WorkloadInput): ScoreWorkload {
  if ('workload' in input) return input.workload;
  const parsed = parseWorkloadText(input.text);
  if (parsed.blocked) {
    const result = resultOf(parsed.syntax);
    throw new ValidationError(summary(result), { result });
  }
  // The server checks the shape; this only reads the text.
  return parsed.value as ScoreWorkload;
}

/** Our validation of an input, with the Score core (syntax → schema → rules). */
export function checkInput(input: WorkloadInput): ValidationReport {
  return validateText(textOf(input));
}

/**
 * Diagnostics as the API's ValidationResult: errors and warnings with path (JSON Pointer), message
 * and code. `info` diagnostics are advice, not problems: the API has no place for them.
 */
export function resultOf(diagnostics: readonly Diagnostic[]): ValidationResult {
  const problem = (d: Diagnostic): ValidationProblem => ({ path: d.path, message: d.message, code: d.code });
  const errors = diagnostics.filter((d) => d.severity === 'error').map(problem);
  const warnings = diagnostics.filter((d) => d.severity === 'warning').map(problem);
  return { valid: errors.length === 0, errors, warnings };
}

/** One sentence for a failed validation: the first problem, and how many more there are. */
export function summary(result: ValidationResult): string {
  const errors = result.errors ?? [];
  const first = errors[0]?.message ?? 'The workload is not valid.';
  const more = errors.length - 1;
  return more > 0 ? `${first} (and ${more} more problem${more === 1 ? '' : 's'})` : first;
}
