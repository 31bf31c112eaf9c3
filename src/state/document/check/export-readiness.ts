import { compareDiagnostics, type Diagnostic } from '../../../core/diagnostics';
import { exportFindings, withExportReadiness } from '../../../core/export/compose/problems';
import type { ValidationReport } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import type { CheckTimers } from './timers';
import { askAfterEachCheck } from './worker-question';

/**
 * Export readiness follows each check: once a text's report is in the store, the validation worker
 * runs the Compose export of it (core/export/compose/readiness.ts) and its problems join the report.
 * The export never runs on the page, and never before the check's answer is shown: typing waits for
 * neither. A newer text drops the answer about an older one.
 *
 * Until the worker answers about a new text, its report keeps the export problems of the text before
 * (`carried`), so that the status and the Problems list do not blink at every pause in typing; the
 * worker's answer then replaces them (and only causes an update when they changed).
 */
/** From this length (as typing stops asking for suggestions, ui/yaml/typing-suggestions.ts), readiness waits LONG_TEXT_WAIT_MS. */
const LONG_TEXT = 64 * 1024;
const LONG_TEXT_WAIT_MS = 500;

export interface ExportReadinessOptions {
  timers: CheckTimers;
  /** The worker, while it works; without one, or once it fails, nothing is asked. */
  worker: () => BackgroundValidation | undefined;
  /** The report in the store now. */
  report: () => ValidationReport;
  /** Puts the report with the export's problems in the store. */
  adopt: (report: ValidationReport) => void;
}

export function createExportReadiness({ timers, worker, report, adopt }: ExportReadinessOptions) {
  const question = askAfterEachCheck<Diagnostic[]>({
    timers,
    report,
    ask: (parsed) => worker()?.exportReadiness?.(parsed.text),
    answered(found) {
      const now = report();
      if (!sameProblems(exportFindings(now.diagnostics), found)) adopt(withExportReadiness(now, found));
    },
  });

  return {
    /** `next`, with the export problems of the report it replaces, until the worker's answer about it. */
    carried(next: ValidationReport, before: ValidationReport): ValidationReport {
      const held = exportFindings(before.diagnostics);
      return held.length === 0 || next.parsed.blocked ? next : withExportReadiness(next, held);
    },

    /**
     * A report of `text` is in the store (or about to be): ask the worker what the Compose export makes of its text once the
     * page is free, or `afterMs` later (a text just opened: the worker, started then, stays out of the
     * page's first load).
     */
    follow(text: string, afterMs = 0): void {
      // A long text's export takes the worker a while (the 100×100: about 200 ms on a loaded 2-core
      // machine), and holds up its next check: asked for only once typing has paused for longer.
      question.ask(text.length >= LONG_TEXT ? Math.max(afterMs, LONG_TEXT_WAIT_MS) : afterMs);
    },
  };
}

function sameProblems(held: readonly Diagnostic[], found: readonly Diagnostic[]): boolean {
  const sorted = (list: readonly Diagnostic[]) => JSON.stringify([...list].sort(compareDiagnostics));
  return held.length === found.length && sorted(held) === sorted(found);
}
