import type { ValidationReport } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import { isParsedHere } from './lazy-parsed';
import { REHEARSALS } from './rehearsal';
import type { CheckTimers, TimerHandle } from './timers';

/** How long the page must be still before the worker reads a long text checked here. */
export const WORKER_READ_DELAY_MS = 500;

/** How long the page must be still before the check of typing is rehearsed (see `rehearse`). */
export const REHEARSAL_DELAY_MS = 200;

export interface IdleWorkOptions {
  timers: CheckTimers;
  /** The worker, while it works. */
  worker: () => BackgroundValidation | undefined;
  /** Texts at least this long are checked in the worker after typing (BACKGROUND_CHECK_FROM). */
  backgroundFrom: number;
  /** Texts from REHEARSE_FROM up to this length are rehearsed (see REHEARSE_BELOW). */
  rehearseBelow: number;
  /** See DocumentStoreOptions.rehearse. */
  rehearse?: ((report: ValidationReport) => () => void) | undefined;
  /** The text of now, and the report it was last checked to. */
  text: () => string;
  report: () => ValidationReport;
}

/**
 * The texts whose typing is rehearsed: long enough for the rehearsal to run the check's code as
 * typing will (a few lines run it too little for the engine to compile it), and checked on the page.
 */
export const REHEARSE_FROM = 1024;

/**
 * What the checker does while the page is still, after a text was checked here: the worker reads a
 * long one, and the check of typing is rehearsed on a shorter one, so that the first keystrokes in it
 * do not pay for the first reading or for the engine compiling that check.
 */
export function createIdleWork({
  timers,
  worker,
  backgroundFrom,
  rehearseBelow,
  rehearse,
  text,
  report,
}: IdleWorkOptions) {
  /** The worker's reading of a long text checked here, waiting for the page to be still. */
  let readTimer: TimerHandle | undefined;
  /** The rehearsal of typing waiting for the page to be idle, and how many were made. */
  let rehearsalTimer: TimerHandle | undefined;
  let rehearsals = 0;
  /** Gives up the rest of the rehearsal under way. */
  let stopRehearsal = () => {};

  /** Gives up the rehearsal waiting for the page to be still, or the rest of the one under way. */
  const giveUpRehearsal = () => {
    timers.cancel(rehearsalTimer);
    rehearsalTimer = undefined;
    stopRehearsal();
    stopRehearsal = () => {};
  };

  return {
    /**
     * A long text checked here (opened, changed by a command or automation) is read by the worker too
     * once the page is still, so that the check after the next typing is a quick re-check there. Put
     * off by a newer text, not by another look at this one (a flush, the YAML pane showing a selection),
     * nor by the caret moving: typing that comes during the reading waits for it, but without it that
     * check would read the whole text itself, in a worker maybe not even started yet (the first check
     * after opening the 100×100 then took longer than the pause between keystrokes).
     */
    readInBackground(checked: string): void {
      timers.cancel(readTimer);
      readTimer = undefined;
      const background = worker();
      if (!background || checked.length < backgroundFrom) return;
      readTimer = timers.after(WORKER_READ_DELAY_MS, () => {
        readTimer = undefined;
        const { parsed } = report();
        // A failing worker is seen by the next check.
        if (text() === checked && parsed.text === checked) background.read(parsed).catch(() => {});
      });
    },

    /**
     * A text opened, replaced whole or changed by a command (not typed) is one the user may now type
     * in: the check of that typing is rehearsed once the page has been still for a moment, if the
     * text is checked here (a longer one is checked in the worker, and rehearsing it here would block
     * the page), and only the first few times: by then the engine has compiled that code.
     */
    rehearseLater(checked: string): void {
      giveUpRehearsal();
      if (!rehearse || rehearsals >= REHEARSALS || checked.length < REHEARSE_FROM || checked.length >= rehearseBelow) {
        return;
      }
      const rehearsal = rehearse;
      rehearsalTimer = timers.after(REHEARSAL_DELAY_MS, () => {
        rehearsalTimer = undefined;
        const now = report();
        // Typed meanwhile (that runs the code anyway), or the reading is the worker's (a long text).
        if (text() !== checked || now.parsed.text !== checked || !isParsedHere(now.parsed)) return;
        rehearsals++;
        stopRehearsal = rehearsal(now);
      });
    },

    giveUpRehearsal,
  };
}

export type IdleWork = ReturnType<typeof createIdleWork>;
