import {
  useStoreApi,
  type FinalConnectionState,
  type OnConnectStartParams,
  type ReactFlowInstance,
} from '@xyflow/react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
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

/** The node or edge a key or clipboard event is about: the focused one, else the selected one. */
function elementOf(target: EventTarget | null, selectedId: string | undefined): string | undefined {
  const element = target instanceof Element ? target.closest('.react-flow__node, .react-flow__edge') : null;
  return element?.getAttribute('data-id') ?? selectedId;
}

/** Parts of the canvas whose keys are their own (the toolbar, a notice, the search, the menu, React Flow's panels). */
const OWN_KEYS = '.graph-toolbar, .graph-notice, .react-flow__panel, .graph-search, .graph-context-menu';

/**
 * The canvas's keys (the table's `canvas` intents: C, F2, Delete…), on the focused node or edge, else
 * the selected one; those about no element (find, paste, the menu) with none. Undo and Redo are the
 * workspace's, except that on the canvas they first put back nodes moved since the text last changed;
 * they keep the keyboard's place. Copy and paste are left to the browser's copy and paste events (see
 * useClipboardEvents), which read and write the clipboard without asking for permission.
 */
export function useCanvasKeys(
  latest: RefObject<{ selectedId: string | undefined }>,
  focus: CanvasFocus,
  intentContext: (target: string | undefined) => IntentContext,
) {
  return useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const history = intentForKey('workspace', e);
      if ((history === intents.undo || history === intents.redo) && !typingIn(e.target)) {
        focus.keepThroughHistory(e.target as Element);
        const ctx = intentContext(elementOf(e.target, latest.current.selectedId));
        if (!ctx.canvas?.moves || !(history === intents.undo ? ctx.canvas.moves.canUndo() : ctx.canvas.moves.canRedo()))
          return; // undone or redone by the workspace's keys
        history.perform(ctx);
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (e.defaultPrevented || typingIn(e.target)) return;
      const target = e.target as Element;
      if (target.closest(OWN_KEYS)) return;
      // A button's Enter and Space are its own (a group's Collapse button inside its node).
      if ((e.key === 'Enter' || e.key === ' ') && target.closest('button')) return;
      const intent = intentForKey('canvas', e);
      if (!intent || intent === intents.copy || intent === intents.paste) return;
      const id = elementOf(target, latest.current.selectedId);
      if ((!id && intent.targets) || !performOrExplain(intent, intentContext(id))) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [latest, focus, intentContext],
  );
}

/**
 * Ctrl+C and Ctrl+V on the canvas: the browser's copy and paste events, whose clipboard is the
 * system's and needs no permission, run the table's Copy and Paste with it (`withTransfer`).
 */
export function useClipboardEvents(
  latest: RefObject<{ selectedId: string | undefined }>,
  intentContext: (target: string | undefined) => IntentContext,
  withTransfer: (data: DataTransfer | null, act: () => void) => void,
) {
  const handle = useCallback(
    (intent: typeof intents.copy | typeof intents.paste) => (e: ClipboardEvent<HTMLDivElement>) => {
      if (typingIn(e.target) || (e.target instanceof Element && e.target.closest(OWN_KEYS))) return;
      withTransfer(e.clipboardData, () => {
        if (performOrExplain(intent, intentContext(elementOf(e.target, latest.current.selectedId)))) e.preventDefault();
      });
    },
    [latest, intentContext, withTransfer],
  );
  return { onCopy: handle(intents.copy), onPaste: handle(intents.paste) };
}

/**
 * Shift held: a click adds to the selection (or takes away) and a drag on the empty canvas draws a
 * selection box. Read from the events themselves, never as React Flow's own key handlers would (on
 * the whole document, keeping Shift from the YAML editor): keys pressed anywhere, and the pointer
 * over the canvas.
 */
export function useShiftHeld(wrapper: RefObject<HTMLElement | null>): boolean {
  const [held, setHeld] = useState(false);
  const flowStore = useStoreApi();
  useEffect(() => {
    const key = (e: KeyboardEvent | globalThis.KeyboardEvent | PointerEvent) => setHeld(e.shiftKey);
    const off = () => setHeld(false);
    const canvas = wrapper.current;
    window.addEventListener('keydown', key, true);
    window.addEventListener('keyup', key, true);
    window.addEventListener('blur', off);
    canvas?.addEventListener('pointermove', key);
    canvas?.addEventListener('pointerdown', key, true);
    return () => {
      window.removeEventListener('keydown', key, true);
      window.removeEventListener('keyup', key, true);
      window.removeEventListener('blur', off);
      canvas?.removeEventListener('pointermove', key);
      canvas?.removeEventListener('pointerdown', key, true);
    };
  }, [wrapper]);
  // React Flow's click adds to the selection while this is set (its own key would set it).
  useEffect(() => flowStore.setState({ multiSelectionActive: held }), [flowStore, held]);
  return held;
}
