import { useCallback, useMemo, type RefObject } from 'react';
import type { CanvasControls, CanvasTarget, IntentContext, ProjectControls } from '../intents/table';
import type { useArrange } from './use-arrange';
import type { CanvasLatest } from './use-canvas-edits';
import { elementsAskedFor } from './use-canvas-selection';

/**
 * The intents' context on the canvas (see ui/intents/table), about a target: the edits' controls
 * (use-canvas-edits.ts), with arranging's — moves undone and redone, the layout's direction, copy,
 * paste, duplicate, zoom to, find, the context menu — and the project's, where there is one.
 */
export function useCanvasIntentContext({
  latest,
  wrapper,
  arrange,
  openMenu,
  project,
  editsContext,
  openSearch,
}: {
  latest: RefObject<CanvasLatest>;
  wrapper: RefObject<HTMLElement | null>;
  arrange: ReturnType<typeof useArrange>;
  openMenu: (target: CanvasTarget | undefined) => void;
  project: ProjectControls | undefined;
  editsContext: (target: string | CanvasTarget | undefined) => IntentContext;
  /** Opens the search (a state's setter: one identity). */
  openSearch: (open: true) => void;
}): (target: string | CanvasTarget | undefined) => IntentContext {
  const arrangeControls = useMemo<Partial<CanvasControls>>(
    () => ({
      moves: {
        canUndo: () => latest.current.layout.canUndoMove(),
        canRedo: () => latest.current.layout.canRedoMove(),
        undo: () => void latest.current.layout.undoMove(),
        redo: () => void latest.current.layout.redoMove(),
      },
      direction: () => latest.current.layout.direction,
      setDirection: (direction) => latest.current.layout.setDirection(direction),
      asked: (target, what) => elementsAskedFor(latest.current.graph, latest.current.selectedIds, target, what),
      copy: arrange.copy,
      paste: arrange.paste,
      duplicate: arrange.duplicate,
      zoomTo: arrange.zoomTo,
      find: () => {
        openSearch(true);
        // Asked again while open: back to its field (opened, it takes the focus itself).
        wrapper.current?.querySelector<HTMLElement>('.graph-search input')?.focus();
      },
      openMenu: (target) => openMenu(target),
      ...(project ? { project } : {}),
    }),
    [arrange, openMenu, project, openSearch, latest, wrapper],
  );
  return useCallback(
    (target: string | CanvasTarget | undefined) => {
      const ctx = editsContext(target);
      return { ...ctx, canvas: ctx.canvas && { ...ctx.canvas, ...arrangeControls } };
    },
    [editsContext, arrangeControls],
  );
}
