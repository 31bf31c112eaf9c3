/**
 * The time the checker waits on: timeouts (the pause after typing, the page being still) and the
 * start of the next frame. The page's own by default; a test hands in fake ones and moves time itself.
 */
export interface CheckTimers {
  /** Runs `run` after `ms` milliseconds; the handle cancels it. */
  after(ms: number, run: () => void): TimerHandle;
  cancel(handle: TimerHandle | undefined): void;
  /** Runs `run` at the start of the next frame; returns a function that cancels it. */
  atNextFrame(run: () => void): () => void;
}

/** What `after` returns, for `cancel`: the page's timer id, or a test's own. */
export type TimerHandle = unknown;

/**
 * The page's timers. Each call looks the global functions up anew, so that a test's fake timers
 * (installed on the globals) are the ones used.
 */
export const pageTimers: CheckTimers = {
  after: (ms, run) => setTimeout(run, ms),
  cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
  atNextFrame,
};

/** How long a check waits for a frame at most: a hidden page draws none. */
const FRAME_WAIT_LIMIT_MS = 100;

/**
 * Runs `run` at the start of the browser's next frame (at once where there are no frames: Node, the
 * tests), so that what it changes is drawn in that frame. A check made in the middle of a frame is
 * seen only in the next one; made at its start, it is seen in that frame, and the time between the
 * end of the pause in typing and the paint is, on average, the same (DESIGN §4: ≤ 150 ms for the
 * pause). Returns a function that cancels it.
 */
function atNextFrame(run: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    run();
    return () => {};
  }
  const stop = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
  const once = () => {
    stop();
    run();
  };
  const frame = requestAnimationFrame(once);
  const timeout = setTimeout(once, FRAME_WAIT_LIMIT_MS);
  return stop;
}
