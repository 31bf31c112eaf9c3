import type { Positions, Size, XY } from '../../core/graph';

/**
 * The canvas's geometry, apart from its components (as xyflow keeps it): where the view fits, where
 * it pans to show a node, where a new node lands, which node lies under a point.
 */

/** The size a node is taken to have before React Flow has measured it. */
export const DEFAULT_NODE_SIZE: Size = { width: 220, height: 90 };

/** The first fit, as React Flow does it when the canvas appears. One object: see GraphPane. */
export const FIT_VIEW_OPTIONS = { padding: 0.12, maxZoom: 1 };

/**
 * Fitting the view on demand (a new layout, the Fit View button) leaves room at the top for the
 * canvas's toolbar, which lies over the canvas (two or three rows in a narrow window): its `top` is
 * kept to the toolbar's height as it changes. One object, so that the controls are not made anew.
 */
export function fitBelowToolbar() {
  const padding = { top: '56px' as `${number}px`, x: '12%' as const, bottom: '12%' as const };
  const options = { padding, maxZoom: 1 };
  const follow = (toolbar: HTMLElement) => {
    const measure = () => void (padding.top = `${toolbar.offsetTop + toolbar.offsetHeight + 16}px`);
    measure(); // now: the first fit comes before the observer's first report
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    return () => observer.disconnect();
  };
  return { options, follow };
}

/**
 * Where to centre the view, at the same zoom, to show a node that lies (partly) outside the canvas;
 * undefined when the whole node is in view.
 */
export function centreToReveal(
  at: XY,
  size: Size,
  viewport: { x: number; y: number; zoom: number },
  canvas: Size,
): XY | undefined {
  const { x, y, zoom } = viewport;
  const left = at.x * zoom + x;
  const top = at.y * zoom + y;
  const inside =
    left >= 0 && top >= 0 && left + size.width * zoom <= canvas.width && top + size.height * zoom <= canvas.height;
  return inside ? undefined : { x: at.x + size.width / 2, y: at.y + size.height / 2 };
}

/** A new node made from the toolbar, beside the selected node (to its right). */
export function spotBeside(at: XY, size: Size | undefined): XY {
  return { x: at.x + (size?.width ?? DEFAULT_NODE_SIZE.width) + 80, y: at.y };
}

/** A new node made from the toolbar with nothing selected: in the middle of the view. */
export function spotCentredOn(centre: XY): XY {
  return { x: centre.x - DEFAULT_NODE_SIZE.width / 2, y: centre.y - DEFAULT_NODE_SIZE.height / 2 };
}

/** A node dropped at a point of the canvas: its top left, so that the pointer is near its middle. */
export function spotForDrop(at: XY): XY {
  return { x: at.x - DEFAULT_NODE_SIZE.width / 2, y: at.y - 40 };
}

/** The point of the screen a mouse or touch event happened at. */
export function pointOf(event: MouseEvent | TouchEvent): XY {
  if ('changedTouches' in event) {
    const touch = event.changedTouches[0];
    return { x: touch?.clientX ?? 0, y: touch?.clientY ?? 0 };
  }
  return { x: event.clientX, y: event.clientY };
}

/** A press and release this close together is a click, not a drag. */
export function isClick(from: XY | null, to: XY): boolean {
  return !from || Math.hypot(to.x - from.x, to.y - from.y) < 8;
}

/** The node under a point of the screen (its body, not only its handles). */
export function nodeAt(at: XY): string | undefined {
  for (const element of document.elementsFromPoint(at.x, at.y)) {
    const id = element.closest('.react-flow__node')?.getAttribute('data-id');
    if (id) return id;
  }
  return undefined;
}

/** The positions without those of `ids`; the same object when it has none of them. */
export function withoutKeys(positions: Positions, ids: readonly string[]): Positions {
  if (!ids.some((id) => id in positions)) return positions;
  const out = { ...positions };
  for (const id of ids) delete out[id];
  return out;
}

/** The user asked the system for less motion: the view goes where it must in one step. */
export const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
