import type { Positions, XY } from '../../core/graph';

/**
 * Undo and redo of where the user put nodes. Positions are not in the text, so they are not in the
 * text's history (state/document/history.ts); this history sits beside it. One step is one gesture:
 * a drag of several selected nodes at once is one step, as is one press of an arrow key.
 *
 * Each step remembers the text it was made on. A step is the newest thing to undo only while the text
 * is still that text: then Ctrl+Z puts the nodes back; otherwise the text's history goes first (an
 * edit made after the move is undone before the move). The same rule orders redo.
 */
export interface MoveStep {
  /** The workload's text when the nodes were moved. */
  text: string;
  /** Where the moved nodes were before, and after. */
  before: Positions;
  after: Positions;
}

export interface MoveHistory {
  readonly past: readonly MoveStep[];
  readonly future: readonly MoveStep[];
}

export const emptyMoveHistory: MoveHistory = { past: [], future: [] };

/** A long session keeps its latest moves only. */
export const MAX_MOVE_STEPS = 200;

/** Records one gesture's moves (nodes that did not move are left out; nothing moved is no step). */
export function recordMove(
  history: MoveHistory,
  text: string,
  positions: Positions,
  moves: ReadonlyArray<readonly [string, XY]>,
): MoveHistory {
  const before: Positions = {};
  const after: Positions = {};
  for (const [id, at] of moves) {
    const was = positions[id];
    if (was && was.x === at.x && was.y === at.y) continue;
    if (was) before[id] = was;
    after[id] = at;
  }
  if (Object.keys(before).length === 0) return history;
  const past = [...history.past, { text, before, after }];
  return { past: past.length > MAX_MOVE_STEPS ? past.slice(past.length - MAX_MOVE_STEPS) : past, future: [] };
}

/** Whether Ctrl+Z on the canvas now puts nodes back (rather than undoing the text). */
export function canUndoMove(history: MoveHistory, text: string): boolean {
  return history.past.at(-1)?.text === text;
}

export function canRedoMove(history: MoveHistory, text: string): boolean {
  return history.future.at(-1)?.text === text;
}

/** The positions with the last step undone, and the history after; undefined when it is not the text's turn. */
export function undoMove(history: MoveHistory, text: string, positions: Positions) {
  return travel(history, text, positions, 'back');
}

/** The positions with the step last undone done again; undefined when it is not the text's turn. */
export function redoMove(history: MoveHistory, text: string, positions: Positions) {
  return travel(history, text, positions, 'forward');
}

function travel(
  history: MoveHistory,
  text: string,
  positions: Positions,
  way: 'back' | 'forward',
): { history: MoveHistory; positions: Positions } | undefined {
  const [from, to] = way === 'back' ? [history.past, history.future] : [history.future, history.past];
  const step = from.at(-1);
  if (!step || step.text !== text) return undefined;
  const moved = { from: from.slice(0, -1), to: [...to, step] };
  return {
    history: way === 'back' ? { past: moved.from, future: moved.to } : { past: moved.to, future: moved.from },
    positions: { ...positions, ...(way === 'back' ? step.before : step.after) },
  };
}
