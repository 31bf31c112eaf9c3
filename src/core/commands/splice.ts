import { isMap, isScalar, isSeq, parse, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import { toPointer } from '../document/pointer';
import { isListPlace, schemaKeysAt } from '../workload/schema-paths';
import type { Edit } from '../document/edits';
import { sameJson } from './same-json';
import {
  blockEntry,
  blockItem,
  blockValue,
  flowEntry,
  flowItem,
  flowValue,
  jsonValue,
  keyText,
  lookForReplacing,
  lookOf,
  singleEntry,
  type Look,
} from './style';
import {
  columnOf,
  hasComment,
  indentOf,
  isCommentLine,
  lineEndAt,
  lineStartAt,
  lineText,
  nextLineStart,
  onlySpaceBetween,
  previousLineStart,
  trimBreaks,
} from '../document/lines';
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
 * The edit primitives: set a value, remove an entry, rename a key, each computed as text splices
 * confined to the node concerned. Every other byte of the document stays as it was.
 * Each returns the edits, or a reason (a string) when the edit cannot be made.
 */

export type Splice = Edit[] | string;

/**
 * Decides whether the collection at a pointer is kept (as `{}`) when its last entry is removed,
 * rather than being removed itself.
 */
export type KeepWhenEmpty = (segments: readonly string[]) => boolean;

// ---------------------------------------------------------------------------------------------
// Where entries stand
// ---------------------------------------------------------------------------------------------

/** A value node that has no text (`key:` with nothing after it). */
export function isEmptyValue(node: Node | null): boolean {
  return node === null || (isScalar(node) && node.value === null && !!node.range && node.range[0] === node.range[1]);
}

/** Block collections and block scalars end after their last line break; everything else at its last character. */
function isBlockish(node: Node | null): boolean {
  if (!node) return false;
  if (isMap(node) || isSeq(node)) return !node.flow;
  return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
}

/** Offset just past an entry's last character (its value's, or its indicator's when it has no value). */
function entryEnd(ctx: EditContext, slot: Slot): number {
  const value = slot.value;
  if (value?.range && !isEmptyValue(value)) return isBlockish(value) ? blockEnd(ctx, value) : value.range[1];
  return Math.max(slot.indicator + 1, slot.key?.range?.[1] ?? 0, slot.start + 1);
}

/**
 * Where a block value's own text ends. The parser's range of a block collection runs on over the
 * comment lines after its last entry — also those less indented, which belong to what follows (the
 * next entry's description, the file's footer): the collection ends with its last entry. A block
 * scalar kept with `|+` ends after its blank lines (they are its value); others before them.
 */
function blockEnd(ctx: EditContext, value: Node): number {
  const [start, end] = value.range!;
  if (isMap(value) || isSeq(value)) {
    const slots = slotsOf(value);
    const last = typeof slots === 'string' ? undefined : slots[slots.length - 1];
    if (last) return entryEnd(ctx, last);
  } else if (isScalar(value) && keepsTrailingLines(ctx.text, start)) {
    // Just before its last line break: the entry's lines end at the next line start, as for the others.
    const text = ctx.text;
    if (text[end - 1] === '\n') return text[end - 2] === '\r' ? end - 2 : end - 1;
    return end;
  }
  return trimBreaks(ctx.text, start, end);
}

/** A block scalar whose header (`|+`, `>2+`) keeps its final line breaks. */
function keepsTrailingLines(text: string, start: number): boolean {
  const header = /^[|>]([1-9]?[+-]?|[+-][1-9]?)/.exec(text.slice(start, start + 4));
  return header !== null && header[1]!.includes('+');
}

export interface BlockSpan {
  /** Start of the entry's first line (its comment lines above included), or of the entry when it shares its line. */
  start: number;
  /** Start of the line after the entry (its deeper trailing comments included). */
  end: number;
  /** The entry starts after other text on its line (`- key: value`). */
  midLine: boolean;
}

/**
 * The whole lines a block entry owns: the comment lines directly above it at its indentation (they
 * describe it), its own lines, and the comment lines just below it indented deeper than it.
 * The root's first entry does not take the comments above it: those are the file's header.
 */
export function blockSpan(ctx: EditContext, coll: Collection, slot: Slot): BlockSpan {
  const { text } = ctx;
  const first = slot.start;
  const lineStart = lineStartAt(text, first);
  const midLine = !onlySpaceBetween(text, lineStart, first);
  const column = columnOf(text, first);
  let start = midLine ? first : lineStart;
  if (!midLine && !(coll === ctx.root && slot.index === 0)) {
    for (let prev = previousLineStart(text, start); prev >= 0; prev = previousLineStart(text, prev)) {
      const line = lineText(text, prev);
      if (!isCommentLine(line) || indentOf(line) !== column) break;
      start = prev;
    }
  }
  let end = nextLineStart(text, entryEnd(ctx, slot));
  while (end < text.length) {
    const line = lineText(text, end);
    if (!isCommentLine(line) || indentOf(line) <= column) break;
    end = nextLineStart(text, end);
  }
  return { start, end, midLine };
}

/** Past the anchor and tag that may follow an indicator on its line (`key: &a !!map`). */
function afterProps(text: string, indicator: number): number {
  let at = indicator + 1;
  let scan = at;
  for (;;) {
    while (text[scan] === ' ' || text[scan] === '\t') scan++;
    if (text[scan] !== '&' && text[scan] !== '!') return at;
    while (scan < text.length && !/\s/.test(text[scan]!)) scan++;
    at = scan;
  }
}

/** Where a value's text starts, its anchor or tag included. */
function valueStart(text: string, slot: Slot, value: Node): number {
  const to = value.range![0];
  let i = slot.indicator >= 0 ? slot.indicator + 1 : slot.start;
  while (i < to) {
    const c = text[i];
    if (c === '#') i = lineEndAt(text, i);
    else if (c === '&' || c === '!') return i;
    else i++;
  }
  return to;
}

/** Splits rendered text at its first line break: what stays on the indicator's line, and the lines after. */
function splitHead(rendered: string, eol: string): [string, string] {
  const at = rendered.indexOf(eol);
  return at < 0 ? [rendered, ''] : [rendered.slice(0, at), rendered.slice(at)];
}

function columnOfLine(text: string, offset: number): number {
  return indentOf(lineText(text, lineStartAt(text, offset)));
}

// ---------------------------------------------------------------------------------------------
// Set
// ---------------------------------------------------------------------------------------------

/**
 * Sets the value at `segments`, creating missing parents as mappings. A `-` segment, or the next
 * index, appends to a list.
 */
export function setAt(ctx: EditContext, segments: readonly string[], value: unknown): Splice {
  if (segments.length === 0) return 'The whole document cannot be replaced by a command; edit it as text.';
  const at = locatePath(ctx, segments);
  if (typeof at === 'string') return at;
  if (at.missing.some((s) => /[\n\r]/.test(s))) return 'A name cannot contain a line break.';
  const last = at.steps[at.steps.length - 1];
  if (at.missing.length === 0) {
    const old = last!.slot.value;
    // Setting what is already there changes nothing, not even its formatting.
    if (old && !isEmptyValue(old) && sameJson(old.toJS(ctx.doc), value)) return [];
    if (holdsSharedAnchor(ctx, old)) return sharedMessage(segments);
    return replaceValue(ctx, last!.coll, last!.slot, value);
  }
  const [first, ...rest] = at.missing as [string, ...string[]];
  const holderAt = segments.slice(0, segments.length - at.missing.length);
  const nested = nest([...holderAt, first], rest, value);
  const holder = last ? last.slot.value : ctx.root;
  if (holder === null || (isScalar(holder) && holder.value === null)) {
    const fresh = startsList(holderAt, first) ? [nested] : singleEntry(first, nested);
    if (!last) return insertIntoEmptyDocument(ctx, first, nested);
    return replaceValue(ctx, last.coll, last.slot, fresh);
  }
  if (isMap(holder)) return insertEntry(ctx, holder, first, nested, holderAt);
  if (isSeq(holder)) return appendItem(ctx, holder, nested);
  return 'That place cannot hold the value.';
}

function nest(base: readonly string[], segments: readonly string[], value: unknown): unknown {
  let out = value;
  for (let i = segments.length - 1; i >= 0; i--) {
    out = startsList([...base, ...segments.slice(0, i)], segments[i]!) ? [out] : singleEntry(segments[i]!, out);
  }
  return out;
}

/** `-`, or item 0 where the schema has only a list (`/containers/web/args/0`): a new list, not a mapping. */
function startsList(parent: readonly string[], segment: string): boolean {
  return segment === '-' || (segment === '0' && isListPlace(toPointer(parent)));
}

function sharedMessage(segments: readonly string[]): string {
  return `${toPointer(segments)} is shared through an anchor used elsewhere; edit it as text so that every use changes knowingly.`;
}

/** Replaces the value of an existing entry or item. */
export function replaceValue(ctx: EditContext, coll: Collection, slot: Slot, value: unknown): Splice {
  const old = slot.value;
  // A list or map being replaced lends its own items' quoting; a scalar keeps its own.
  const look = isMap(old) || isSeq(old) ? lookOf(ctx.style, old) : lookForReplacing(lookOf(ctx.style, coll), old);
  return coll.flow ? replaceInFlow(ctx, coll, slot, value, look) : replaceInBlock(ctx, coll, slot, value, look);
}

function replaceInFlow(ctx: EditContext, coll: Collection, slot: Slot, value: unknown, look: Look): Splice {
  const { text, style } = ctx;
  const column = columnOfLine(text, slot.start);
  const old = slot.value;
  // A list or map written on one line stays on one line.
  const oneLine = !!old?.range && !text.slice(old.range[0], old.range[1]).includes('\n') && (isMap(old) || isSeq(old));
  const rendered = style.json ? jsonValue(style, value, column, oneLine) : flowValue(style, look, value);
  if (isEmptyValue(old)) {
    if (slot.indicator >= 0) return [{ start: slot.indicator + 1, end: slot.indicator + 1, insert: ' ' + rendered }];
    const keyEnd = slot.key?.range?.[1];
    if (keyEnd === undefined) return 'This entry has no place for a value.';
    return [{ start: keyEnd, end: keyEnd, insert: ': ' + rendered }];
  }
  return [{ start: valueStart(text, slot, old!), end: old!.range![1], insert: rendered }];
}

function replaceInBlock(ctx: EditContext, coll: Collection, slot: Slot, value: unknown, look: Look): Splice {
  const { text, style } = ctx;
  const indicator = slot.indicator;
  if (indicator < 0) return 'This entry is written in a way the editor cannot change safely; edit it as text.';
  const under = isMap(coll) ? 'entry' : 'item';
  const column = under === 'entry' ? columnOf(text, slot.start) : columnOf(text, indicator);
  const [head, tail] = splitHead(blockValue(style, look, value, column, under), style.eol);
  const old = slot.value;
  const oneLine = (): string => ' ' + flowValue(style, look, value);

  if (isEmptyValue(old)) {
    const headAt = afterProps(text, indicator);
    const tailAt = lineEndAt(text, indicator);
    const edits: Edit[] = [];
    if (head) edits.push({ start: headAt, end: headAt, insert: head });
    if (tail) edits.push({ start: tailAt, end: tailAt, insert: tail });
    return edits;
  }
  const node = old!;
  const range = node.range!;
  const from = valueStart(text, slot, node);
  const to = isBlockish(node) ? blockEnd(ctx, node) : range[1];
  const sameLine = !text.slice(indicator, from).includes('\n');

  if ((isMap(node) || isSeq(node)) && !node.flow) {
    if (tail && !head) {
      // A block collection for a block collection: swap the lines, keep the key line and the comments above the first entry.
      return [{ start: lineStartAt(text, range[0]), end: to, insert: tail.slice(style.eol.length) }];
    }
    if (sameLine) return [{ start: from, end: to, insert: head.trimStart() + tail }];
    if (!hasComment(text, indicator + 1, range[0])) return [{ start: indicator + 1, end: to, insert: head + tail }];
    // A comment after the indicator must stay: the new value goes on the old value's line, in flow style.
    return [{ start: range[0], end: to, insert: oneLine().trimStart() }];
  }
  const inBlock = rewriteLiteralLines(ctx, node, value);
  if (inBlock) return inBlock;
  if ((isMap(node) || isSeq(node)) && node.flow && isCollectionValue(value)) {
    // A flow list or map stays in flow style.
    return [{ start: from, end: to, insert: oneLine().trimStart() }];
  }
  if (sameLine) {
    const edits: Edit[] = [
      head ? { start: from, end: to, insert: head.trimStart() } : { start: indicator + 1, end: to, insert: '' },
    ];
    // Lines go after the old value's line, so that a comment on it stays on the key line.
    if (tail) edits.push({ start: lineEndAt(text, to), end: lineEndAt(text, to), insert: tail });
    return edits;
  }
  return [{ start: from, end: to, insert: tail ? oneLine().trimStart() : head.trimStart() }];
}

/**
 * A literal block scalar (`|` or `|-`) given text it can still hold: only its lines change, and its
 * header line stays as it was, with the comment on it (`content: |  # generated, do not edit`).
 * Undefined when the new text needs another header (a final line break more or less than the header
 * says), or the header is one this does not rewrite under (`|+`, an indentation indicator, `>`): the
 * value is then written anew. The lines keep the block's indentation. The result is read back to make
 * sure it holds exactly the text given.
 */
function rewriteLiteralLines(ctx: EditContext, node: Node, value: unknown): Edit[] | undefined {
  if (!isScalar(node) || node.type !== 'BLOCK_LITERAL' || typeof value !== 'string' || !node.range) return undefined;
  const { text, style } = ctx;
  const headerEnd = lineEndAt(text, node.range[0]);
  const header = text.slice(node.range[0], headerEnd);
  const chomp = /^\|(-?)(?:[ \t]+#.*)?[ \t]*$/.exec(header)?.[1];
  if (chomp === undefined || value.includes('\r')) return undefined;
  const clip = chomp === '';
  if (clip ? !value.endsWith('\n') || value.endsWith('\n\n') : value.endsWith('\n')) return undefined;
  const lines = (clip ? value.slice(0, -1) : value).split('\n');
  if (!lines.some((line) => line.trim() !== '')) return undefined;

  // The old lines: from the line after the header to the end of the last one that holds text (blank
  // lines after it are not the value's, under these headers, and stay).
  const bodyStart = nextLineStart(text, headerEnd);
  let indent = -1;
  let end = -1;
  for (let at = bodyStart; at < node.range[1]; at = nextLineStart(text, at)) {
    const lineEnd = lineEndAt(text, at);
    const line = text.slice(at, lineEnd);
    if (line.trim() !== '') {
      if (indent < 0) indent = line.length - line.trimStart().length;
      end = lineEnd;
    }
    if (lineEnd >= text.length) break;
  }
  if (end < 0) return undefined; // no lines yet: written anew
  const indented = lines.map((line) => (line === '' ? '' : ' '.repeat(indent) + line));
  // What a parser reads from the header and these lines, apart from the rest of the file.
  let reads: unknown;
  try {
    reads = (parse(`x: ${header}\n${indented.join('\n')}\n`) as { x?: unknown } | null)?.x;
  } catch {
    return undefined;
  }
  if (reads !== value) return undefined;
  return [{ start: bodyStart, end, insert: indented.join(style.eol) }];
}

// ---------------------------------------------------------------------------------------------
// Insert
// ---------------------------------------------------------------------------------------------

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
  // Among flow-style neighbours (`web: {image: x}`), a new list or map is written in flow style too.
  const rendered =
    flowNeighbours(map) && isCollectionValue(value)
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
  const rendered =
    flowNeighbours(seq) && isCollectionValue(value)
      ? '- ' + flowValue(ctx.style, look, value)
      : blockItem(ctx.style, look, value, column);
  return appendLines(ctx, seq, slots, column, rendered);
}

function isCollectionValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** The lists and maps among a collection's values are all written in flow style (and there is one). */
function flowNeighbours(coll: Collection): boolean {
  const values = coll.items.map((item) => (isMap(coll) ? (item as { value: unknown }).value : item));
  const collections = values.filter((v): v is YAMLMap | YAMLSeq => isMap(v) || isSeq(v));
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

function flowItemEnd(slot: Slot): number {
  const value = slot.value;
  if (value?.range && !isEmptyValue(value)) return value.range[1];
  return Math.max(slot.key?.range?.[1] ?? 0, slot.indicator + 1, slot.start + 1);
}

function insertIntoEmptyDocument(ctx: EditContext, key: string, value: unknown): Splice {
  const { text, style } = ctx;
  const look: Look = { strings: style.strings, keys: 'PLAIN' };
  const lines = blockEntry(style, look, key, value, 0) + style.eol;
  const needsBreak = text.length > 0 && !text.endsWith('\n');
  return [{ start: text.length, end: text.length, insert: (needsBreak ? style.eol : '') + lines }];
}

// ---------------------------------------------------------------------------------------------
// Move
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Remove
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Rename
// ---------------------------------------------------------------------------------------------

/** Renames the key at `segments`, keeping its quoting. Refuses when the new key is taken. */
export function renameKeyAt(ctx: EditContext, segments: readonly string[], to: string): Splice {
  if (/[\n\r]/.test(to)) return 'A name cannot contain a line break.';
  const at = locatePath(ctx, segments);
  if (typeof at === 'string') return at;
  const last = at.steps[at.steps.length - 1];
  if (at.missing.length > 0 || !last) return `There is nothing at ${toPointer(segments)} to rename.`;
  const { coll, slot } = last;
  if (!isMap(coll) || !slot.key?.range) return `${toPointer(segments)} is a list item; it has no name to change.`;
  if (slot.name === to) return [];
  if (coll.items.some((p) => isScalar(p.key) && String(p.key.value) === to)) return `"${to}" is already taken here.`;
  const key = slot.key;
  const type = isScalar(key) ? key.type : undefined;
  const keys = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? type : 'PLAIN';
  return [
    {
      start: key.range![0],
      end: key.range![1],
      insert: keyText(ctx.style, { strings: 'PLAIN', keys }, to, !!coll.flow),
    },
  ];
}
