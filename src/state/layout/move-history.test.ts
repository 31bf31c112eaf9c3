import { describe, expect, it } from 'vitest';
import { canRedoMove, canUndoMove, emptyMoveHistory, recordMove, redoMove, undoMove } from './move-history';

const positions = { a: { x: 0, y: 0 }, b: { x: 100, y: 0 }, c: { x: 200, y: 0 } };

describe('the history of node moves', () => {
  it('makes one step of a gesture that moved several nodes, and undoes and redoes it whole', () => {
    const h = recordMove(emptyMoveHistory, 'T', positions, [
      ['a', { x: 10, y: 20 }],
      ['b', { x: 110, y: 20 }],
    ]);
    expect(h.past).toHaveLength(1);
    const moved = { ...positions, a: { x: 10, y: 20 }, b: { x: 110, y: 20 } };
    const undone = undoMove(h, 'T', moved)!;
    expect(undone.positions).toEqual(positions);
    expect(canUndoMove(undone.history, 'T')).toBe(false);
    const redone = redoMove(undone.history, 'T', undone.positions)!;
    expect(redone.positions).toEqual(moved);
  });

  it('records nothing for nodes let go where they were', () => {
    expect(recordMove(emptyMoveHistory, 'T', positions, [['a', { x: 0, y: 0 }]])).toBe(emptyMoveHistory);
  });

  it("leaves the turn to the text's history once the text changed after the move", () => {
    const h = recordMove(emptyMoveHistory, 'T', positions, [['a', { x: 5, y: 5 }]]);
    expect(canUndoMove(h, 'T2')).toBe(false);
    expect(undoMove(h, 'T2', positions)).toBeUndefined();
    // The edit undone, the text is back: the move is next.
    expect(canUndoMove(h, 'T')).toBe(true);
    const undone = undoMove(h, 'T', positions)!;
    expect(canRedoMove(undone.history, 'T')).toBe(true);
    expect(canRedoMove(undone.history, 'T2')).toBe(false);
  });

  it('forgets what was undone when a new move is made', () => {
    const h = recordMove(emptyMoveHistory, 'T', positions, [['a', { x: 5, y: 5 }]]);
    const undone = undoMove(h, 'T', positions)!;
    const again = recordMove(undone.history, 'T', undone.positions, [['c', { x: 1, y: 1 }]]);
    expect(again.future).toEqual([]);
    expect(again.past).toHaveLength(1);
  });
});
