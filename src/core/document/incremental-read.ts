import { isMap, isNode, isPair, isScalar, parseAllDocuments, type Pair, type YAMLMap } from 'yaml';
import type { Edit } from './edits';
import { lineStartAt } from './lines';
import { endOf, endsEmpty, hasAnchors, keyName, setComment, shiftInPlace } from './incremental-nodes';
import { duplicateKeys, MAX_ALIAS_COUNT, measureDepth, READ_OPTIONS, type ParsedDocument } from './parse';

/*
 * Part of the incremental re-read (see incremental.ts): finding the entries of a mapping line by line,
 * and reading the lines of some of them apart, in a stand-in context that reads them as the whole file
 * would.
 */

/** Lines of entries read again: entries [first, last] of the mapping under root key `pair`. */
export interface Block {
  pair: number;
  first: number;
  last: number;
  /** Old text: start of the first entry's line, and of the line after the last entry's lines. */
  start: number;
  end: number;
  edits: Edit[];
}

/** A root key whose value is a block mapping of entries, each starting a line at the same indentation. */
export interface EntryMap {
  map: YAMLMap;
  indent: number;
  /** Where each entry's lines start; `end`: where the last entry's lines end (the next root key's line, or the end). */
  starts: number[];
  end: number;
}

// Stand-in keys. A real entry of the same name makes a duplicate key: an error, and a whole parse.
const PARENT = '_:\n';
const BEFORE = '_before_';
const AFTER = '_after_';

/** What reading a block again gave: its entries (offsets in the new text), their data, and its edges. */
export interface Reread {
  items: Pair[];
  data: Record<string, unknown>;
  /** The range of the entries' mapping as read (the first entry's start; the end of the last). */
  range: [number, number, number];
  /** The block reaches the end of the file: the comments after it are the file's last ones. */
  atEnd: boolean;
  mapComment: string | null | undefined;
  /** Comments above the first entry: the mapping's own (when the block starts with its first entry). */
  mapCommentBefore: string | null | undefined;
  mapSpaceBefore: boolean;
  rootComment: string | null | undefined;
  docComment: string | null | undefined;
  /** Where the document ends, as read (for a block at the end of the file). */
  docEnd: number;
}

/** What stands above a mapping's first entry (comments, blank lines) is the mapping's own. */
export function takeHead(map: YAMLMap, read: Reread): void {
  setComment(map, 'commentBefore', read.mapCommentBefore);
  if (read.mapSpaceBefore) map.spaceBefore = true;
  else delete map.spaceBefore;
}

/**
 * The entries of the block mapping that is `parent`'s value, when each is a plain name starting a line
 * at one indentation, deeper than `parent`'s key; `end`: where `parent`'s lines end. Null otherwise.
 */
export function readEntries(text: string, parent: Pair, end: number): EntryMap | null {
  const map = parent.value;
  if (!isMap(map) || map.flow || map.items.length === 0 || !isNode(parent.key) || !parent.key.range) return null;
  if (keyName(parent) === undefined) return null;
  const parentAt = lineStartAt(text, parent.key.range[0]);
  const parentColumn = parent.key.range[0] - parentAt;
  const starts: number[] = [];
  let indent = -1;
  for (const item of map.items as Pair[]) {
    if (!isScalar(item.key) || !item.key.range || keyName(item) === undefined) return null;
    const keyAt = item.key.range[0];
    const start = lineStartAt(text, keyAt);
    const column = keyAt - start;
    if (column <= parentColumn || !isSpaces(text, start, keyAt) || (indent >= 0 && column !== indent)) return null;
    indent = column;
    starts.push(start);
  }
  // The comment lines right above an entry's key (no deeper than it) are its own: they go with it.
  for (let e = 0; e < starts.length; e++) {
    let start = starts[e]!;
    while (start > 0) {
      const above = lineStartAt(text, start - 1);
      if (!isCommentLine(text, above, start - 1, indent)) break;
      start = above;
    }
    starts[e] = start;
  }
  // The parent key's own line (and any line up to the first entry) must hold no comment: it would belong
  // to the first entry's key, which is then read without it.
  if (starts[0]! <= parentAt || text.slice(parentAt, starts[0]).includes('#')) return null;
  return { map, indent, starts, end };
}

