import { useStore, type FitViewOptions, type ReactFlowInstance } from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Rect } from '../../core/graph';
import { fitBelowToolbar, readableFit } from './geometry';
import type { FlowEdge, FlowNode } from './to-flow';

/**
 * How the canvas keeps large workloads smooth and small screens usable: labels and background off
 * when seen from far, edges off while the zoom changes, the minimap only where there is room.
 */

/**
 * Marks the canvas as seen from far (zoomed out below `threshold`): edge labels are then too small to
 * read and, on a large workload, the most costly thing to draw, so the stylesheet hides them; below
 * OVERVIEW_ZOOM, a node's details give way to its name drawn large; and from further still (below
 * TINY_ZOOM), the words in the nodes. Attributes set directly, so that crossing a threshold
 * re-renders nothing.
 */
export function ZoomLevel({ canvas, threshold }: { canvas: RefObject<HTMLElement | null>; threshold: number }) {
  const far = useStore((s) => s.transform[2] < threshold);
  const tiny = useStore((s) => s.transform[2] < TINY_ZOOM);
  const overview = useStore((s) => s.transform[2] < OVERVIEW_ZOOM);
  useEffect(() => {
    canvas.current?.toggleAttribute('data-far', far);
  }, [canvas, far]);
  useEffect(() => {
    canvas.current?.toggleAttribute('data-overview', overview);
  }, [canvas, overview]);
  useEffect(() => {
    canvas.current?.toggleAttribute('data-tiny', tiny);
  }, [canvas, tiny]);
  return null;
}

/**
 * Below this zoom a node's words are two or three pixels high: the canvas is marked `data-tiny` and
 * the stylesheet draws the nodes as their boxes and badges only.
 */
export const TINY_ZOOM = 0.2;

/**
 * Below this zoom a node's name (13 px at zoom 1) is drawn under 8 px: the canvas is marked
 * `data-overview` and nodes show their names large, without their details (level of detail).
 */
export const OVERVIEW_ZOOM = 0.6;

export const FAR_ZOOM = 0.45;
/** A small graph's labels cost little: they stay until they are really too small to mean anything. */
export const FAR_ZOOM_SMALL_GRAPH = 0.3;

/**
 * From this many nodes, only those in view (and their edges) are in the page (React Flow's
 * onlyRenderVisibleElements). Below it every node is in the page, for find-in-page and the tests that
 * read the whole graph from it (the 125 × 125 workload of e2e/large-workload.spec.ts has 251).
 */
export const VISIBLE_ONLY_FROM = 500;

/** Above this many edges, they are not drawn while the zoom changes (as Cytoscape's hideEdgesOnViewport). */
export const MANY_EDGES = 150;

/**
 * On a large graph, drawing every edge again at each step of a zoom is what makes zooming stutter:
 * edges are hidden while the zoom changes and come back once it rests. Panning keeps them (it only
 * moves the canvas's layer).
 */
export function useHideEdgesWhileZooming(canvas: RefObject<HTMLElement | null>, edgeCount: number) {
  const zoom = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read through a ref: the handler keeps one identity when edges come and go (React Flow copies
  // `onMove` into its store, and a new one would notify every node and edge on the canvas).
  const count = useRef(edgeCount);
  useEffect(() => {
    count.current = edgeCount;
  }, [edgeCount]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (_event: unknown, viewport: { zoom: number }) => {
      const zoomed = zoom.current !== null && zoom.current !== viewport.zoom;
      zoom.current = viewport.zoom;
      if (!zoomed || count.current < MANY_EDGES) return;
      canvas.current?.setAttribute('data-zooming', '');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => canvas.current?.removeAttribute('data-zooming'), 160);
    },
    [canvas],
  );
}

/**
 * Marks the canvas as moving (`data-moving`) from the start of a pan or zoom to its end: the stylesheet
 * makes it a compositor layer only then. Set directly, so that a pan re-renders nothing. On a very
 * large graph (`large`) moved from far (below TINY_ZOOM), `movingFar` is true until the move ends: the
 * canvas then draws no edges (see useEdgesInReach). From there some 2,000 edges are in view, hairlines
 * between nodes a few pixels wide, and React Flow looks at each of them at every frame of the move
 * (1,000 × 1,000 workload: frames of 50–250 ms, 17 ms without).
 */
export function useMarkMoving(canvas: RefObject<HTMLElement | null>, large = false) {
  const [movingFar, setMovingFar] = useState(false);
  // Read through a ref: the handlers keep one identity (React Flow copies them into its store).
  const isLarge = useRef(large);
  useEffect(() => {
    isLarge.current = large;
  }, [large]);
  const onMoveStart = useCallback(
    (_event: unknown, viewport: { zoom: number }) => {
      canvas.current?.setAttribute('data-moving', '');
      if (isLarge.current && viewport.zoom < TINY_ZOOM) setMovingFar(true);
    },
    [canvas],
  );
  const onMoveEnd = useCallback(() => {
    canvas.current?.removeAttribute('data-moving');
    setMovingFar(false);
  }, [canvas]);
  return { onMoveStart, onMoveEnd, movingFar };
}

export type CanvasSize = { width: number; height: number };

/**
 * Keeps `size` (the canvas's size as last observed, read without measuring the page: no forced
 * layout) with one ResizeObserver, and returns whether the canvas is big enough for the minimap (on a
 * small one it would cover the nodes).
 */
export function useCanvasSize(element: RefObject<HTMLElement | null>, size: RefObject<CanvasSize | null>): boolean {
  const [roomy, setRoomy] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      size.current = { width, height };
      setRoomy(width >= 640 && height >= 420);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, size]);
  return roomy;
}

/**
 * Fits the graph in view at each new layout (first open, another workload, Auto layout), below the
 * toolbar and never smaller than names can be read (readableFit: a large graph is shown from its
 * start and panned); returns the options the Fit View button uses to fit all of it (one object,
 * kept to the toolbar's height).
 */
export function useFitOnLayout(
  wrapper: RefObject<HTMLElement | null>,
  flow: ReactFlowInstance<FlowNode, FlowEdge>,
  laidOut: number,
  graphBox: () => { bounds: Rect; focus: Rect | undefined } | undefined,
): FitViewOptions {
  const [fit] = useState(fitBelowToolbar);
  useLayoutEffect(() => {
    const toolbar = wrapper.current?.querySelector<HTMLElement>('.graph-toolbar');
    return toolbar ? fit.follow(toolbar) : undefined;
  }, [fit, wrapper]);
  // Read when the frame comes: the box of the graph as laid out by then.
  const box = useRef(graphBox);
  useLayoutEffect(() => {
    box.current = graphBox;
  });
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const graph = box.current();
      const canvas = wrapper.current;
      if (!graph || !canvas) return;
      const { clientWidth: width, clientHeight: height } = canvas;
      const side = Math.min(48, width * 0.05);
      const padding = { top: fit.below.top, bottom: Math.min(48, height * 0.08), left: side, right: side };
      void flow.setViewport(readableFit(graph.bounds, { width, height }, padding, { focus: graph.focus }));
    });
    return () => cancelAnimationFrame(frame);
  }, [laidOut, flow, fit, wrapper]);
  return fit.options;
}
