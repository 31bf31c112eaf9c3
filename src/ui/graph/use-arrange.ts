import type { ReactFlowInstance } from '@xyflow/react';
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import {
  copiedText,
  copyParts,
  estimatedSize,
  isEmptyCopy,
  partsFromText,
  planPaste,
  type CopiedParts,
  type XY,
} from '../../core/graph';
import type { DocumentStore } from '../../state/document/store';
import { boundsOf, DEFAULT_NODE_SIZE, readableFit } from './geometry';
import type { GraphNoticeState } from './GraphNotice';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasLatest, RunCommand } from './use-canvas-edits';

/** The gap between what was copied and its copy, put beside it. */
const COPY_GAP = 80;

/**
 * Copy, paste and duplicate on the canvas, and zooming to what is selected. What a copy holds and
 * what pasting it means are the core's (core/graph/paste.ts); this carries it out: the clipboard (the
 * system's, as Score YAML, where the browser allows it, and the app's own copy when it does not),
 * where the copies land (beside what they were copied from, else in the middle of the view), and
 * the selection of what was pasted.
 */
export function useArrange({
  store,
  latest,
  flow,
  wrapper,
  run,
  selectAll,
  tell,
  announce,
}: {
  store: DocumentStore;
  latest: RefObject<CanvasLatest>;
  flow: ReactFlowInstance<FlowNode, FlowEdge>;
  wrapper: RefObject<HTMLElement | null>;
  run: RunCommand;
  selectAll: (ids: readonly string[]) => void;
  /** Why something cannot be done (a notice over the canvas). */
  tell: (notice: GraphNoticeState) => void;
  /** What was done, said without taking the focus (the canvas's status line). */
  announce: (text: string) => void;
}) {
  /** The last copy made here: pasted when the system's clipboard cannot be read or holds no parts. */
  const kept = useRef<CopiedParts | undefined>(undefined);
  /** The clipboard of the copy or paste event being handled (Ctrl+C, Ctrl+V): read and written without asking. */
  const transfer = useRef<DataTransfer | null>(null);

  const sizeOf = useCallback(
    (id: string) => {
      const { graph, sizes } = latest.current;
      const node = graph.nodes.find((n) => n.id === id);
      return sizes[id] ?? (node ? estimatedSize(node) : DEFAULT_NODE_SIZE);
    },
    [latest],
  );

  /** Zooms and pans so that the nodes fill the view, as far as the canvas's zoom goes. */
  const zoomTo = useCallback(
    (ids: readonly string[]) => {
      const bounds = boundsOf(ids, latest.current.positions, sizeOf);
      const canvas = wrapper.current;
      if (!bounds || !canvas) return;
      const toolbar = canvas.querySelector<HTMLElement>('.graph-toolbar');
      const top = toolbar ? toolbar.offsetTop + toolbar.offsetHeight + 16 : 56;
      const padding = { top, bottom: 48, left: 48, right: 48 };
      const size = { width: canvas.clientWidth, height: canvas.clientHeight };
      void flow.setViewport(readableFit(bounds, size, padding, { minZoom: 0.05, maxZoom: 1.25 }), { duration: 0 });
    },
    [latest, wrapper, flow, sizeOf],
  );

  /** Brings the nodes into view when some of them are outside it (keeping the zoom when they all fit). */
  const zoomIfOutside = useCallback(
    (ids: readonly string[]) => {
      const bounds = boundsOf(ids, latest.current.positions, sizeOf);
      const canvas = wrapper.current;
      if (!bounds || !canvas) return;
      const { x, y, zoom } = flow.getViewport();
      const inside =
        bounds.x * zoom + x >= 0 &&
        bounds.y * zoom + y >= 0 &&
        (bounds.x + bounds.width) * zoom + x <= canvas.clientWidth &&
        (bounds.y + bounds.height) * zoom + y <= canvas.clientHeight;
      if (!inside) zoomTo(ids);
    },
    [latest, wrapper, flow, sizeOf, zoomTo],
  );

  /** Adds the parts, each copy beside the part it was copied from (or in the middle of the view), and selects them. */
  const paste = useCallback(
    (parts: CopiedParts) => {
      const { graph, positions, layout } = latest.current;
      const plan = planPaste(graph, parts);
      const originals = plan.madeFrom.map(([from]) => from).filter((id) => positions[id]);
      const box = boundsOf(originals, positions, sizeOf);
      const view = wrapper.current?.getBoundingClientRect();
      const centre = view
        ? flow.screenToFlowPosition({ x: view.left + view.width / 2, y: view.top + view.height / 2 })
        : { x: 0, y: 0 };
      plan.madeFrom.forEach(([from, to], i) => {
        const at: XY | undefined = positions[from];
        layout.hint(
          to,
          at && box
            ? { x: at.x + box.width + COPY_GAP, y: at.y }
            : {
                x: centre.x - DEFAULT_NODE_SIZE.width / 2 + i * 40,
                y: centre.y - DEFAULT_NODE_SIZE.height / 2 + i * 40,
              },
        );
      });
      if (run(plan.command) !== undefined) return; // the store says why
      selectAll(plan.ids);
      // Once drawn: the copies in view with what they were copied from.
      requestAnimationFrame(() => requestAnimationFrame(() => zoomIfOutside([...originals, ...plan.ids])));
    },
    [latest, run, selectAll, sizeOf, wrapper, flow, zoomIfOutside],
  );

  const copy = useCallback(
    (ids: readonly string[]) => {
      const parts = copyParts(store.getState().readable.parsed.value, ids);
      if (isEmptyCopy(parts)) return;
      kept.current = parts;
      const text = copiedText(parts);
      if (transfer.current) transfer.current.setData('text/plain', text);
      // Outside a copy event (the context menu, the palette) the browser may refuse: the app's copy stays.
      else void navigator.clipboard?.writeText(text).catch(() => undefined);
      const count = ids.length;
      announce(`Copied ${count === 1 ? 'one part' : `${count} parts`} (as Score YAML).`);
    },
    [store, announce],
  );

  /** Pastes what the clipboard holds: parts copied, or Score YAML of containers and resources. */
  const pasteFromClipboard = useCallback(() => {
    const fromText = (text: string | undefined) => (text ? partsFromText(text) : undefined);
    const pasteOrSay = (parts: CopiedParts | undefined) => {
      if (parts) paste(parts);
      else
        tell({
          kind: 'refused',
          text: 'Nothing to paste: copy containers or resources first (or Score YAML of some).',
        });
    };
    if (transfer.current) return pasteOrSay(fromText(transfer.current.getData('text/plain')) ?? kept.current);
    if (!navigator.clipboard?.readText) return pasteOrSay(kept.current);
    // Reading the system's clipboard may be refused (permission): the app's own copy is pasted then.
    navigator.clipboard.readText().then(
      (text) => pasteOrSay(fromText(text) ?? kept.current),
      () => pasteOrSay(kept.current),
    );
  }, [paste, tell]);

  const duplicate = useCallback(
    (ids: readonly string[]) => {
      const parts = copyParts(store.getState().readable.parsed.value, ids);
      if (!isEmptyCopy(parts)) paste(parts);
    },
    [store, paste],
  );

  /** Runs `act` with the clipboard of a copy or paste event, so that it is read or written at once. */
  const withTransfer = useCallback((data: DataTransfer | null, act: () => void) => {
    transfer.current = data;
    try {
      act();
    } finally {
      transfer.current = null;
    }
  }, []);

  return useMemo(
    () => ({ copy, paste: pasteFromClipboard, duplicate, zoomTo, withTransfer }),
    [copy, pasteFromClipboard, duplicate, zoomTo, withTransfer],
  );
}

export type Arrange = ReturnType<typeof useArrange>;
