import { useCallback, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import type { WorkloadGraph, XY } from '../../core/graph';
import type { CanvasTarget, IntentContext } from '../intents/table';
import type { MenuRequest } from './ContextMenu';

/**
 * The canvas's context menu, opened by a right-click on a node, an edge or the empty canvas, or from
 * the keyboard (the table's contextMenu intent, on the focused element). A right-click on a node
 * outside the selection selects it first, as file managers and design tools do.
 */
export function useContextMenu({
  wrapper,
  latest,
  select,
}: {
  wrapper: RefObject<HTMLElement | null>;
  latest: RefObject<{ graph: WorkloadGraph; selectedIds: readonly string[] }>;
  select: (id: string) => void;
}) {
  const [menu, setMenu] = useState<MenuRequest | null>(null);
  const shown = useRef<MenuRequest | null>(null);
  useLayoutEffect(() => {
    shown.current = menu;
  });
  /**
   * The intents' context the menu is opened with, set by the canvas once it has it (its controls
   * include opening this menu): read when the menu opens.
   */
  const context = useRef<(target: CanvasTarget | undefined) => IntentContext>(() => {
    throw new Error('The canvas gives the context menu its intents’ context');
  });

  /** Opens the menu about `target` (the canvas when none), at a point of the canvas or beside the element. */
  const open = useCallback(
    (target: CanvasTarget | undefined, at?: XY) => {
      const request = menuRequest(wrapper.current, latest.current.graph, target, at);
      if (request) setMenu({ ...request, context: context.current(target) });
    },
    [wrapper, latest],
  );

  const close = useCallback((refocus: boolean) => {
    if (refocus) shown.current?.returnFocus?.focus({ preventScroll: true });
    setMenu(null);
  }, []);

  const onElement = useCallback(
    (kind: 'node' | 'edge', e: MouseEvent, id: string) => {
      e.preventDefault();
      const { graph, selectedIds } = latest.current;
      const found =
        kind === 'node' ? graph.nodes.find((n) => n.id === id)?.kind : graph.edges.some((x) => x.id === id) && 'edge';
      if (!found) return;
      if (!selectedIds.includes(id)) select(id);
      open({ id, kind: found }, pointIn(wrapper.current, e));
    },
    [latest, wrapper, select, open],
  );
  const onPane = useCallback(
    (e: MouseEvent | globalThis.MouseEvent) => {
      e.preventDefault();
      open(undefined, pointIn(wrapper.current, e));
    },
    [wrapper, open],
  );
  const handlers = useMemo(
    () => ({
      onNodeContextMenu: (e: MouseEvent, node: { id: string }) => onElement('node', e, node.id),
      onEdgeContextMenu: (e: MouseEvent, edge: { id: string }) => onElement('edge', e, edge.id),
      onPaneContextMenu: onPane,
    }),
    [onElement, onPane],
  );

  /** Gives the menu the intents' context, once the canvas has it. */
  const provide = useCallback((make: (target: CanvasTarget | undefined) => IntentContext) => {
    context.current = make;
  }, []);

  return { menu, open, close, handlers, provide };
}

/** Where a mouse event is, in the canvas's own pixels. */
function pointIn(canvas: HTMLElement | null, e: MouseEvent | globalThis.MouseEvent): XY {
  const box = canvas?.getBoundingClientRect();
  return { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
}

/** The menu about `target`, opened at `at` or, from the keyboard, just below the element's name. */
function menuRequest(
  canvas: HTMLElement | null,
  graph: WorkloadGraph,
  target: CanvasTarget | undefined,
  at: XY | undefined,
): Omit<MenuRequest, 'context'> | undefined {
  const box = canvas?.getBoundingClientRect();
  if (!canvas || !box) return undefined;
  let point = at;
  if (!point && target) {
    const r = canvas.querySelector(`[data-id="${CSS.escape(target.id)}"]`)?.getBoundingClientRect();
    if (r) point = { x: r.left - box.left + Math.min(r.width / 2, 40), y: r.bottom - box.top - 8 };
  }
  const name = target && graph.nodes.find((n) => n.id === target.id)?.name;
  const label = !target
    ? 'Actions on the canvas'
    : target.kind === 'edge'
      ? 'Actions on the connection'
      : `Actions on ${target.kind} ${name ?? ''}`.trim();
  return {
    place: !target ? 'canvas' : target.kind === 'edge' ? 'edge' : 'node',
    label,
    at: point ?? { x: 48, y: 72 },
    returnFocus: document.activeElement instanceof HTMLElement ? document.activeElement : null,
  };
}
