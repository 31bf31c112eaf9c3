import type { ReactFlowInstance } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { elementAt, pointerOf, type WorkloadGraph } from '../../core/graph';
import { useDocument } from '../../state/document/context';
import type { DocumentStore } from '../../state/document/store';
import { centreToReveal, DEFAULT_NODE_SIZE, prefersReducedMotion } from './geometry';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasLatest } from './use-canvas-edits';
import { MANY_EDGES, type CanvasSize } from './view-hooks';

/**
 * The selection after React Flow's report of elements selected (`picked`) and unselected (`dropped`):
 * those still selected keep their order and the new ones follow. The first is the one the YAML pane
 * and the inspector show; the others are selected with it (shift-click, a selection box) to be moved,
 * copied or duplicated together.
 */
export function nextSelection(
  current: readonly string[],
  picked: readonly string[],
  dropped: readonly string[],
): readonly string[] {
  const kept = current.filter((id) => !dropped.includes(id));
  const added = picked.filter((id, i) => !kept.includes(id) && picked.indexOf(id) === i);
  return added.length === 0 && kept.length === current.length ? current : [...kept, ...added];
}

/**
 * The canvas's selection, in step with the store's: selecting on the canvas selects the element's
 * part of the workload (the YAML pane and the inspector follow), and a selection made elsewhere (the
 * YAML cursor, the problems, a command's result) selects on the canvas and, unless a command made
 * it, pans the view to it. Several elements may be selected together (see nextSelection); the first
 * is the one the rest of the workspace shows.
 */
export function useCanvasSelection({
  store,
  latest: latestRef,
  flow,
  canvasSize: canvasSizeRef,
}: {
  store: DocumentStore;
  latest: RefObject<CanvasLatest>;
  flow: ReactFlowInstance<FlowNode, FlowEdge>;
  canvasSize: RefObject<CanvasSize | null>;
}) {
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([]);
  // The selection as of the last change, read at once: React Flow reports the nodes' changes and the
  // edges' apart, one right after the other.
  const now = useRef<readonly string[]>([]);
  const put = useCallback((ids: readonly string[]) => {
    now.current = ids;
    setSelectedIds(ids);
  }, []);
  const selectedId = selectedIds[0];
  const setSelectedId = useCallback((id: string | undefined) => put(id === undefined ? [] : [id]), [put]);

  const showInWorkspace = useCallback(
    (id: string) => {
      const pointer = pointerOf(latestRef.current.graph, id);
      if (pointer !== undefined) store.getState().select(pointer, 'graph');
    },
    [store, latestRef],
  );

  /** Selects one element alone. */
  const select = useCallback(
    (id: string) => {
      put([id]);
      showInWorkspace(id);
    },
    [put, showInWorkspace],
  );

  /**
   * React Flow's report of what was selected and unselected (a click, shift-click, a selection box),
   * applied to the selection; when the first selected changes, the workspace shows it.
   */
  const changeSelection = useCallback(
    (picked: readonly string[], dropped: readonly string[]) => {
      const before = now.current;
      const next = nextSelection(before, picked, dropped);
      if (next === before) return;
      put(next);
      if (next[0] !== undefined && next[0] !== before[0]) showInWorkspace(next[0]);
    },
    [put, showInWorkspace],
  );

  /** Selects these elements together (the first shown in the workspace): a paste, a search. */
  const selectAll = useCallback(
    (ids: readonly string[]) => {
      put(ids);
      if (ids[0] !== undefined) showInWorkspace(ids[0]);
    },
    [put, showInWorkspace],
  );

  /** Pans the view to a node outside it (keeping the zoom): the YAML cursor moved to it. */
  const reveal = useCallback(
    (id: string) => {
      const at = latestRef.current.positions[id];
      const box = canvasSizeRef.current;
      if (!at || !box) return;
      const viewport = flow.getViewport();
      const centre = centreToReveal(at, latestRef.current.sizes[id] ?? DEFAULT_NODE_SIZE, viewport, box);
      if (!centre) return;
      // A straight pan at the same zoom: React Flow's default path zooms out and back in on the way
      // (d3's smooth zoom), and every step drew the canvas again at another scale and hid and showed a
      // large graph's edges (useHideEdgesWhileZooming). A large graph is not panned step by step at
      // all: while the view moves, its labels and badges are layers of their own, and a step took
      // 25–40 ms. It jumps, in one frame (a caret key that brought a node of the 100×100 into view
      // was answered after 104–152 ms with the glide, 80–112 ms with the jump); so does every graph
      // for a user who asks for less motion.
      const glide = latestRef.current.graph.edges.length < MANY_EDGES && !prefersReducedMotion();
      void flow.setCenter(centre.x, centre.y, {
        zoom: viewport.zoom,
        duration: glide ? 150 : 0,
        interpolate: 'linear',
      });
    },
    [flow, latestRef, canvasSizeRef],
  );

  /**
   * Brings a node just made into view once it is on the canvas (the command that made it changes the
   * text; the graph drawn from it comes a render later): the view follows what the user added.
   */
  const follow = useCallback(
    (id: string) => {
      let tries = 0;
      const attempt = () => {
        if (latestRef.current.positions[id]) reveal(id);
        else if (++tries < 30) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [latestRef, reveal],
  );

  const selection = useDocument((s) => s.selection);
  useEffect(() => {
    if (selection?.source === 'graph') return; // made here: already shown
    const id = selection ? elementAt(latestRef.current.graph, selection.pointer) : undefined;
    // After the render that drew the graph the selection points into (a command changes both at once).
    // A command that made several parts (a paste) selects them all: the first one is the store's.
    if (id !== undefined && now.current[0] === id) return;
    setSelectedId(id);
    if (id && selection?.source !== 'command') reveal(id);
  }, [selection, reveal, latestRef, setSelectedId]);

  return { selectedId, selectedIds, setSelectedId, select, selectAll, changeSelection, follow, reveal };
}

/**
 * What an intent about the selection acts on, asked about `target` (the focused or right-clicked
 * element): the whole selection when the target is in it or there is none, else the target alone;
 * of that, the containers and resources (`parts`: what copy and duplicate take) or the nodes
 * (`nodes`: what a zoom shows, an edge standing for its two ends).
 */
export function elementsAskedFor(
  graph: WorkloadGraph,
  selection: readonly string[],
  target: { id: string } | undefined,
  what: 'parts' | 'nodes',
): string[] {
  const ids = target && !selection.includes(target.id) ? [target.id] : selection;
  const node = (id: string) => graph.nodes.find((n) => n.id === id);
  if (what === 'parts') return ids.filter((id) => (node(id)?.kind ?? 'workload') !== 'workload');
  const ends = ids.flatMap((id) => {
    const edge = graph.edges.find((e) => e.id === id);
    return edge ? [edge.source, edge.target] : [id];
  });
  return [...new Set(ends)].filter((id) => node(id) !== undefined);
}
