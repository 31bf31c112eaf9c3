import {
  boundsOf,
  estimatedSize,
  placeGroups,
  type LayoutDirection,
  type Positions,
  type Rect,
  type Size,
  type WorkloadGraph,
  type XY,
} from '../../core/graph';

/**
 * The canvas's geometry, apart from its components (as xyflow keeps it): where the view fits, where
 * it pans to show a node, where a new node lands, which node lies under a point.
 */

/** The size a node is taken to have before React Flow has measured it. */
export const DEFAULT_NODE_SIZE: Size = { width: 220, height: 90 };

/** The size of a node's name on the canvas at zoom 1 (graph.css, .graph-node-head). */
export const NODE_TITLE_PX = 13;
/** The smallest a name may be drawn when the canvas fits itself: below that, it is not read but guessed. */
export const READABLE_TITLE_PX = 11;
/**
 * The least zoom at which the canvas fits the graph by itself (opening a workload, Auto layout): a
 * graph too big for the pane at this zoom is shown from its start (the workload and its first
 * containers, at the left) and the rest is panned to. "Fit all" (the controls' button) still shrinks
 * the whole graph into view when asked.
 */
export const MIN_FIT_ZOOM = Math.ceil((READABLE_TITLE_PX / NODE_TITLE_PX) * 100) / 100; // 0.85, in whole hundredths

/** Room kept around the graph when the view fits it: on top, below the canvas's toolbar. */
export interface FitPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The view that shows `bounds` (the graph's box) in a canvas of `canvas` size: the whole graph,
 * centred, when it fits at a zoom of at least `minZoom`; otherwise at `minZoom`, so that names stay
 * readable and the rest is a pan away. Along a side where the graph does not fit, the view starts
 * at the graph's start (its left: the graph reads left to right) or, given `focus` (the workload's
 * node), is centred on it as far as the graph goes. Never above `maxZoom`.
 */
export function readableFit(
  bounds: Rect,
  canvas: Size,
  padding: FitPadding,
  { minZoom = MIN_FIT_ZOOM, maxZoom = 1, focus }: { minZoom?: number; maxZoom?: number; focus?: Rect } = {},
): { x: number; y: number; zoom: number } {
  const room = {
    width: Math.max(1, canvas.width - padding.left - padding.right),
    height: Math.max(1, canvas.height - padding.top - padding.bottom),
  };
  const fits = Math.min(room.width / Math.max(1, bounds.width), room.height / Math.max(1, bounds.height));
  const zoom = Math.min(maxZoom, Math.max(minZoom, fits));
  /** Where the view's origin goes along one side: `start` and `size` of the graph, `space` to show it in. */
  const along = (start: number, size: number, space: number, before: number, centre: number | undefined) => {
    if (size * zoom <= space) return before + (space - size * zoom) / 2 - start * zoom;
    if (centre === undefined) return before - start * zoom;
    // The focus in the middle, but no emptiness before the graph's start or after its end.
    const from = Math.min(Math.max(centre - space / zoom / 2, start), start + size - space / zoom);
    return before - from * zoom;
  };
  return {
    x: along(bounds.x, bounds.width, room.width, padding.left, undefined),
    y: along(bounds.y, bounds.height, room.height, padding.top, focus && focus.y + focus.height / 2),
    zoom,
  };
}

// The box around nodes: the core's (core/graph/layout.ts), where the project's frames are planned too.
export { boundsOf } from '../../core/graph';

/**
 * The box around everything drawn (with the edited workload's frame, whose name stands above its
 * nodes, in a project of several) and the workload node's, which a first fit keeps in view.
 */
export function graphBounds({
  graph,
  positions,
  sizes,
}: {
  graph: WorkloadGraph;
  positions: Positions;
  sizes: Readonly<Record<string, Size>>;
}): { bounds: Rect; focus: Rect | undefined } | undefined {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string) => sizes[id] ?? estimatedSize(byId.get(id)!);
  const nodes = boundsOf([...byId.keys()], positions, sizeOf);
  const frame = nodes && placeGroups(graph, positions, (n) => sizeOf(n.id)).frame;
  const bounds = frame
    ? boundsOf(['nodes', 'frame'], { nodes, frame }, (id) => (id === 'frame' ? frame : nodes!))
    : nodes;
  const workload = graph.nodes.find((n) => n.kind === 'workload');
  return bounds && { bounds, focus: workload && boundsOf([workload.id], positions, sizeOf) };
}

/**
 * Fitting the view on demand (a new layout, the Fit View button) leaves room at the top for the
 * canvas's toolbar, which lies over the canvas (two or three rows in a narrow window): its `top` is
 * kept to the toolbar's height as it changes. One object, so that the controls are not made anew.
 * `below` is the same room in pixels, for readableFit.
 */
export function fitBelowToolbar() {
  const padding = { top: '56px' as `${number}px`, x: '12%' as const, bottom: '12%' as const };
  const options = { padding, maxZoom: 1 };
  const below = { top: 56 };
  const follow = (toolbar: HTMLElement) => {
    const measure = () => {
      below.top = toolbar.offsetTop + toolbar.offsetHeight + 16;
      padding.top = `${below.top}px`;
    };
    measure(); // now: the first fit comes before the observer's first report
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    return () => observer.disconnect();
  };
  return { options, below, follow };
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

/** A new node made from the toolbar, beside the selected node (after it along the flow: to its right, or below it). */
export function spotBeside(at: XY, size: Size | undefined, direction: LayoutDirection = 'left-to-right'): XY {
  if (direction === 'top-to-bottom') return { x: at.x, y: at.y + (size?.height ?? DEFAULT_NODE_SIZE.height) + 80 };
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
