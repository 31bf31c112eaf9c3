import { compareDiagnostics, type Diagnostic } from '../../../core/diagnostics';
import { isExportReadiness, withExportReadiness } from '../../../core/export/compose/problems';
import type { ValidationReport } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import type { CheckTimers, TimerHandle } from './timers';

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
  let timer: TimerHandle | undefined;
  let asked = 0;

  return {
    /** `next`, with the export problems of the report it replaces, until the worker's answer about it. */
    carried(next: ValidationReport, before: ValidationReport): ValidationReport {
      const held = before.diagnostics.filter(isExportReadiness);
      return held.length === 0 || next.parsed.blocked ? next : withExportReadiness(next, held);
    },

    /**
     * A report is in the store: ask the worker what the Compose export makes of its text once the
     * page is free, or `afterMs` later (a text just opened: the worker, started then, stays out of the
     * page's first load).
     */
    follow(afterMs = 0): void {
      timers.cancel(timer);
      const id = ++asked;
      timer = timers.after(afterMs, () => {
        timer = undefined;
        const background = worker();
        const { parsed } = report();
        if (!background?.exportReadiness || id !== asked) return;
        background.exportReadiness(parsed.text).then(
          (found) => {
            const now = report();
            if (id !== asked || now.parsed !== parsed) return; // a newer check came first
            if (sameProblems(now.diagnostics.filter(isExportReadiness), found)) return;
            adopt(withExportReadiness(now, found));
          },
          () => {}, // a failing worker is seen by the next check, which then runs here
        );
      });
    },
  };
}

function sameProblems(held: readonly Diagnostic[], found: readonly Diagnostic[]): boolean {
  return held.length === found.length && JSON.stringify(held) === JSON.stringify([...found].sort(compareDiagnostics));
}
