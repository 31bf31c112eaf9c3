import { useEffect, useState } from 'react';
import { SAY_WORKING_AFTER_MS } from './load-export';

/**
 * The value of what may be a promise, as a view shows it: while a new promise is pending, the last
 * value it settled to is kept (no blink at every check), and `working` says so once it has been
 * pending for a while, or at once when there is no value yet.
 */
export function useSettled<T>(asked: T | Promise<T> | undefined): { value: T | undefined; working: boolean } {
  const [settled, setSettled] = useState<{ of: Promise<T>; value: T }>();
  const [slow, setSlow] = useState<Promise<T>>();
  useEffect(() => {
    if (!(asked instanceof Promise)) return;
    let live = true;
    const timer = setTimeout(() => setSlow(asked), SAY_WORKING_AFTER_MS);
    asked.then(
      (value) => {
        if (!live) return;
        clearTimeout(timer);
        setSettled({ of: asked, value });
      },
      () => clearTimeout(timer), // the exports do not fail (they answer with their errors)
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asked]);
  if (!(asked instanceof Promise)) return { value: asked, working: false };
  if (settled?.of === asked) return { value: settled.value, working: false };
  return { value: settled?.value, working: settled === undefined || slow === asked };
}