export function readBlock(
  previous: ParsedDocument,
  text: string,
  block: Block,
  entries: EntryMap,
  start: number,
  end: number,
  depthAbove = 0,
): Reread | undefined {
  const atEnd = end === text.length;
  if (!atEnd && text.charCodeAt(end - 1) !== 10) return undefined;
  // An entry whose value is empty (`key:` with nothing after it) takes the blank lines and comments
  // that follow it: the entry before the block, or the block's last one (before or after the edit),
  // would give them elsewhere when the block is read apart.
  const oldItems = entries.map.items as Pair[];
  if (block.first > 0 && endsEmpty(oldItems[block.first - 1])) return undefined;
  if (!atEnd && endsEmpty(oldItems[block.last])) return undefined;
  const source = text.slice(start, end);
  const before = previous.text.slice(block.start, block.end);
  const k = entries.indent;

  // Lines: blank, comments, deeper lines, and entry keys at exactly the entries' indentation.
  const newShape = shapeOf(source, k);
  const oldShape = shapeOf(before, k);
  if (!newShape || !oldShape) return undefined;
  if (!atEnd && (newShape.endsWithComment || oldShape.endsWithComment)) return undefined;
  if (!atEnd && newShape.endsBlank !== oldShape.endsBlank) return undefined;

  // The lines just above: a comment there would belong to the first entry; a blank line marks it.
  let above = start;
  let blankAbove = false;
  while (above > 0) {
    const lineAt = lineStartAt(text, above - 1);
    const line = text.slice(lineAt, above - 1);
    if (line.trim() === '') {
      blankAbove = true;
      above = lineAt;
      continue;
    }
    if (line.trimStart().startsWith('#')) return undefined;
    break;
  }

  // What follows the block is stood in for by a key at the same place (another entry, or the next
  // root key), so that blank lines at the block's end are read as the whole file reads them.
  const nextIsEntry =
    !atEnd && end < text.length && text.charCodeAt(end + k - 1) === 32 && isSpaces(text, end, end + k);
  // An entry before the block (when there is one) is stood in for too: comments at the block's start
  // then belong to its first key, as in the file, not to the mapping.
  // (It holds a value on its line, as an entry ends with content: an empty one would take the comments.)
  const prefix = PARENT + (block.first > 0 ? ' '.repeat(k) + BEFORE + ': 0\n' : '') + (blankAbove ? '\n' : '');
  const sentinel = atEnd ? '' : (nextIsEntry ? ' '.repeat(k) : '') + AFTER + ':\n';
  // Duplicate keys are looked for apart, in one pass (as the whole parse does, see duplicateKeys).
  const docs = parseAllDocuments(prefix + source + sentinel, READ_OPTIONS);
  if (!Array.isArray(docs) || docs.length !== 1) return undefined;
  const read = docs[0]!;
  if (read.errors.length > 0 || read.warnings.length > 0 || read.commentBefore) return undefined;
  if (duplicateKeys(read.contents).length > 0) return undefined; // the whole parse reports them
  const readRoot = read.contents;
  if (!isMap(readRoot) || readRoot.items.length !== (atEnd || nextIsEntry ? 1 : 2)) return undefined;
  const parent = readRoot.items[0] as Pair;
  const map = parent.value;
  if (!isMap(map) || map.flow || (block.first > 0 && map.commentBefore) || hasAnchors(map)) return undefined;
  if (measureDepth(readRoot, 1 + depthAbove).tooDeep) return undefined;
  if (!atEnd && (read.comment || readRoot.comment || map.comment)) return undefined;
  const readItems = (map.items as Pair[]).slice(block.first > 0 ? 1 : 0, nextIsEntry ? -1 : undefined);
  if (nextIsEntry && keyName(map.items[map.items.length - 1] as Pair) !== AFTER) return undefined;
  // The stand-ins hold nothing: had the block's lines gone into one, they would not be the block's entries.
  const standIns: Array<[unknown, unknown]> = [
    [block.first > 0 ? map.items[0] : undefined, 0],
    [nextIsEntry ? map.items[map.items.length - 1] : undefined, null],
    [atEnd || nextIsEntry ? undefined : readRoot.items[1], null],
  ];
  for (const [standIn, holds] of standIns) {
    if (standIn && !(isPair(standIn) && isScalar(standIn.value) && standIn.value.value === holds)) return undefined;
    if (isPair(standIn) && isNode(standIn.value) && (standIn.value.comment || standIn.value.commentBefore))
      return undefined;
  }
  if (block.first > 0 && keyName(map.items[0] as Pair) !== BEFORE) return undefined;

  // The entries read now are this reading's alone: their offsets move to the text's in place.
  const by = start - prefix.length;
  for (const item of readItems) shiftInPlace(item, by);
  const items = readItems;
  if (items.length !== newShape.keys) return undefined;
  if (!atEnd && endsEmpty(items[items.length - 1])) return undefined;
  for (const item of items) {
    if (!isScalar(item.key) || !item.key.range || keyName(item) === undefined) return undefined;
    const keyAt = item.key.range[0];
    const lineAt = lineStartAt(text, keyAt);
    if (keyAt - lineAt !== k || !isSpaces(text, lineAt, keyAt)) return undefined;
  }
  const data = (read.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as Record<string, Record<string, unknown>>)['_']!;
  // The mapping's range as the block alone gives it: from its first key to the end of its last value.
  // (The entries' offsets have moved already; the mapping's, which stays behind, moves here.)
  const lastValue = items[items.length - 1]?.value;
  const lastKey = items[items.length - 1]?.key;
  const firstKey = items[0]?.key;
  const range: [number, number, number] = [
    block.first > 0 && isNode(firstKey) && firstKey.range ? firstKey.range[0] : map.range![0] + by,
    nextIsEntry ? endOf(lastValue, lastKey) : map.range![1] + by,
    nextIsEntry ? endOf(lastValue, lastKey) : map.range![2] + by,
  ];
  return {
    items,
    data,
    range,
    atEnd,
    mapComment: map.comment,
    mapCommentBefore: map.commentBefore,
    mapSpaceBefore: map.spaceBefore === true,
    rootComment: readRoot.comment,
    docComment: read.comment,
    docEnd: read.range[2] + by,
  };
}

