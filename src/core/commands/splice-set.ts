import { isMap, isScalar, isSeq, parse, type Node } from 'yaml';
import type { Edit } from '../document/edits';
import { columnOf, hasComment, lineEndAt, lineStartAt, nextLineStart } from '../document/lines';
import { toPointer } from '../document/pointer';
import { isListPlace, isMapPlace } from '../workload/schema-paths';
import { sameJson } from './same-json';
import { appendItem, insertEntry, insertIntoEmptyDocument, isCollectionValue } from './splice-insert';
import {
  afterProps,
  blockEnd,
  columnOfLine,
  isBlockish,
  isEmptyValue,
  sharedMessage,
  type Splice,
  splitHead,
  valueStart,
} from './splice-span';
import { blockValue, flowValue, jsonValue, lookForReplacing, lookOf, singleEntry, type Look } from './style';
import { holdsSharedAnchor, locatePath, pairsMessage, type Collection, type EditContext, type Slot } from './tree';

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
  if (segment === '-') return !isMapPlace(toPointer(parent));
  return segment === '0' && isListPlace(toPointer(parent));
}

/** Replaces the value of an existing entry or item. */
export function replaceValue(ctx: EditContext, coll: Collection, slot: Slot, value: unknown): Splice {
  if (isSeq(coll) && slot.key) return pairsMessage('This list');
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
    // A block scalar takes as text what follows its last line there, and the lines after it indented
    // deeper than its key: a comment after the old collection's last entry (`targetPort: 8080 # container
    // side`) or under it would become part of the value. Those comments were the old value's, as those
    // between its entries were; they go with them.
    const end = tail && !isCollectionValue(value) ? afterOwnComments(text, to, column) : to;
    if (sameLine) return [{ start: from, end, insert: head.trimStart() + tail }];
    if (!hasComment(text, indicator + 1, range[0])) return [{ start: indicator + 1, end, insert: head + tail }];
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
 * The end of the comments that follow a value ending at `at`: one after it on its line, and the
 * comment lines after it indented deeper than `column` (blank lines between them included); `at`
 * when there are none.
 */
function afterOwnComments(text: string, at: number, column: number): number {
  const lineEnd = lineEndAt(text, at);
  let end = /^[ \t]+#/.test(text.slice(at, lineEnd)) ? lineEnd : at;
  if (end === at && text.slice(at, lineEnd).trim() !== '') return at;
  for (let start = nextLineStart(text, lineEnd); start < text.length; start = nextLineStart(text, start)) {
    const line = text.slice(start, lineEndAt(text, start));
    const content = line.trimStart();
    if (content === '') continue;
    if (!content.startsWith('#') || line.length - content.length <= column) break;
    end = start + line.length;
  }
  return end;
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
