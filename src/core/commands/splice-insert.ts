import { isMap, isScalar, isSeq, type YAMLMap, type YAMLSeq } from 'yaml';
import { columnOf, lineEndAt, lineStartAt, onlySpaceBetween } from '../document/lines';
import { toPointer } from '../document/pointer';
import { schemaKeysAt } from '../workload/schema-paths';
import { blockSpan, columnOfLine, flowItemEnd, type Splice } from './splice-span';
import {
  blockEntry,
  blockItem,
  flowEntry,
  flowItem,
  flowValue,
  jsonValue,
  keyText,
  lookOf,
  singleEntry,
  type Look,
} from './style';
import { slotsOf, type Collection, type EditContext, type Slot } from './tree';

/**
 * Adds an entry to a mapping. Given the mapping's place (`at`), a key the schema knows goes where the
 * schema puts it — `class` after a resource's `type`, not after its `params` — right after the last
 * entry that comes before it there (ahead of any comment lines about the entry that follows); any
 * other key goes at the end.
 */
export function insertEntry(
  ctx: EditContext,
  map: YAMLMap,
  key: string,
  value: unknown,
  at?: readonly string[],
): Splice {
  if (/[\n\r]/.test(key)) return 'A name cannot contain a line break.';
  const slots = slotsOf(map);
  if (typeof slots === 'string') return slots;
  const look = lookOf(ctx.style, map);
  const after = at ? entryBefore(slots, key, schemaKeysAt(toPointer(at))) : undefined;
  if (map.flow) {
    const column = columnOfLine(ctx.text, map.range![0]);
    return appendToFlow(
      ctx,
      map,
      slots,
      (col, oneLine) => flowEntry(ctx.style, look, key, value, col, oneLine),
      () =>
        ctx.style.json
          ? jsonValue(ctx.style, singleEntry(key, value), column)
          : '{' + pad(ctx) + flowEntry(ctx.style, look, key, value, column) + pad(ctx) + '}',
      after,
    );
  }
  const first = slots[0];
  if (!first) return 'This mapping is written in a way the editor cannot change safely; edit it as text.';
  const column = columnOf(ctx.text, first.start);
  // Among flow-style neighbours of its kind (`web: {image: x}`), a new list or map is written in flow
  // style too; a flow list beside it (`command: [sh, -c]`) does not make a new mapping flow.
  const rendered = flowNeighbours(map, value)
    ? keyText(ctx.style, look, key, false) + ': ' + flowValue(ctx.style, look, value)
    : blockEntry(ctx.style, look, key, value, column);
  if (after !== undefined && after !== slots[slots.length - 1]) {
    const end = blockSpan(ctx, map, after).end;
    return [{ start: end, end, insert: ' '.repeat(column) + rendered + ctx.style.eol }];
  }
  return appendLines(ctx, map, slots, column, rendered);
}

/** Of a mapping's entries, the last (in the text) of those the schema's order puts before `key`. */
function entryBefore(slots: readonly Slot[], key: string, order: readonly string[]): Slot | undefined {
  const rank = order.indexOf(key);
  if (rank < 0) return undefined;
  let found: Slot | undefined;
  for (const slot of slots) {
    const name = isScalar(slot.key) ? slot.key.value : undefined;
    const r = typeof name === 'string' ? order.indexOf(name) : -1;
    if (r >= 0 && r < rank) found = slot;
  }
  return found;
}

/** Adds an item at the end of a list. */
export function appendItem(ctx: EditContext, seq: YAMLSeq, value: unknown): Splice {
  const slots = slotsOf(seq);
  if (typeof slots === 'string') return slots;
  const look = lookOf(ctx.style, seq);
  if (seq.flow) {
    const column = columnOfLine(ctx.text, seq.range![0]);
    return appendToFlow(
      ctx,
      seq,
      slots,
      (col, oneLine) => flowItem(ctx.style, look, value, col, oneLine),
      () =>
        ctx.style.json
          ? jsonValue(ctx.style, [value], column)
          : '[' + pad(ctx) + flowValue(ctx.style, look, value) + pad(ctx) + ']',
    );
  }
  const first = slots[0];
  if (!first || first.indicator < 0)
    return 'This list is written in a way the editor cannot change safely; edit it as text.';
  const column = columnOf(ctx.text, first.indicator);
  const rendered = flowNeighbours(seq, value)
    ? '- ' + flowValue(ctx.style, look, value)
    : blockItem(ctx.style, look, value, column);
  return appendLines(ctx, seq, slots, column, rendered);
}

