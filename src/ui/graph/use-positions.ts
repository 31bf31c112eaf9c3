import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  autoLayout,
  estimatedSize,
  keepFlow,
  placeNewNodes,
  type GraphNode,
  type LayoutDirection,
  type Positions,
  type Size,
  type WorkloadGraph,
  type XY,
} from '../../core/graph';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { sharedGraphLayoutStorage, type GraphLayoutStorage } from '../../state/layout/graph-layout';
import {
  canRedoMove,
  canUndoMove,
  emptyMoveHistory,
  recordMove,
  redoMove,
  undoMove,
  type MoveHistory,
} from '../../state/layout/move-history';
import { onPageLeave } from '../../state/browser/page-leave';

interface PositionState {
  /** The workload the positions belong to (its name). */
  key: string;
  /** The name the workload had when its positions were stored, if it was renamed since. */
  renamedFrom: string | undefined;
  /** The `open` change they were loaded for: another open loads the stored positions again. */
  openSeq: number | null;
  positions: Positions;
  /** Which way Auto layout (and a first layout) lays the graph out: the workload's choice, kept with its positions. */
  direction: LayoutDirection;
  /** The graph the positions were last kept for: what changed since tells which nodes and edges are new (keepFlow). */
  seen: WorkloadGraph;
  /** Places asked for nodes about to be made (a drop point, the view's centre), until they appear. */
  hints: ReadonlyMap<string, XY>;
  /** Layouts asked for (Auto layout) and done: a difference means lay out now. */
  layoutsAsked: number;
  layoutsDone: number;
  /** Times the view should fit the whole graph: another workload was opened, or it was laid out anew. */
  fits: number;
  /** The user's moves, to undo and redo (another workload starts afresh). */
  moves: MoveHistory;
}

export interface GraphPositions {
  positions: Positions;
  /** Increases whenever the view should fit the whole graph: another workload opened, or a new layout. */
  laidOut: number;
  /** The user moved nodes (a drag, arrow keys): keep and remember where they are; one gesture, one undo step. */
  move(moves: ReadonlyArray<readonly [string, XY]>): void;
  /** Puts the nodes of the last move back, when that move is the newest thing to undo; false otherwise. */
  undoMove(): boolean;
  /** Moves them again, when that is the next thing to redo; false otherwise. */
  redoMove(): boolean;
  /** Whether undoMove (redoMove) would do something now. */
  canUndoMove(): boolean;
  canRedoMove(): boolean;
  /** Lays the whole graph out again (dagre). */
  relayout(): void;
  /** Which way the graph is laid out (the workload's choice), and where edges leave and enter nodes. */
  direction: LayoutDirection;
  /** Chooses the direction, kept for this workload, and lays the graph out in it. */
  setDirection(direction: LayoutDirection): void;
  /** The place a node about to be made should land (a drop point, the view's centre). */
  hint(id: string, at: XY): void;
  /** A node was renamed: its position moves to its new id. */
  carry(fromId: string, toId: string): void;
}

/**
 * Where the nodes are. Positions the user set are kept per workload outside score.yaml (localStorage)
 * and survive a reload, as does the direction of its layout. A workload seen for the first time is
 * laid out with dagre; nodes that appear later (from the canvas, the form or the YAML) are placed
 * near where they were made or after what they follow, never on top of another node; nothing the user
 * placed moves by itself, unless a new edge of it would run backwards (then keepFlow moves the fewest).
 */
