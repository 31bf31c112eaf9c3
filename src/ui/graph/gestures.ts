import type { FinalConnectionState, OnConnectStartParams, ReactFlowInstance } from '@xyflow/react';
import { useCallback, useRef, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { planConnection, type ResourceTypeInfo, type WorkloadGraph, type XY } from '../../core/graph';
import { intentForKey, isTextField, performOrExplain } from '../intents/dispatch';
import { intents, type IntentContext } from '../intents/table';
import { isClick, nodeAt, pointOf, spotForDrop } from './geometry';
import { RESOURCE_TYPE_MIME } from './palette';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasFocus } from './use-canvas-focus';

/**
 * The canvas's gestures, apart from its component (as xyflow keeps them): connecting by dragging,
 * dropping a resource type from the palette, and the keys of the canvas's intents.
 */

/**
 * Connecting by dragging from a handle: dropped on a handle or anywhere on a node's body. Dragged
 * from a target handle (a node's left side), the connection runs the other way.
 */
export function useConnectGesture(
  latest: RefObject<{ graph: WorkloadGraph }>,
  requestConnection: (sourceId: string, targetId: string) => void,
) {
  const connectFrom = useRef<XY | null>(null);
  const onConnectStart = useCallback((event: MouseEvent | TouchEvent, _params: OnConnectStartParams) => {
    connectFrom.current = pointOf(event);
  }, []);
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      const from = state.fromNode?.id;
      if (!from) return;
      const at = pointOf(event);
      const to = state.toNode?.id ?? nodeAt(at);
      if (!to) return; // let go on the empty canvas: nothing was meant
      if (to === from && isClick(connectFrom.current, at)) return; // a click on a handle
      if (state.fromHandle?.type === 'target') requestConnection(to, from);
      else requestConnection(from, to);
    },
    [requestConnection],
  );
  const isValidConnection = useCallback(
    (c: { source: string; target: string }) =>
      planConnection(latest.current.graph, c.source, c.target).kind !== 'refused',
    [latest],
  );
  return { onConnectStart, onConnectEnd, isValidConnection };
}

/** A resource type dragged from the palette and dropped on the canvas is added where it was dropped. */
export function usePaletteDrop(
  flow: ReactFlowInstance<FlowNode, FlowEdge>,
  palette: readonly ResourceTypeInfo[],
  addResource: (type: ResourceTypeInfo, at: XY) => void,
) {
  const onDragOver = useCallback((e: DragEvent) => {
    if (!e.dataTransfer.types.includes(RESOURCE_TYPE_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = palette.find((t) => t.type === e.dataTransfer.getData(RESOURCE_TYPE_MIME));
      if (!type) return;
      e.preventDefault();
      addResource(type, spotForDrop(flow.screenToFlowPosition({ x: e.clientX, y: e.clientY })));
    },
    [flow, addResource, palette],
  );
  return { onDragOver, onDrop };
}

/** A field whose keys are its own (the edge's condition is a select: Delete there is not the edge's). */
const typingIn = (target: EventTarget | null) => isTextField(target) || target instanceof HTMLSelectElement;

/**
 * The canvas's keys (the table's `canvas` intents: C, F2, Delete…), on the focused node or edge, else
 * the selected one. Undo and Redo are the workspace's; here they only keep the keyboard's place.
 */
export function useCanvasKeys(
  latest: RefObject<{ selectedId: string | undefined }>,
  focus: CanvasFocus,
  intentContext: (target: string) => IntentContext,
) {
  return useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const history = intentForKey('workspace', e);
      if ((history === intents.undo || history === intents.redo) && !typingIn(e.target)) {
        focus.keepThroughHistory(e.target as Element);
        return; // undone or redone by the workspace's keys
      }
      if (e.defaultPrevented || typingIn(e.target)) return;
      const target = e.target as Element;
      if (target.closest('.graph-toolbar, .graph-notice, .react-flow__panel')) return;
      const intent = intentForKey('canvas', e);
      const id =
        target.closest('.react-flow__node, .react-flow__edge')?.getAttribute('data-id') ?? latest.current.selectedId;
      if (!intent || !id || !performOrExplain(intent, intentContext(id))) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [latest, focus, intentContext],
  );
}
