import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../core/commands';
import {
  canRedo,
  canUndo,
  emptyHistory,
  recordStep,
  recordTyping,
  redo,
  TYPING_PAUSE_MS,
  undo,
  type History,
} from './history';

/** Types `keys` one by one at `at`, returning the history and text after. */
function typeKeys(history: History, text: string, keys: string, at: number, startTime: number, gapMs = 50) {
  let time = startTime;
  for (const key of keys) {
    const edits = [{ start: at, end: at, insert: key }];
    history = recordTyping(history, text, edits, time);
    text = applyEdits(text, edits);
    at += key.length;
    time += gapMs;
  }
  return { history, text, time };
}

function undoAll(history: History, text: string): string[] {
  const seen: string[] = [];
  for (let move = undo(history, text); move; move = undo(move.history, move.text)) seen.push(move.text);
  return seen;
}

describe('the undo history', () => {
  it('groups a burst of typing into one step', () => {
    const typed = typeKeys(emptyHistory, 'image: \n', 'nginx', 7, 0);
    expect(typed.text).toBe('image: nginx\n');
    expect(canUndo(typed.history, typed.text)).toBe(true);
    expect(undoAll(typed.history, typed.text)).toEqual(['image: \n']);
  });

  it('ends a step at a pause longer than the typing pause, and at a new line', () => {
    let typed = typeKeys(emptyHistory, '', 'ab', 0, 0);
    typed = typeKeys(typed.history, typed.text, 'cd', 2, typed.time + TYPING_PAUSE_MS + 1);
    expect(undoAll(typed.history, typed.text)).toEqual(['ab', '']);

    typed = typeKeys(emptyHistory, '', 'ab\ncd', 0, 0);
    expect(undoAll(typed.history, typed.text)).toEqual(['ab\n', '']);
  });

  it('keeps a command as a step of its own, between typing', () => {
    let typed = typeKeys(emptyHistory, 'x: 1\n', 'y', 5, 0);
    const before = typed.text;
    const edits = [{ start: 3, end: 4, insert: '2' }];
    const afterCommand = applyEdits(before, edits);
    const history = recordStep(typed.history, before, afterCommand, edits);
    typed = typeKeys(history, afterCommand, 'z', 6, typed.time + 10);
    expect(typed.text).toBe('x: 2\nyz');
    expect(undoAll(typed.history, typed.text)).toEqual(['x: 2\ny', 'x: 1\ny', 'x: 1\n']);
  });

  it('redoes what was undone, and forgets it after a new change', () => {
    const edits = [{ start: 0, end: 1, insert: 'B' }];
    let history = recordStep(emptyHistory, 'a', 'B', edits);
    const back = undo(history, 'B')!;
    expect(back.text).toBe('a');
    expect(canRedo(back.history)).toBe(true);
    const forth = redo(back.history, back.text)!;
    expect(forth.text).toBe('B');
    expect(forth.edits).toEqual(edits);
    history = recordTyping(back.history, 'a', [{ start: 1, end: 1, insert: '!' }], 0);
    expect(canRedo(history)).toBe(false);
    expect(redo(history, 'a!')).toBeUndefined();
  });

  it('has nothing to undo when typing came back to where it started', () => {
    const typed = typeKeys(emptyHistory, 'a', 'b', 1, 0);
    const history = recordTyping(typed.history, 'ab', [{ start: 1, end: 2, insert: '' }], typed.time);
    expect(canUndo(history, 'a')).toBe(false);
    expect(undo(history, 'a')).toBeUndefined();
  });

  it('walks back to every earlier text exactly and forward again, whatever the changes', () => {
    const change = fc.record({
      kind: fc.constantFrom('typing', 'step'),
      at: fc.nat(),
      remove: fc.nat(3),
      insert: fc.string({ unit: fc.constantFrom('a', ' ', '\n', '😀'), maxLength: 4 }),
      gap: fc.constantFrom(10, TYPING_PAUSE_MS + 1),
    });
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.array(change, { maxLength: 25 }), (start, changes) => {
        let history = emptyHistory;
        let text = start;
        let time = 0;
        const texts = [start];
        for (const c of changes) {
          const at = Math.min(c.at, text.length);
          const edits = [{ start: at, end: Math.min(text.length, at + c.remove), insert: c.insert }];
          const next = applyEdits(text, edits);
          if (next === text) continue;
          time += c.gap;
          history =
            c.kind === 'typing' ? recordTyping(history, text, edits, time) : recordStep(history, text, next, edits);
          text = next;
          texts.push(text);
        }
        // Undo visits only texts the user had, in reverse order, and ends at the start.
        const undone = undoAll(history, text);
        const visited = [text, ...undone];
        expect(visited[visited.length - 1]).toBe(start);
        let cursor = texts.length - 1;
        for (const seen of visited) {
          while (cursor >= 0 && texts[cursor] !== seen) cursor--;
          expect(cursor, `${JSON.stringify(seen)} is a text the user had`).toBeGreaterThanOrEqual(0);
        }
        // Redo all the way comes back to the last text.
        let h = history;
        let t = text;
        for (let move = undo(h, t); move; move = undo(h, t)) ({ history: h, text: t } = move);
        for (let move = redo(h, t); move; move = redo(h, t)) ({ history: h, text: t } = move);
        expect(t).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
