import { isRefusal } from '../commands/command';
import type { Edit } from '../document/edits';
import { runCommand } from '../commands/registry';
import type { Diagnostic, DiagnosticCode } from '../diagnostics';
import { LineIndex } from '../document/lines';
import { validateText } from '../validate';
import type { FixOptions, FixPreview, PlannedFix } from './types';

/**
 * Runs a fix on the text, as applying it would, and says which lines it changes: what the YAML pane
 * or the palette shows before the user applies it. Undefined when the command refuses (then the fix
 * is not offered).
 */
export function previewFix(text: string, fix: Pick<PlannedFix, 'command' | 'args'>): FixPreview | undefined {
  const result = runCommand(fix.command, text, fix.args);
  if (isRefusal(result)) return undefined;
  return changedLines(text, result.text, result.edits);
}

/** The whole lines the edits touch, before and after. */
export function changedLines(before: string, after: string, edits: readonly Edit[]): FixPreview {
  const lines = new LineIndex(before);
  if (edits.length === 0) {
    const range = lines.range(0, 0);
    return { range, before: '', after: '', edits: [], text: after };
  }
  const first = edits[0]!.start;
  const last = edits[edits.length - 1]!.end;
  const start = before.lastIndexOf('\n', first - 1) + 1;
  const endBreak = before.indexOf('\n', last);
  const end = endBreak < 0 ? before.length : endBreak;
  const grown = edits.reduce((sum, e) => sum + e.insert.length - (e.end - e.start), 0);
  return {
    range: lines.range(start, end),
    before: before.slice(start, end),
    after: after.slice(start, end + grown),
    edits: [...edits],
    text: after,
  };
}

/**
 * Whether the fixed text keeps the promise of a quick fix: fewer problems of the fixed kind where
 * they were, and no error of any kind more than before.
 */
export function keepsPromise(
  before: readonly Diagnostic[],
  fixed: ReadonlyArray<Pick<Diagnostic, 'code' | 'path'>>,
  text: string,
  options: FixOptions,
): boolean {
  const after = validateText(text, options.catalog ? { catalog: options.catalog } : {}).diagnostics;
  const at = (list: readonly Diagnostic[], d: Pick<Diagnostic, 'code' | 'path'>) =>
    list.filter((x) => x.code === d.code && x.path === d.path).length;
  if (fixed.some((d) => at(after, d) >= at(before, d))) return false;
  const errors = (list: readonly Diagnostic[]) => {
    const count = new Map<DiagnosticCode, number>();
    for (const d of list) if (d.severity === 'error') count.set(d.code, (count.get(d.code) ?? 0) + 1);
    return count;
  };
  const was = errors(before);
  for (const [code, n] of errors(after)) if (n > (was.get(code) ?? 0)) return false;
  return true;
}
