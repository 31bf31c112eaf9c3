import { createContext, useContext } from 'react';
import type { Readiness } from '../../core/graph';

/**
 * What the nodes and edges of the canvas can ask for. One object, created once by the canvas, so
 * that the memoized node and edge components never re-render because a callback changed.
 */
export interface CanvasActions {
  select(id: string): void;
  startRename(id: string): void;
  /**
   * Renames the node; false when the rename was refused (the reason is shown) and the field stays open.
   * `refocus`: the rename was ended from the keyboard, and the node (under its new name) takes the focus back.
   */
  commitRename(id: string, name: string, refocus?: boolean): boolean;
  /** Closes the rename field; `focusId`: the node that takes the focus back (ended from the keyboard). */
  cancelRename(focusId?: string): void;
  /**
   * Opens the first problem of a node or edge (by its id): the YAML pane shows it and the Problems
   * panel selects it. Looked up when asked, so that a badge drawn before the list changed opens the
   * right one.
   */
  openProblem(elementId: string): void;
  setCondition(first: string, then: string, ready: Readiness): void;
  remove(id: string): void;
  /** Edits the workload of the project a peer node stands for (by its node id), where there is a project. */
  editWorkload?(id: string): void;
  /** Collapses another workload's group to one node, or opens it again (by its node id). */
  toggleGroup?(id: string): void;
}

const CanvasActionsContext = createContext<CanvasActions | null>(null);

export const CanvasActionsProvider = CanvasActionsContext.Provider;

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions) throw new Error('useCanvasActions needs the graph canvas above it');
  return actions;
}
