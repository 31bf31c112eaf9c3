import { applyEdits, type Edit } from '../../core/commands';
import { diffEdits, invertEdits } from '../../core/document/text-diff';

/**
 * One undo history for the whole workspace. Every change of the text, from any pane, is recorded
 * here, so Ctrl+Z walks back through typing in the YAML pane and edits made by commands alike.
 *
 * A step keeps edits, not texts: the edits that redo it (against the text before) and the edits that
 * undo it (against the text after). Memory stays small on large workloads, and the editor pane can
 * apply a move through history as minimal edits.
 *
 * Typing is grouped: keystrokes form one step until a pause longer than TYPING_PAUSE_MS, a new line,
 * or any other kind of change. A command or a whole-text replacement is always a step of its own.
 */
export const TYPING_PAUSE_MS = 500;
export const MAX_STEPS = 500;

export interface HistoryStep {
  redo: Edit[];
  undo: Edit[];
}

/** Typing not yet made a step: it began at `base` and was last extended at `lastAt`. */
interface TypingGroup {
  base: string;
  lastAt: number;
  /** A line break was typed: the next keystroke starts a new step. */
  ended: boolean;
}

export interface History {
  readonly past: readonly HistoryStep[];
  readonly future: readonly HistoryStep[];
  readonly typing: TypingGroup | null;
}

export const emptyHistory: History = { past: [], future: [], typing: null };

export function canUndo(history: History, text: string): boolean {
  return history.past.length > 0 || (history.typing !== null && history.typing.base !== text);
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

/** A keystroke (or any small edit) in an editor pane; `edits` tell whether a line break was typed. */
export function recordTyping(
  history: History,
  before: string,
  edits: readonly Edit[] | undefined,
  now: number,
): History {
  let { past, typing } = history;
  if (typing && (typing.ended || now - typing.lastAt > TYPING_PAUSE_MS)) {
    past = closeGroup(past, typing, before);
    typing = null;
  }
  const newLine = edits ? edits.some((e) => e.insert.includes('\n')) : false;
  return { past, future: [], typing: { base: typing?.base ?? before, lastAt: now, ended: newLine } };
}

/** A change that is a step of its own: a command (with its edits) or a whole-text replacement. */
export function recordStep(history: History, before: string, after: string, edits?: readonly Edit[]): History {
  const past = history.typing ? closeGroup(history.past, history.typing, before) : history.past;
  const redo = edits && applyEdits(before, edits) === after ? [...edits] : diffEdits(before, after);
  return { past: capped([...past, { redo, undo: invertEdits(before, redo) }]), future: [], typing: null };
}

export interface HistoryMove {
  history: History;
  text: string;
  /** The edits, against the text before the move, that make `text`. */
  edits: Edit[];
}

/** Steps back once; undefined when there is nothing to undo. `text` is the current text. */
export function undo(history: History, text: string): HistoryMove | undefined {
  const past = history.typing ? closeGroup(history.past, history.typing, text) : history.past;
  const step = past[past.length - 1];
  if (!step) return undefined;
  return {
    history: { past: past.slice(0, -1), future: [...history.future, step], typing: null },
    text: applyEdits(text, step.undo),
    edits: step.undo,
  };
}

/** Steps forward once; undefined when there is nothing to redo. */
export function redo(history: History, text: string): HistoryMove | undefined {
  const step = history.future[history.future.length - 1];
  if (!step) return undefined;
  return {
    history: { past: [...history.past, step], future: history.future.slice(0, -1), typing: null },
    text: applyEdits(text, step.redo),
    edits: step.redo,
  };
}

function closeGroup(past: readonly HistoryStep[], typing: TypingGroup, text: string): readonly HistoryStep[] {
  if (typing.base === text) return past;
  const redo = diffEdits(typing.base, text);
  return capped([...past, { redo, undo: invertEdits(typing.base, redo) }]);
}

function capped(past: HistoryStep[]): HistoryStep[] {
  return past.length > MAX_STEPS ? past.slice(past.length - MAX_STEPS) : past;
}