export function isCollectionValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * `value` is a list or map, and the collection's values of its kind (lists for a list, maps for a map)
 * are all written in flow style (and there is one).
 */
function flowNeighbours(coll: Collection, value: unknown): boolean {
  if (!isCollectionValue(value)) return false;
  const values = coll.items.map((item) => (isMap(coll) ? (item as { value: unknown }).value : item));
  const list = Array.isArray(value);
  const collections = values.filter((v): v is YAMLMap | YAMLSeq => (list ? isSeq(v) : isMap(v)));
  return collections.length > 0 && collections.every((v) => v.flow);
}

function pad(ctx: EditContext): string {
  return ctx.style.flowPadding ? ' ' : '';
}

/** New lines after a block collection's last entry and the comment lines that close it. */
function appendLines(ctx: EditContext, coll: Collection, slots: Slot[], column: number, rendered: string): Splice {
  const { text, style } = ctx;
  const last = slots[slots.length - 1]!;
  // Right after the last entry: comment lines that close the collection (a commented-out entry, a
  // note, the file's footer) stay after it. Put after them, the new entry would take them as its own
  // description, and removing it again would remove them too.
  const at = blockSpan(ctx, coll, last).end;
  const lines = ' '.repeat(column) + rendered;
  const needsBreak = at === text.length && text.length > 0 && !text.endsWith('\n');
  return [{ start: at, end: at, insert: needsBreak ? style.eol + lines : lines + style.eol }];
}

/**
 * A new item of a flow collection, last or right after `after`, on its own line when the items are one
 * a line (pretty JSON).
 */
function appendToFlow(
  ctx: EditContext,
  coll: Collection,
  slots: Slot[],
  item: (column: number, oneLine: boolean) => string,
  whole: () => string,
  after?: Slot,
): Splice {
  const { text, style } = ctx;
  const prev = after && after.commaAfter >= 0 ? after : slots[slots.length - 1];
  if (!prev) return [{ start: coll.range![0], end: coll.range![1], insert: whole() }];
  const lastEnd = flowItemEnd(prev);
  const ownLines = onlySpaceBetween(text, lineStartAt(text, prev.start), prev.start);
  const column = ownLines ? columnOf(text, prev.start) : columnOfLine(text, prev.start);
  const gap = ownLines ? style.eol + ' '.repeat(column) : style.json && !style.jsonSpace ? '' : ' ';
  if (prev.commaAfter >= 0) {
    // One item a line: the new one goes on a line of its own, after the comment closing the line before.
    const lineEnd = lineEndAt(text, prev.commaAfter);
    const rest = text.slice(prev.commaAfter + 1, lineEnd);
    const at = ownLines && /^[ \t]*(#.*)?$/.test(rest) ? lineEnd : prev.commaAfter + 1;
    return [{ start: at, end: at, insert: gap + item(column, !ownLines) + ',' }];
  }
  return [{ start: lastEnd, end: lastEnd, insert: ',' + gap + item(column, !ownLines) }];
}

export function insertIntoEmptyDocument(ctx: EditContext, key: string, value: unknown): Splice {
  const { text, style } = ctx;
  const look: Look = { strings: style.strings, keys: 'PLAIN' };
  const lines = blockEntry(style, look, key, value, 0) + style.eol;
  const needsBreak = text.length > 0 && !text.endsWith('\n');
  return [{ start: text.length, end: text.length, insert: (needsBreak ? style.eol : '') + lines }];
}
