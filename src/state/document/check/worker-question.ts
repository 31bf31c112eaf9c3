import type { ParsedDocument } from '../../../core/document/parse';
import type { ValidationReport } from '../../../core/validate';
import type { CheckTimers, TimerHandle } from './timers';

/**
 * A question the page asks the validation worker about the text whose report is in the store, after
 * each check: what the Compose export makes of it (export-readiness.ts), what the orchestrator would
 * say (platform-findings.ts). Asked once the page is free (or some time later); a newer question, or
 * a newer report, makes the answer to an older one be dropped, so that nothing stale joins the report.
 */
export interface WorkerQuestion<A> {
  timers: CheckTimers;
  /** The report in the store now. */
  report: () => ValidationReport;
  /** Asks about the reading in the store; undefined when there is no one to ask (no worker, or it cannot answer this). */
  ask: (parsed: ParsedDocument) => Promise<A> | undefined;
  /** The answer about `parsed`, while its report is still the one in the store. */
  answered: (answer: A, parsed: ParsedDocument) => void;
}

export function askAfterEachCheck<A>({ timers, report, ask, answered }: WorkerQuestion<A>) {
  let timer: TimerHandle | undefined;
  let asked = 0;
  return {
    /** Asks about the report in the store `afterMs` from now, dropping any question not yet answered. */
    ask(afterMs = 0): void {
      timers.cancel(timer);
      const id = ++asked;
      timer = timers.after(afterMs, () => {
        timer = undefined;
        if (id !== asked) return;
        const { parsed } = report();
        ask(parsed)?.then(
          (answer) => {
            if (id === asked && report().parsed === parsed) answered(answer, parsed); // else a newer check came first
          },
          () => {}, // a failing worker is seen by the next check
        );
      });
    },
    /** Drops the question asked and not yet answered. */
    drop(): void {
      timers.cancel(timer);
      asked++;
    },
  };
}
