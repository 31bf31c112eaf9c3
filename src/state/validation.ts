import { validateText, type ValidationReport } from '../core/validate';

/**
 * Validation memoized on the text: the store, the automation API and every view that asks about
 * the same text share one report. A single entry suffices: only the current text is ever asked about,
 * and undo/redo back to it is cheap to recompute.
 */
let last: ValidationReport | undefined;

export function validationOf(text: string): ValidationReport {
  if (last?.parsed.text !== text) last = validateText(text, { previous: last?.parsed });
  return last;
}
