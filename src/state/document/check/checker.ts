import type { Edit } from '../../../core/commands';
import type { ParsedDocument } from '../../../core/document/parse';
import { pointerAt } from '../../../core/document/source-map';
import type { ValidationReport } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import { createExportReadiness } from './export-readiness';
import { createIdleWork, WORKER_READ_DELAY_MS } from './idle-work';
import { createPlatformFindings, type PlatformHook } from './platform-findings';
import { isParsedHere } from './lazy-parsed';
import { afterChange, type PendingEdits } from './pending-edits';
import { pageTimers, type CheckTimers, type TimerHandle } from './timers';
import { validationOf, type ReadingHint, type Validation } from './validation';

/** Typing is checked this long after the last keystroke (DESIGN §4: ≤ 150 ms); blur and automation check at once. */
export const CHECK_DELAY_MS = 150;

/**
 * Texts shorter than this are checked here even when there is a worker, at the start of a frame, and
 * the frame shows the answer. After typing, a text is checked again from its reading before, the
 * edited entry read anew: on the generated 100-container, 100-resource workload (165 KB) that takes
 * 15–20 ms here on a 2-core machine. In the worker the same check took as long, and then its answer
 * had to be copied back and wait for the next frame: typing check → paint was 44–46 ms at the median,
 * against 35 ms here (bench:ui's typing measure, A/B, 4 pages each; INP was no worse). A reading on
 * the page is also the full one, which the worker's is not (see lazy-parsed.ts). Longer texts go to
 * the worker, so that typing never waits for their check, which grows with the text.
 */
export const BACKGROUND_CHECK_FROM = 192 * 1024;

/** The texts whose typing is rehearsed are shorter than this (longer ones are checked in the worker). */
export const REHEARSE_BELOW = BACKGROUND_CHECK_FROM;

/** A text's report, and the latest report whose text could be read (views keep showing it while the text does not parse). */
export interface Checked {
  report: ValidationReport;
  readable: ValidationReport;
}

/** What a check found at the caret: the offset it was made for (the one waiting then), and the pointer there when the text parses. */
export interface CaretAnswer {
  asked: number | undefined;
  pointer: string | undefined;
}

/** What the checker needs of the store. `C`: a new text with what goes with it (its history, its change). */
export interface CheckerHost<C extends { text: string }> {
  text(): string;
  checked(): Checked;
  /** The caret offset whose pointer waits for the next check (the text changed since the caret moved). */
  caret(): number | undefined;
  /**
   * Takes a new report. `caret`, when the check looked at the caret; `change`, a new text stored with
   * its report in one update, so that every view re-reads the store once per change, not twice.
   */
  adopt(checked: Checked, caret: CaretAnswer | undefined, change?: C): void;
  /** Stores a new text whose check comes later (or whose report is the one held already). */
  store(change: C): void;
}

export interface CheckerOptions {
  delayMs?: number;
  validate?: Validation;
  /** Where the checks that follow typing in a long text run; see DocumentStoreOptions.background. */
  background?: BackgroundValidation | undefined;
  backgroundFrom?: number;
  rehearse?: ((report: ValidationReport) => () => void) | undefined;
  timers?: CheckTimers;
  /** The orchestrator's view (the platform's files, and where its status goes), when the app has one. */
  platform?: PlatformHook | undefined;
}

/**
 * The checker: when and where the text is checked. Typing is checked after a pause of `delayMs`, at
 * the start of a frame (here) or in the worker (a long text); blur, commands, history moves and
 * automation check at once, here, because their callers need the answer now. A text opened, or
 * changed otherwise than by typing, is then read by the worker or rehearsed once the page is still
 * (idle-work.ts). Each check is handed what is known of how its text came to be (a command's reading
 * of its result, or the edits since the last check), so that nothing is read or compared twice.
 */
