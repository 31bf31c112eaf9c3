import type { ReactFlowInstance } from '@xyflow/react';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { elementAt, pointerOf } from '../../core/graph';
import { useDocument } from '../../state/document/context';
import type { DocumentStore } from '../../state/document/store';
import { centreToReveal, DEFAULT_NODE_SIZE, prefersReducedMotion } from './geometry';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasLatest } from './use-canvas-edits';
import { MANY_EDGES, type CanvasSize } from './view-hooks';

/**
 * The canvas's selection, in step with the store's: selecting on the canvas selects the element's
 * part of the workload (the YAML pane and the inspector follow), and a selection made elsewhere (the
 * YAML cursor, the problems, a command's result) selects on the canvas and, unless a command made
 * it, pans the view to it.
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
  const [selectedId, setSelectedId] = useState<string>();

  const select = useCallback(
    (id: string) => {
      setSelectedId(id);
      const pointer = pointerOf(latestRef.current.graph, id);
      if (pointer !== undefined) store.getState().select(pointer, 'graph');
    },
    [store, latestRef],
  );

  // React Flow reports a new selection as the new element selected and the old one unselected, the
  // nodes' changes and the edges' apart, in either order: an element unselected clears the selection
  // only if it is still the selected one once the changes before it are applied.
  const unselect = useCallback((id: string) => setSelectedId((current) => (current === id ? undefined : current)), []);

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
    setSelectedId(id);
    if (id && selection?.source !== 'command') reveal(id);
  }, [selection, reveal, latestRef]);

  return { selectedId, setSelectedId, select, unselect, follow };
}
