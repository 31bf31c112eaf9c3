import { useLayoutEffect, type RefObject } from 'react';

/** Room kept between a popup and the window's edge. */
const MARGIN = 8;

/**
 * Keeps a popup that hangs from a control (a menu, a report under a button) inside the window: it is
 * moved left as far as its right edge would pass the window's, and never past the window's left edge.
 * A button near the right of the top bar, or a window zoomed to 200%, otherwise left the end of its
 * lines cut off. Measured before the paint, and again when the window changes size.
 */
export function useKeepInWindow(ref: RefObject<HTMLElement | null>, shown: unknown): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      element.style.translate = '';
      const { left, right } = element.getBoundingClientRect();
      const over = right - (window.innerWidth - MARGIN);
      const shift = Math.min(Math.max(over, 0), Math.max(left - MARGIN, 0));
      if (shift > 0) element.style.translate = `${-shift}px 0`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, shown]);
}
