import { compareDiagnostics, type Diagnostic } from '../../../core/diagnostics';
import type { PlatformFiles, StatusView } from '../../../core/orchestrator/status-view';
import type { ValidationReport } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import type { CheckTimers } from './timers';
import { askAfterEachCheck } from './worker-question';

/**
 * The orchestrator's view follows each check while it is on: once a text's report is in the store,
 * the validation worker previews the status the score-orchestrator would give the workload under the
 * platform's configuration and admission policies (core/orchestrator/status-view.ts), and what the
 * Workload resource, the policies and the orchestrator say joins the report as diagnostics (sources
 * `export`, `policy`, `orchestrator`), at their places. CEL and the orchestrator's code stay in the
 * worker, and are downloaded there only when the view is first on.
 *
 * As with the Compose export's problems (export-readiness.ts), a new report keeps the findings of the
 * one before until the worker answers about it, so that the Problems list does not blink while typing;
 * the findings are known by identity (the report's other layers never hand these objects on).
 */
export interface PlatformHook {
  /** The platform's files while the orchestrator view is on; undefined while it is off. */
  files(): PlatformFiles | undefined;
  /** The status of the text now in the store, or null when there is none (the view is off). */
  answered(status: { text: string; view: StatusView } | null): void;
}

export interface PlatformFindingsOptions {
  timers: CheckTimers;
  worker: () => BackgroundValidation | undefined;
  report: () => ValidationReport;
  adopt: (report: ValidationReport) => void;
  hook: PlatformHook | undefined;
}

export function createPlatformFindings({ timers, worker, report, adopt, hook }: PlatformFindingsOptions) {
  const ours = new WeakSet<Diagnostic>();
  /** Findings were adopted since the view was last off. */
  let found = false;
  const isOurs = (d: Diagnostic) => ours.has(d);
  const question = askAfterEachCheck<Awaited<ReturnType<NonNullable<BackgroundValidation['platformStatus']>>>>({
    timers,
    report,
    ask(parsed) {
      const files = hook?.files();
      return files && !parsed.blocked ? worker()?.platformStatus?.(parsed.text, files) : undefined;
    },
    answered(answer, parsed) {
      if (!answer || !hook) return;
      const now = report();
      found = true;
      if (!same(now.diagnostics.filter(isOurs), answer.diagnostics)) {
        for (const d of answer.diagnostics) ours.add(d);
        const kept = now.diagnostics.filter((d) => !isOurs(d));
        adopt({ ...now, diagnostics: [...kept, ...answer.diagnostics].sort(compareDiagnostics) });
      }
      hook.answered({ text: parsed.text, view: answer.view });
    },
  });

  return {
    /** `next`, with the findings of the report it replaces while the view is on, until the worker's answer about it. */
    carried(next: ValidationReport, before: ValidationReport): ValidationReport {
      const held = hook?.files() ? before.diagnostics.filter(isOurs) : [];
      if (held.length === 0 || next.parsed.blocked) return next;
      return { ...next, diagnostics: [...next.diagnostics, ...held].sort(compareDiagnostics) };
    },

    /** A report of `text` is in the store: ask the worker for its status once the page is free (or `afterMs` later). */
    follow(_text: string, afterMs = 0): void {
      if (!hook) return;
      if (hook.files()) {
        question.ask(afterMs);
        return;
      }
      // Off: nothing is asked, and what the view found before goes (nothing was found before the store was made).
      question.drop();
      hook.answered(null);
      const now = found ? report() : undefined;
      found = false;
      if (now?.diagnostics.some(isOurs)) adopt({ ...now, diagnostics: now.diagnostics.filter((d) => !isOurs(d)) });
    },
  };
}

/** The same findings (the report held them sorted; the worker sends them sorted): no new report is needed. */
function same(held: readonly Diagnostic[], found: readonly Diagnostic[]): boolean {
  return held.length === found.length && JSON.stringify(held) === JSON.stringify(found);
}
