import type { Diagnostic } from '../diagnostics';
import { planFixes } from './plan';
import { keepsPromise, previewFix } from './preview';
import type { CheckedText, FixOptions, QuickFix } from './types';

/**
 * Quick fixes: for a diagnostic whose fix is clear, the named command that fixes it, previewed
 * before it applies; and "fix all of this kind" as one command where that is safe. A floor above
 * `commands` and `validate`, framework-free: the YAML pane's code actions, the Problems panel's
 * lightbulb and the palette are thin adapters over these functions.
 */
export { fixAllFor, fixAllOffers, type FixAllOffer } from './fix-all';
export { hasFixes } from './codes';
export { changedLines, previewFix } from './preview';
export type { CheckedText, FixKind, FixOptions, FixPreview, QuickFix } from './types';

/**
 * The fixes of one diagnostic, likeliest first, each previewed. Only fixes the command accepts are
 * offered, and (unless `verify` is false) only those that remove their problem and add no error.
 */
export function fixesFor(report: CheckedText, diagnostic: Diagnostic, options: FixOptions = {}): QuickFix[] {
  const out: QuickFix[] = [];
  for (const fix of planFixes(report.parsed, diagnostic, options, new Set())) {
    const preview = previewFix(report.parsed.text, fix);
    if (!preview) continue;
    if ((options.verify ?? true) && !keepsPromise(report.diagnostics, [diagnostic], preview.text, options)) continue;
    out.push({ ...fix, code: diagnostic.code, problems: [diagnostic], preferred: out.length === 0, preview });
  }
  return out;
}
