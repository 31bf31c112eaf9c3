import { isMap } from 'yaml';
import type { Edit } from '../document/edits';
import {
  hasComment,
  indentOf,
  lineEndAt,
  lineStartAt,
  lineText,
  nextLineStart,
  onlySpaceBetween,
} from '../document/lines';
import {
  afterProps,
  blockSpan,
  entryEnd,
  flowItemEnd,
  type KeepWhenEmpty,
  sharedMessage,
  type Splice,
} from './splice-span';
import {
  holdsSharedAnchor,
  locatePath,
  slotsOf,
  type Collection,
  type EditContext,
  type Located,
  type Slot,
} from './tree';

/**
 * Removes the entry at `segments`. A parent left empty is removed too, up the tree, unless `keep`
 * says it stays (then it becomes `{}` or `[]`). The top-level mapping always stays.
 * Removing what is not there changes nothing.
 */
export function removeAt(ctx: EditContext, segments: readonly string[], keep: KeepWhenEmpty): Splice {
  if (segments.length === 0) return 'The whole document cannot be removed by a command; edit it as text.';
  const at = locatePath(ctx, segments);
  if (typeof at === 'string') return at;
  if (at.missing.length > 0) return [];
  return removeStep(ctx, at, at.steps.length - 1, keep);
}

function removeStep(ctx: EditContext, at: Located, index: number, keep: KeepWhenEmpty): Splice {
  let depth = index;
  while (depth > 0 && at.steps[depth]!.coll.items.length === 1 && !keep(at.steps[depth - 1]!.segments)) depth--;
  const { coll, slot, segments } = at.steps[depth]!;
  if (holdsSharedAnchor(ctx, slot.value)) return sharedMessage(segments);
  const slots = slotsOf(coll);
  if (typeof slots === 'string') return slots;
  if (slots.length > 1) return coll.flow ? removeFromFlow(ctx, slots, slot) : removeFromBlock(ctx, coll, slots, slot);
  return emptyCollection(ctx, coll, slot, depth > 0 ? at.steps[depth - 1]!.slot : null);
}

function removeFromBlock(ctx: EditContext, coll: Collection, slots: Slot[], slot: Slot): Splice {
  const span = blockSpan(ctx, coll, slot);
  if (!span.midLine) return [{ start: span.start, end: span.end, insert: '' }];
  // `- first: 1` shares its line with the dash: the next entry moves up onto that line.
  const next = slots[slot.index + 1];
  if (!next) return 'This entry is written in a way the editor cannot change safely; edit it as text.';
  const nextStart = blockSpan(ctx, coll, next).start;
  const nextFirst = nextStart + indentOf(lineText(ctx.text, nextStart));
  return [{ start: slot.start, end: nextFirst, insert: '' }];
}

function removeFromFlow(ctx: EditContext, slots: Slot[], slot: Slot): Splice {
  const { text } = ctx;
  const start = slot.start;
  const end = flowItemEnd(slot);
  const prev = slots[slot.index - 1];
  const next = slots[slot.index + 1];
  const separatorAfter = slot.commaAfter >= 0 ? slot.commaAfter + 1 : end;
  const ownLines =
    onlySpaceBetween(text, lineStartAt(text, start), start) &&
    /^[ \t]*(#.*)?$/.test(text.slice(separatorAfter, lineEndAt(text, separatorAfter)));
  if (ownLines) {
    // One item a line (pretty JSON): its lines go; the last item also takes the comma before it.
    const edits: Edit[] = [{ start: lineStartAt(text, start), end: nextLineStart(text, separatorAfter), insert: '' }];
    if (!next && slot.commaAfter < 0 && slot.commaBefore >= 0)
      edits.push({ start: slot.commaBefore, end: slot.commaBefore + 1, insert: '' });
    return edits;
  }
  if (prev && !hasComment(text, flowItemEnd(prev), start)) return [{ start: flowItemEnd(prev), end, insert: '' }];
  if (next && !hasComment(text, end, next.start)) return [{ start, end: next.start, insert: '' }];
  const comma = slot.commaAfter >= 0 ? slot.commaAfter : slot.commaBefore;
  const edits: Edit[] = [{ start, end, insert: '' }];
  if (comma >= 0) edits.push({ start: comma, end: comma + 1, insert: '' });
  return edits;
}

/** The collection keeps no entry: it becomes `{}` or `[]` in place. */
function emptyCollection(ctx: EditContext, coll: Collection, slot: Slot, holder: Slot | null): Splice {
  const { text, style } = ctx;
  const empty = isMap(coll) ? '{}' : '[]';
  if (coll.flow) return [{ start: coll.range![0], end: coll.range![1], insert: empty }];
  const span = blockSpan(ctx, coll, slot);
  if (!holder) {
    const ends = span.end > span.start && text[span.end - 1] === '\n';
    return [{ start: span.start, end: span.end, insert: empty + (ends ? style.eol : '') }];
  }
  if (span.midLine) return [{ start: slot.start, end: entryEnd(ctx, slot), insert: empty }];
  if (holder.indicator < 0) return 'This entry is written in a way the editor cannot change safely; edit it as text.';
  const at = afterProps(text, holder.indicator);
  return [
    { start: at, end: at, insert: ' ' + empty },
    { start: span.start, end: span.end, insert: '' },
  ];
}
