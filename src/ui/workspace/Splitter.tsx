import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useLayout } from '../../state/layout/context';
import { SIZE_LIMITS, type PaneId } from '../../state/layout/store';

/** Arrow keys move a splitter by this much; Shift moves it further. */
const STEP = 16;

/**
 * The handle between two panes that resizes the pane after it (the inspector, the YAML pane, the
 * problems), by mouse, touch or keyboard. `vertical` is a handle between side-by-side panes.
 */
export function Splitter({
  pane,
  vertical,
  label,
}: {
  pane: Exclude<PaneId, 'graph'>;
  vertical: boolean;
  label: string;
}) {
  const size = useLayout((s) => s.sizes[pane]);
  const setSize = useLayout((s) => s.setSize);
  const drag = useRef<{ start: number; size: number } | null>(null);
  const position = (e: PointerEvent) => (vertical ? e.clientX : e.clientY);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? STEP * 4 : STEP;
    const grow = vertical ? { ArrowLeft: step, ArrowRight: -step } : { ArrowUp: step, ArrowDown: -step };
    const delta = (grow as Record<string, number | undefined>)[e.key];
    if (delta !== undefined) setSize(pane, size + delta);
    else if (e.key === 'Home') setSize(pane, SIZE_LIMITS.min);
    else if (e.key === 'End') setSize(pane, SIZE_LIMITS.max);
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      className={`splitter ${vertical ? 'vertical' : 'horizontal'}`}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-label={label}
      aria-valuenow={size}
      aria-valuemin={SIZE_LIMITS.min}
      aria-valuemax={SIZE_LIMITS.max}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { start: position(e), size };
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        // The pane after the handle grows as the handle moves towards the start.
        setSize(pane, drag.current.size - (position(e) - drag.current.start));
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
    />
  );
}
