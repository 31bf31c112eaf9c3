import { applyEdits, sortEdits, type Edit } from '../document/edits';
import { isRefusal, type CommandResult } from './command';

/**
 * Commands made of other commands (remove a resource and the references to it, mount a resource):
 * each step runs on the text the step before left, and the whole is one result, so that it is one
 * undo step and its edits, relative to the text it was given, change only what the steps changed.
 */

/** One step: a command applied to the text as the steps before left it. */
export type Step = (text: string) => CommandResult;

/**
 * Runs the steps one after the other. The first refusal refuses the whole (nothing changes); the
 * edits of every step are composed into one list against `text`. The selection is the one of the
 * step `selectFrom` names (by index), if any.
 */
export function runSteps(text: string, steps: readonly Step[], selectFrom?: number): CommandResult {
  let current = text;
  let edits: Edit[] = [];
  let selection: string | undefined;
  for (const [i, step] of steps.entries()) {
    const result = step(current);
    if (isRefusal(result)) return result;
    edits = composeEdits(text, edits, result.edits);
    current = result.text;
    if (i === selectFrom) selection = result.selection;
  }
  return selection === undefined ? { text: current, edits } : { text: current, edits, selection };
}

/** A change of `first` seen in the middle text: where its inserted text stands, and what it replaced. */
interface Placed {
  from: number;
  to: number;
  edit: Edit;
}

/**
 * The edits `first` (against `text`) then `second` (against the text `first` made) amount to, as one
 * sorted list against `text`. Edits of the two that touch the same characters become one; the others
 * keep their ranges, so that every edit stays where the steps made it (a text diff of the two texts
 * could place a removed line at another, identical line).
 */
export function composeEdits(text: string, first: readonly Edit[], second: readonly Edit[]): Edit[] {
  if (second.length === 0) return sortEdits(first);
  const a = sortEdits(first);
  const middle = applyEdits(text, a);
  let shift = 0;
  const placed: Placed[] = a.map((edit) => {
    const from = edit.start + shift;
    shift += edit.insert.length - (edit.end - edit.start);
    return { from, to: from + edit.insert.length, edit };
  });
  // Both lists in the middle text's order; at one offset, an empty range first (it stands before the other).
  const items = [
    ...placed.map((p) => ({ from: p.from, to: p.to, first: p.edit, second: undefined })),
    ...sortEdits(second).map((e) => ({ from: e.start, to: e.end, first: undefined, second: e })),
  ].sort((x, y) => x.from - y.from || x.to - y.to);

  const out: Edit[] = [];
  let i = 0;
  while (i < items.length) {
    const group = [items[i]!];
    let from = items[i]!.from;
    let to = items[i]!.to;
    for (i++; i < items.length && items[i]!.from < to && from < items[i]!.to; i++) {
      group.push(items[i]!);
      to = Math.max(to, items[i]!.to);
      from = Math.min(from, items[i]!.from);
    }
    const firsts = group.flatMap((g) => (g.first ? [g.first] : []));
    const seconds = group.flatMap((g) => (g.second ? [g.second] : []));
    const start = Math.min(
      ...firsts.map((e) => e.start),
      firsts.length === group.length ? Infinity : toText(from, 'start'),
    );
    const end =
      from === to && firsts.length === 0
        ? start // an insertion only: it stays where it was made
        : Math.max(...firsts.map((e) => e.end), firsts.length === group.length ? -Infinity : toText(to, 'end'));
    const inside = seconds.map((e) => ({ start: e.start - from, end: e.end - from, insert: e.insert }));
    const insert = applyEdits(middle.slice(from, to), inside);
    const last = out[out.length - 1];
    // Edits that meet are one (two insertions at one offset, or an insertion where a deletion ends):
    // their order is then not left to whoever applies them.
    if (last && last.end === start && (end === start || last.start === last.end)) {
      last.end = end;
      last.insert += insert;
    } else out.push({ start, end, insert });
  }
  // What the second round took back is no change at all.
  return out.filter((edit) => text.slice(edit.start, edit.end) !== edit.insert);

  /**
   * An offset of the middle text in `text`. Where changes of `first` meet it, a start lies after
   * them and an end before them (so that an edit beside a change stays apart from it); inside an
   * inserted text, the change's own start or end is taken (the two are one group then anyway).
   */
  function toText(at: number, side: 'start' | 'end'): number {
    let delta = 0;
    for (const p of placed) {
      const passed = side === 'start' ? p.to <= at : p.from < at && p.to <= at;
      if (!passed) {
        if (p.from < at) return side === 'start' ? p.edit.start : p.edit.end;
        break;
      }
      delta += p.to - p.from - (p.edit.end - p.edit.start);
    }
    return at - delta;
  }
}
