import { useCallback, useMemo, type RefObject } from 'react';
import type { WorkloadGraph } from '../../core/graph';

/**
 * Keeps the keyboard on the canvas through what takes a node away from under it: a rename (the node
 * is made anew under its new id), Undo or Redo (which may take the node away), a notice closed after
 * a removal. The focus then goes to the node now in question, never to the page, so that the
 * canvas's keys go on working; and it is never taken from somewhere else the user went.
 */
export function useCanvasFocus(
  wrapper: RefObject<HTMLElement | null>,
  latest: RefObject<{ graph: WorkloadGraph; selectedId: string | undefined }>,
) {
  /**
   * Gives the keyboard focus to a node once it is on the canvas: after a rename its element is made
   * anew under its new id (and hidden until React Flow has measured it), so it is looked for over a
   * few frames, as long as the focus has not gone elsewhere.
   */
  const focusNodeSoon = useCallback(
    (id: string) => {
      let tries = 0;
      const attempt = () => {
        // Only while the focus is nowhere (the field it was in has gone): never taken from elsewhere.
        if (document.activeElement && document.activeElement !== document.body) return;
        const node = wrapper.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
        node?.focus({ preventScroll: true });
        if (document.activeElement !== node && ++tries < 30) requestAnimationFrame(attempt);
      };
      requestAnimationFrame(attempt);
    },
    [wrapper],
  );

  /**
   * Undo or redo from a node with the keyboard may take the node away (a rename undone makes it anew
   * under its old name): the focus then goes to the node now in its place in the graph's order.
   */
  const keepThroughHistory = useCallback(
    (from: Element) => {
      const id = from.closest('.react-flow__node')?.getAttribute('data-id');
      const place = id ? latest.current.graph.nodes.findIndex((n) => n.id === id) : -1;
      if (place < 0) return;
      requestAnimationFrame(() => {
        const nodes = latest.current.graph.nodes;
        const target = nodes[Math.min(place, nodes.length - 1)]?.id;
        if (target) focusNodeSoon(target);
      });
    },
    [latest, focusNodeSoon],
  );

  /** Whether the canvas's notice has the focus (it takes it after Delete). */
  const noticeHasFocus = useCallback(
    () => !!wrapper.current?.querySelector('.graph-notice')?.contains(document.activeElement),
    [wrapper],
  );

  /**
   * After a notice that had the focus closed: the focus goes back to the canvas, to what came back
   * (`focusId`, after Undo), else the selected element or the first node.
   */
  const returnToCanvas = useCallback(
    (focusId?: string) => {
      const { graph, selectedId } = latest.current;
      const nodeId = (id: string | undefined) => (id && graph.nodes.some((n) => n.id === id) ? id : undefined);
      const target = focusId ?? nodeId(selectedId) ?? graph.nodes[0]?.id;
      if (target) focusNodeSoon(target);
    },
    [latest, focusNodeSoon],
  );

  return useMemo(
    () => ({ focusNodeSoon, keepThroughHistory, noticeHasFocus, returnToCanvas }),
    [focusNodeSoon, keepThroughHistory, noticeHasFocus, returnToCanvas],
  );
}

export type CanvasFocus = ReturnType<typeof useCanvasFocus>;
