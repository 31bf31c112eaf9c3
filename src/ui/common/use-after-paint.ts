import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './scheduling';

/**
 * `value`, as of the frame after the one that is drawn next: for a part of the page that should not
 * hold up that frame. React's own deferral (useDeferredValue) renders in a task of its own, but that
 * task often comes before the browser's next frame and delays it; here the update is asked for in
 * the next animation frame and made in the task that follows its rendering. The update is a
 * transition: typing that comes meanwhile interrupts it.
 *
 * With `now`, the value is passed through at once (an edit made in the part itself must show in the
 * frame it was made in).
 */
export function useAfterPaint<T>(value: T, now: boolean): T {
  const [shown, setShown] = useState(value);
  const lagging = !now && shown !== value;
  useEffect(() => {
    if (!lagging) return;
    return afterNextPaint(() => startTransition(() => setShown(value)));
  }, [lagging, value]);
  // Once passed through, the value is what shows: a later lagging update starts from it.
  if (now && shown !== value) setShown(value);
  return now ? value : shown;
}
