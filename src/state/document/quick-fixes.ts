import type { Catalog } from '../../core/catalog/types';
import { isRefusal, type CommandArgs, type CommandName } from '../../core/commands';
import type { Diagnostic } from '../../core/diagnostics';
import { fixAllFor, fixesFor, type QuickFix } from '../../core/quick-fixes';
import type { DocumentStore } from './store';

/**
 * Quick fixes in the app: which fixes a problem of the open workload has (planned by the core's
 * quick-fixes, against the text as it is now) and running the one chosen through the store, as one
 * undo step. The Problems panel's lightbulb, the palette's Quick fix and the YAML pane's code actions
 * all come here; none of them plans a fix itself.
 */

/** The fixes offered for one problem, and the text they were planned on. */
export interface FixChoice {
  /** The problem, as the text now has it. */
  diagnostic: Diagnostic;
  /** Its fixes, likeliest first, each previewed. */
  fixes: QuickFix[];
  /** Every problem of the first fix's family fixed at once, where the core offers it (two or more). */
  fixAll: QuickFix | undefined;
  /** The text the fixes were planned on: applied to another, they would change the wrong bytes. */
  text: string;
}

/** The same problem in another report of the text: what and where, as the Problems panel keys a row. */
const sameProblem = (a: Diagnostic, b: Diagnostic) => a.code === b.code && a.path === b.path && a.message === b.message;

/**
 * The fixes of a problem (an index into the report's diagnostics, or the problem itself from an older
 * report), against the text as it is now (typing not yet checked is checked first). Undefined when
 * the problem is no longer there.
 */
export function fixChoice(
  store: DocumentStore,
  problem: number | Diagnostic,
  catalog?: Catalog,
): FixChoice | undefined {
  const before = store.getState().report;
  const wanted = typeof problem === 'number' ? before.diagnostics[problem] : problem;
  if (!wanted) return undefined;
  const report = store.getState().flush();
  const diagnostic =
    report.diagnostics.find((d) => d === wanted) ?? report.diagnostics.find((d) => sameProblem(d, wanted));
  if (!diagnostic) return undefined;
  const options = catalog ? { catalog } : {};
  const fixes = fixesFor(report, diagnostic, options);
  const family = fixes.find((f) => f.fixAll);
  const fixAll = family ? fixAllFor(report, family.kind, options) : undefined;
  return { diagnostic, fixes, fixAll, text: report.parsed.text };
}

/**
 * Applies a fix planned on `plannedOn`: its command through the store (one undo step; the views
 * follow). Refused, with a message, when the text has changed since (the fix would edit other bytes
 * than those previewed) or when the command refuses. True when applied.
 */
export function applyFix(store: DocumentStore, fix: Pick<QuickFix, 'command' | 'args'>, plannedOn: string): boolean {
  const state = store.getState();
  if (state.text !== plannedOn) {
    state.say('error', 'The workload changed after the fix was offered; choose the fix again.');
    return false;
  }
  // The command checks its own arguments: the core planned them for this command.
  return !isRefusal(state.runCommand(fix.command, fix.args as CommandArgs<CommandName>));
}