export function createChecker<C extends { text: string }>(
  host: CheckerHost<C>,
  {
    delayMs = CHECK_DELAY_MS,
    validate = validationOf,
    background,
    backgroundFrom = BACKGROUND_CHECK_FROM,
    rehearse,
    timers = pageTimers,
    platform: platformHook,
  }: CheckerOptions = {},
) {
  let worker = background;
  let timer: TimerHandle | undefined;
  /** Cancels the check waiting for the next frame. */
  let cancelFrame: (() => void) | undefined;
  /** Numbers the checks: only the answer to the latest one counts. */
  let checks = 0;
  /** The edits from the text last checked to the text of now, while they are known. */
  let pending: PendingEdits | undefined;
  const idle = createIdleWork({
    timers,
    worker: () => worker,
    backgroundFrom,
    rehearseBelow: REHEARSE_BELOW,
    rehearse,
    text: host.text,
    report: () => host.checked().report,
  });
  const followers = {
    timers,
    worker: () => worker,
    report: () => host.checked().report,
    adopt: (report: ValidationReport) =>
      host.adopt({ report, readable: report.parsed.blocked ? host.checked().readable : report }, undefined),
  };
  const readiness = createExportReadiness(followers);
  const platform = createPlatformFindings({ ...followers, hook: platformHook });
  /** What follows each check in the worker: the Compose export's problems, the orchestrator's view. */
  const follow = (text: string, afterMs?: number) => {
    readiness.follow(text, afterMs);
    platform.follow(text, afterMs);
  };

  const cancel = () => {
    timers.cancel(timer);
    timer = undefined;
    cancelFrame?.();
    cancelFrame = undefined;
  };

  /** What is known of how `text` came from the last text checked. */
  const hintFor = (text: string, reading?: ParsedDocument): ReadingHint | undefined => {
    if (reading?.text === text) return { parsed: reading };
    const previous = host.checked().report.parsed;
    if (!pending || pending.to !== text || pending.from !== previous.text) return undefined;
    // A reading from the worker has its YAML tree elsewhere: building it here would cost a whole parse.
    return isParsedHere(previous) ? { previous, edits: pending.edits } : undefined;
  };

  /** The check of `text`; `before`, the report it follows, whose export problems it shows until the worker's answer. */
  const derived = (
    text: string,
    readable: ValidationReport | undefined,
    hint?: ReadingHint,
    before?: ValidationReport,
  ): Checked => {
    const checked = validate(text, hint);
    const report = before ? platform.carried(readiness.carried(checked, before), before) : checked;
    return { report, readable: report.parsed.blocked && readable ? readable : report };
  };

  /** Checks the text now; `change`, when given, is a new text stored with its report. */
  const check = (change?: C, reading?: ParsedDocument): ValidationReport => {
    cancel();
    checks++; // an answer still on its way from the background is outdated now
    const { report, readable } = host.checked();
    const text = change?.text ?? host.text();
    if (report.parsed.text === text) {
      if (change) host.store(change);
      return report;
    }
    mark('score:check');
    const next = derived(text, readable, hintFor(text, reading), report);
    pending = undefined;
    const caret = host.caret();
    const pointer =
      caret !== undefined && !next.report.parsed.blocked ? pointerAt(next.report.parsed, caret) : undefined;
    host.adopt(next, { asked: caret, pointer }, change);
    mark('score:checked');
    follow(text);
    idle.readInBackground(text);
    if (change) idle.rehearseLater(text);
    return next.report;
  };

  /** The check after a pause in typing: in the background when there is one. */
  const checkLater = () => {
    timer = undefined;
    const text = host.text();
    if (host.checked().report.parsed.text === text) return;
    const background = worker;
    if (!background || text.length < backgroundFrom) {
      cancelFrame = timers.atNextFrame(() => {
        cancelFrame = undefined;
        check();
      });
      return;
    }
    const caret = host.caret();
    const asked = ++checks;
    mark('score:check');
    const since = pending?.to === text ? { from: pending.from, edits: pending.edits } : undefined;
    background.check(text, caret, since).then(
      ({ report: next, pointer }) => {
        if (asked !== checks || host.text() !== text) return; // a newer text or check came first
        pending = undefined;
        const before = host.checked().report;
        const report = platform.carried(readiness.carried(next, before), before);
        host.adopt(
          { report, readable: report.parsed.blocked ? host.checked().readable : report },
          { asked: caret, pointer },
        );
        mark('score:checked');
        follow(text);
      },
      () => {
        worker = undefined; // the worker failed: check here from now on
        if (asked === checks) check();
      },
    );
  };

  return {
    /**
     * The text changed from `before` by `edits` (`change` holds the new text): checked at once, or
     * after the pause typing gets. `reading`: a reading of the new text made already (a command's).
     */
    changed(change: C, before: string, edits: readonly Edit[], how: { now: boolean; reading?: ParsedDocument }): void {
      pending = afterChange(pending, host.checked().report.parsed.text, before, change.text, edits);
      cancel();
      idle.giveUpRehearsal();
      if (how.now) {
        check(change, how.reading);
      } else {
        host.store(change);
        timer = timers.after(delayMs, checkLater);
      }
    },

    /** The report of a text opened anew: nothing checked before says anything about it. */
    first(text: string): Checked {
      cancel();
      pending = undefined;
      return derived(text, undefined);
    },

    /** A text just opened is in the store: the page's idle moments prepare for typing in it. */
    opened(text: string): void {
      idle.readInBackground(text);
      idle.rehearseLater(text);
      follow(text, WORKER_READ_DELAY_MS);
    },

    /** Checks the current text now (on blur, or before answering automation) and returns the report. */
    flush: (): ValidationReport => check(),

    /** Checks the text again although it did not change: what it is checked against did (the catalog). */
    recheck(): void {
      cancel();
      checks++; // an answer on its way from the background was checked against the old rules
      const text = host.text();
      const next = derived(text, host.checked().readable, hintFor(text), host.checked().report);
      pending = undefined;
      host.adopt(next, undefined);
      follow(text);
    },

    /** The validation worker, while it works (the selection asks it where the caret is in a long text). */
    worker: (): BackgroundValidation | undefined => worker,
  };
}

export type Checker<C extends { text: string }> = ReturnType<typeof createChecker<C>>;

/** Marks on the page's performance timeline, for the UI bench and the browser's profiler: when a check starts and when its report is in the store. */
function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}