/**
 * The lines of a block, as far as reading it apart needs: entry keys at indentation `k`, deeper lines,
 * blank lines and comments anywhere. Undefined for anything else (a line less indented, a tab).
 */
function shapeOf(block: string, k: number): { keys: number; endsWithComment: boolean; endsBlank: boolean } | undefined {
  let keys = 0;
  let lastKind: 'blank' | 'comment' | 'content' = 'blank';
  let trailingBlank = false;
  let at = 0;
  while (at < block.length) {
    let next = block.indexOf('\n', at);
    if (next < 0) next = block.length;
    let i = at;
    while (i < next && block.charCodeAt(i) === 32) i++;
    const c = block.charCodeAt(i);
    if (i === next || (c === 13 && i + 1 === next)) {
      trailingBlank = true;
    } else if (c === 9) {
      return undefined;
    } else if (c === 35 /* # */) {
      lastKind = 'comment';
      trailingBlank = false;
    } else {
      if (i - at < k) return undefined;
      if (i - at === k) keys++;
      else if (keys === 0) return undefined; // deeper lines before the first key: they belong to what is above
      lastKind = 'content';
      trailingBlank = false;
    }
    at = next + 1;
  }
  return { keys, endsWithComment: lastKind === 'comment', endsBlank: trailingBlank };
}

/** A comment line (from `from` to its end `to`) indented `indent` or less. */
function isCommentLine(text: string, from: number, to: number, indent: number): boolean {
  let i = from;
  while (i < to && text.charCodeAt(i) === 32) i++;
  return i - from <= indent && text.charCodeAt(i) === 35;
}

export function isSpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}