export function useGraphPositions(
  graph: WorkloadGraph,
  sizes: Readonly<Record<string, Size>>,
  storage: GraphLayoutStorage = sharedGraphLayoutStorage(),
): GraphPositions {
  const openSeq = useDocument((s) => (s.lastChange?.source === 'open' ? s.lastChange.seq : null));
  const documentStore = useDocumentStore();
  const sizeOf = (node: GraphNode): Size => sizes[node.id] ?? estimatedSize(node);

  const [state, setState] = useState<PositionState>(() => ({
    ...load(graph, storage, sizeOf),
    renamedFrom: undefined,
    openSeq,
    seen: graph,
    hints: new Map(),
    layoutsAsked: 0,
    layoutsDone: 0,
    fits: 0,
    moves: emptyMoveHistory,
  }));

  // Derived during render (React's pattern for state that follows props), so that a new node is never
  // drawn at 0,0 for one frame.
  let current = state;
  if (openSeq !== null && openSeq !== state.openSeq) {
    current = {
      ...state,
      ...load(graph, storage, sizeOf),
      renamedFrom: undefined,
      openSeq,
      seen: graph,
      fits: state.fits + 1,
      moves: emptyMoveHistory,
    };
  } else if (isAnotherWorkload(graph, state.positions)) {
    // The text was replaced by another workload's (automation's setText, a paste over everything): laid
    // out and fitted as if opened. Nothing the user placed is left on the canvas to move.
    current = {
      ...state,
      ...load(graph, storage, sizeOf),
      renamedFrom: undefined,
      seen: graph,
      fits: state.fits + 1,
      moves: emptyMoveHistory,
    };
  } else if (graph.name !== state.key) {
    current = { ...state, key: graph.name, renamedFrom: state.renamedFrom ?? state.key };
  }
  if (current.layoutsAsked !== current.layoutsDone) {
    current = {
      ...current,
      positions: autoLayout(graph, sizeOf, current.direction),
      seen: graph,
      layoutsDone: current.layoutsAsked,
      fits: current.fits + 1,
    };
  }
  if (graph !== current.seen || graph.nodes.some((n) => current.positions[n.id] === undefined)) {
    const { seen: previous, positions, hints, direction } = current;
    current = {
      ...current,
      seen: graph,
      positions: keepFlow({ previous, graph, positions, hints, sizeOf, direction }),
    };
  }
  if (current.hints.size > 0 && graph.nodes.some((n) => current.hints.has(n.id))) {
    // A hint is spent once its node is on the canvas.
    current = {
      ...current,
      hints: new Map([...current.hints].filter(([id]) => !graph.nodes.some((n) => n.id === id))),
    };
  }
  if (current !== state) setState(current);
  // Read by undo and redo, which answer at once whether they did anything.
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  /** The name the positions were last written under. */
  const written = useRef<string | undefined>(undefined);
  useEffect(() => {
    // Renaming a workload carries its positions from the name they were last written under: typing a
    // name renames at every check, and no name typed on the way is left behind in storage.
    if (state.renamedFrom !== undefined) storage.rename(written.current ?? state.renamedFrom, state.key);
    storage.write(state.key, state.positions, state.direction);
    written.current = state.key;
  }, [storage, state.key, state.renamedFrom, state.positions, state.direction]);

  // The storage writes changes once they pause: what waits is written when the page is hidden or
  // closed, and when the graph goes (another view, a test's unmount).
  useEffect(() => {
    const stopListening = onPageLeave(() => storage.flush());
    return () => {
      stopListening();
      storage.flush();
    };
  }, [storage]);

  const move = useCallback(
    (moves: ReadonlyArray<readonly [string, XY]>) => {
      if (moves.length === 0) return;
      const text = documentStore.getState().text;
      setState((s) => {
        const rounded = moves.map(([id, at]) => [id, { x: Math.round(at.x), y: Math.round(at.y) }] as const);
        const positions = { ...s.positions };
        for (const [id, at] of rounded) positions[id] = at;
        return { ...s, positions, moves: recordMove(s.moves, text, s.positions, rounded) };
      });
    },
    [documentStore],
  );
  const travel = useCallback(
    (step: typeof undoMove) => {
      const s = latest.current;
      const done = step(s.moves, documentStore.getState().text, s.positions);
      if (!done) return false;
      latest.current = { ...s, positions: done.positions, moves: done.history };
      setState(latest.current);
      return true;
    },
    [documentStore],
  );
  const undo = useCallback(() => travel(undoMove), [travel]);
  const redo = useCallback(() => travel(redoMove), [travel]);
  const canUndo = useCallback(() => canUndoMove(latest.current.moves, documentStore.getState().text), [documentStore]);
  const canRedo = useCallback(() => canRedoMove(latest.current.moves, documentStore.getState().text), [documentStore]);
  const relayout = useCallback(() => setState((s) => ({ ...s, layoutsAsked: s.layoutsAsked + 1 })), []);
  const setDirection = useCallback(
    (direction: LayoutDirection) => setState((s) => ({ ...s, direction, layoutsAsked: s.layoutsAsked + 1 })),
    [],
  );
  const hint = useCallback(
    (id: string, at: XY) => setState((s) => ({ ...s, hints: new Map([...s.hints, [id, at]]) })),
    [],
  );
  const carry = useCallback((fromId: string, toId: string) => {
    setState((s) => {
      const at = s.positions[fromId];
      return at ? { ...s, positions: { ...s.positions, [toId]: at } } : s;
    });
  }, []);

  const laidOut = current.fits;
  return useMemo(
    () => ({
      positions: current.positions,
      laidOut,
      move,
      undoMove: undo,
      redoMove: redo,
      canUndoMove: canUndo,
      canRedoMove: canRedo,
      relayout,
      direction: current.direction,
      setDirection,
      hint,
      carry,
    }),
    [
      current.positions,
      laidOut,
      move,
      undo,
      redo,
      canUndo,
      canRedo,
      relayout,
      current.direction,
      setDirection,
      hint,
      carry,
    ],
  );
}

/** Two or more containers and resources, and none of them on the canvas before. */
function isAnotherWorkload(graph: WorkloadGraph, positions: Positions): boolean {
  const parts = graph.nodes.filter((n) => n.kind !== 'workload');
  return parts.length >= 2 && parts.every((n) => positions[n.id] === undefined);
}

/**
 * The stored positions of the graph's workload (new nodes placed) and its direction, or a fresh layout
 * in that direction when there are none.
 */
function load(
  graph: WorkloadGraph,
  storage: GraphLayoutStorage,
  sizeOf: (node: GraphNode) => Size,
): { key: string; positions: Positions; direction: LayoutDirection } {
  const direction = storage.readDirection(graph.name) ?? 'left-to-right';
  const stored = storage.read(graph.name);
  if (stored && graph.nodes.some((n) => stored[n.id])) {
    return { key: graph.name, positions: placeNewNodes(graph, stored, new Map(), sizeOf, direction), direction };
  }
  return { key: graph.name, positions: autoLayout(graph, sizeOf, direction), direction };
}
