import { isSeq, type YAMLSeq } from 'yaml';
import type { Edit } from '../document/edits';
import { toPointer } from '../document/pointer';
import { blockSpan, flowItemEnd, type Splice } from './splice-span';
import { locatePath, slotsOf, type EditContext, type Slot } from './tree';

/**
 * Moves a list item to another place in its list. The item's own text moves — its quoting, its
 * comment on the line, the comment lines above it and the nested lines it holds — and nothing else
 * changes: not the other items, nor blank lines and comments between them. In a flow list
 * (`[a, b]`) the items trade places, the commas and spaces stay.
 */
export function moveAt(ctx: EditContext, segments: readonly string[], to: number): Splice {
  const at = locatePath(ctx, segments);
  if (typeof at === 'string') return at;
  const list = toPointer(segments.slice(0, -1));
  const last = at.steps[at.steps.length - 1];
  if (at.missing.length > 0 || !last) return `${toPointer(segments)} is not there.`;
  const seq = last.coll;
  if (!isSeq(seq)) return `${list} is not a list.`;
  const slots = slotsOf(seq);
  if (typeof slots === 'string') return slots;
  if (!Number.isInteger(to) || to < 0 || to >= slots.length) {
    return `${list} has ${slots.length} items; an item cannot move to place ${to}.`;
  }
  const from = last.slot.index;
  if (from === to) return [];
  return seq.flow ? moveInFlow(ctx, slots, from, to) : moveInBlock(ctx, seq, slots, from, to);
}

function moveInBlock(ctx: EditContext, seq: YAMLSeq, slots: Slot[], from: number, to: number): Splice {
  const { text, style } = ctx;
  const spans = slots.map((slot) => blockSpan(ctx, seq, slot));
  if (spans.some((span) => span.midLine)) {
    return 'This list is written in a way the editor cannot change safely; edit it as text.';
  }
  const moved = spans[from]!;
  let piece = text.slice(moved.start, moved.end);
  let cut = { start: moved.start, end: moved.end };
  // The last line of a file without a final line break: the break before it goes with it instead.
  if (!piece.endsWith('\n')) {
    const breakBefore = text[moved.start - 2] === '\r' ? 2 : 1;
    cut = { start: moved.start - breakBefore, end: moved.end };
    piece += style.eol;
  }
  const target = spans[to]!;
  if (to < from)
    return [
      { start: target.start, end: target.start, insert: piece },
      { ...cut, insert: '' },
    ];
  if (text.slice(target.start, target.end).endsWith('\n')) {
    return [
      { ...cut, insert: '' },
      { start: target.end, end: target.end, insert: piece },
    ];
  }
  // After the last line of a file without a final line break: the moved lines end the file, without one too.
  return [
    { ...cut, insert: '' },
    { start: target.end, end: target.end, insert: style.eol + piece.slice(0, -style.eol.length) },
  ];
}

function moveInFlow(ctx: EditContext, slots: Slot[], from: number, to: number): Splice {
  const ranges = slots.map((slot) => ({ start: slot.start, end: flowItemEnd(slot) }));
  const order = slots.map((_, i) => i);
  order.splice(to, 0, ...order.splice(from, 1));
  const edits: Edit[] = [];
  for (let k = Math.min(from, to); k <= Math.max(from, to); k++) {
    const source = ranges[order[k]!]!;
    edits.push({ ...ranges[k]!, insert: ctx.text.slice(source.start, source.end) });
  }
  return edits;
}
