import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Pair,
  parseAllDocuments,
  Scalar,
  YAMLMap,
  YAMLSeq,
  type Document,
  type Node,
} from 'yaml';
import type { Edit } from './edits';
import { LineIndex, lineStartAt } from './lines';
import {
  duplicateKeys,
  findBinary,
  MAX_ALIAS_COUNT,
  MAX_TEXT_LENGTH,
  measureDepth,
  parseWorkloadText,
  READ_OPTIONS,
  type ParsedDocument,
} from './parse';
import { diffEdits } from './text-diff';

/**
 * Reading a text again after an edit, reusing what the edit did not touch. A workload is a handful of
 * top-level keys, each a mapping of named entries (containers, resources, …): typing changes one
 * entry. Only the lines of the changed entries are parsed again, in a context that reads them exactly
 * as the whole file would (the same indentation under one parent key), and the result is put together
 * with the untouched entries: those before the edit as they were, those after it with their offsets
 * moved. A single edit (typing) is read at the deepest entry it lies in (one key of a container, one
 * variable) when that entry has a sibling after it, else at the root key's entry (a container). On a
 * large workload this is a few milliseconds instead of a whole parse, and it makes far less garbage.
 *
 * The result is the same as `parseWorkloadText(text)` — the same tree, offsets, comments, blank-line
 * flags and data (a property test holds this against the full parse on every sample file). Whenever
 * that cannot be guaranteed cheaply (an error or warning anywhere, anchors and aliases, directives,
 * comments closing an entry, an empty value next to the lines read, flow style, keys that are not
 * plain names, an edit outside the entries) the whole text is parsed as before.
 */
export function reparseWorkloadText(previous: ParsedDocument | undefined, text: string): ParsedDocument {
  if (previous && previous.text === text) return previous;
  return (previous && spliceWorkloadText(previous, text)) || parseWorkloadText(text);
}

/** The reparsed document, or undefined when only a whole parse can be trusted. Exported for the tests. */
export function spliceWorkloadText(previous: ParsedDocument, text: string): ParsedDocument | undefined {
  try {
    if (!eligible(previous) || text.length > MAX_TEXT_LENGTH) return undefined;
    return splice(previous, text);
  } catch {
    return undefined; // a case this code did not foresee: the whole parse decides
  }
}

/** A document with no anchors or aliases: an entry can then be read without the rest of the file. */
const clean = new WeakMap<ParsedDocument, boolean>();

function eligible(parsed: ParsedDocument): boolean {
  const doc = parsed.doc;
  if (parsed.blocked || parsed.syntax.length > 0 || !doc || !isMap(doc.contents) || doc.contents.flow) return false;
  let known = clean.get(parsed);
  if (known === undefined) {
    known = !/(^|\n)%/.test(parsed.text) && !hasAnchors(doc.contents);
    clean.set(parsed, known);
  }
  return known;
}

function hasAnchors(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) return true;
    if (isPair(node)) {
      stack.push(node.key, node.value);
    } else if (isNode(node)) {
      if (node.anchor) return true;
      if (isMap(node) || isSeq(node)) stack.push(...(node.items as unknown[]));
    }
  }
  return false;
}

/** Lines of entries read again: entries [first, last] of the mapping under root key `pair`. */
interface Block {
  pair: number;
  first: number;
  last: number;
  /** Old text: start of the first entry's line, and of the line after the last entry's lines. */
  start: number;
  end: number;
  edits: Edit[];
}

/** A root key whose value is a block mapping of entries, each starting a line at the same indentation. */
interface EntryMap {
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

/** `edits`: the edits from `previous.text` to `text`, when the caller has them (`oneByOne` passes each of several). */
function splice(
  previous: ParsedDocument,
  text: string,
  edits = diffEdits(previous.text, text),
): ParsedDocument | undefined {
  const old = previous.text;
  const doc = previous.doc!;
  const root = doc.contents as YAMLMap;
  const rootItems = root.items as Pair[];
  if (edits.length === 0) return undefined;

  // Where each root key's lines start; the entries of the ones that are edited.
  const rootStarts = rootItems.map((p) => (isNode(p.key) && p.key.range ? lineStartAt(old, p.key.range[0]) : -1));
  if (rootStarts.some((s, i) => s < 0 || (i > 0 && s <= rootStarts[i - 1]!))) return undefined;
  const entryMaps = new Map<number, EntryMap | null>();
  const entriesOf = (pair: number): EntryMap | null => {
    if (!entryMaps.has(pair)) {
      const end = pair + 1 < rootStarts.length ? rootStarts[pair + 1]! : old.length;
      entryMaps.set(pair, readEntries(old, rootItems[pair]!, end));
    }
    return entryMaps.get(pair)!;
  };

  if (edits.length === 1 && old.length + edits[0]!.insert.length - (edits[0]!.end - edits[0]!.start) === text.length) {
    const deep = spliceDeep(previous, text, edits[0]!, rootStarts, entriesOf);
    if (deep) return deep;
  }

  // Each edit falls in one root key's entries (an insertion between two entries goes with the one before).
  const blocks: Block[] = [];
  for (const edit of edits) {
    const placed = place(edit) ?? (edit.start === edit.end ? place(edit, true) : undefined);
    if (!placed) return undefined;
    const previousBlock = blocks[blocks.length - 1];
    if (previousBlock && previousBlock.pair === placed.pair && placed.first <= previousBlock.last + 1) {
      previousBlock.last = Math.max(previousBlock.last, placed.last);
      previousBlock.end = Math.max(previousBlock.end, placed.end);
      previousBlock.edits.push(edit);
    } else {
      blocks.push(placed);
    }
  }
  // Edits at places apart: one by one, each read as typing is (see oneByOne).
  if (blocks.length > 1 && edits.length <= ONE_BY_ONE_UP_TO) {
    const read = oneByOne(previous, edits);
    if (read?.text === text) return read;
  }

  function place(edit: Edit, atStart = false): Block | undefined {
    const { from, to } = atStart ? { from: edit.start, to: edit.start } : editSpan(edit);
    if (from < 0) return undefined;
    const pair = lastAtOrBefore(rootStarts, from);
    if (pair < 0 || lastAtOrBefore(rootStarts, to) !== pair) return undefined;
    const entries = entriesOf(pair);
    if (!entries || from < entries.starts[0]! || to >= entries.end) return undefined;
    const first = lastAtOrBefore(entries.starts, from);
    const last = lastAtOrBefore(entries.starts, to);
    return {
      pair,
      first,
      last,
      start: entries.starts[first]!,
      end: last + 1 < entries.starts.length ? entries.starts[last + 1]! : entries.end,
      edits: [edit],
    };
  }

  // Old offset → new offset, for offsets outside every block.
  const deltas = blocks.map((b) => b.edits.reduce((sum, e) => sum + e.insert.length - (e.end - e.start), 0));
  const shiftAt = (offset: number) => {
    let delta = 0;
    for (let i = 0; i < blocks.length && blocks[i]!.end <= offset; i++) delta += deltas[i]!;
    return delta;
  };
  const total = deltas.reduce((a, b) => a + b, 0);
  if (old.length + total !== text.length) return undefined;
  if (findBinary(text) >= 0) return undefined;

  // Read each block again.
  const reread = new Map<Block, Reread>();
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const start = block.start + shiftAt(block.start);
    const end = block.end + shiftAt(block.start) + deltas[i]!;
    const result = readBlock(previous, text, block, entriesOf(block.pair)!, start, end);
    if (!result) return undefined;
    reread.set(block, result);
  }

  // Put the tree together: untouched entries before the first block as they were, after it moved.
  const newRootItems: Pair[] = [];
  const value = { ...(previous.value as Record<string, unknown>) };
  let rootEnd: { map: YAMLMap; old: YAMLMap } | undefined;
  for (let p = 0; p < rootItems.length; p++) {
    const pair = rootItems[p]!;
    const mine = blocks.filter((b) => b.pair === p);
    if (mine.length === 0) {
      const delta = shiftAt(rootStarts[p]!);
      newRootItems.push(delta === 0 ? pair : shifted(pair, delta));
      continue;
    }
    const entries = entriesOf(p)!;
    const items = entries.map.items as Pair[];
    const newItems: Pair[] = [];
    const oldData = (previous.value as Record<string, Record<string, unknown>>)[keyName(pair)!]!;
    const data: Record<string, unknown> = {};
    let at = 0;
    for (const block of mine) {
      for (; at < block.first; at++) {
        const delta = shiftAt(entries.starts[at]!);
        newItems.push(delta === 0 ? items[at]! : shifted(items[at]!, delta));
        data[keyName(items[at]!)!] = oldData[keyName(items[at]!)!];
      }
      const fresh = reread.get(block)!;
      for (const item of fresh.items) {
        newItems.push(item);
        data[keyName(item)!] = fresh.data[keyName(item)!];
      }
      at = block.last + 1;
    }
    for (; at < items.length; at++) {
      const delta = shiftAt(entries.starts[at]!);
      newItems.push(delta === 0 ? items[at]! : shifted(items[at]!, delta));
      data[keyName(items[at]!)!] = oldData[keyName(items[at]!)!];
    }
    if (newItems.length === 0) return undefined; // the mapping is gone: its key now holds null
    // Each key once: an entry read again may now repeat a name outside it (the whole parse reports that).
    if (new Set(newItems.map(keyName)).size !== newItems.length) return undefined;

    const map = copyOf(entries.map);
    map.items = newItems;
    const firstBlock = mine[0]!;
    const lastBlock = mine[mine.length - 1]!;
    const lastRead = reread.get(lastBlock)!;
    const endsHere = lastBlock.last === items.length - 1;
    const oldRange = entries.map.range!;
    const delta = shiftAt(oldRange[2]);
    map.range = [
      firstBlock.first === 0 ? reread.get(firstBlock)!.range[0] : oldRange[0] + shiftAt(oldRange[0]),
      endsHere ? lastRead.range[1] : oldRange[1] + delta,
      endsHere ? lastRead.range[2] : oldRange[2] + delta,
    ];
    if (endsHere && lastRead.atEnd) setComment(map, 'comment', lastRead.mapComment);
    if (firstBlock.first === 0) takeHead(map, reread.get(firstBlock)!);
    if (endsHere && p === rootItems.length - 1) rootEnd = { map, old: entries.map };
    const keyDelta = shiftAt(rootStarts[p]!); // blocks under earlier root keys moved this one
    const newPair = new Pair(keyDelta === 0 ? pair.key : shifted(pair.key, keyDelta), map);
    newRootItems.push(newPair);
    value[keyName(pair)!] = data;
  }

  const newRoot = copyOf(root);
  newRoot.items = newRootItems;
  const rootRange = root.range!;
  const follow = (offset: number) =>
    rootEnd && offset === rootEnd.old.range![2] ? rootEnd.map.range![2] : offset + shiftAt(offset);
  newRoot.range = [rootRange[0], follow(rootRange[1]), follow(rootRange[2])];
  const lastBlock = blocks[blocks.length - 1]!;
  const atEnd = reread.get(lastBlock)!.atEnd;
  if (atEnd) setComment(newRoot, 'comment', reread.get(lastBlock)!.rootComment);

  const docRange = doc.range;
  const result = withRoot(previous, text, newRoot, value, [
    docRange[0],
    docRange[1] === rootRange[1] ? newRoot.range[1] : follow(docRange[1]),
    atEnd ? reread.get(lastBlock)!.docEnd : docRange[2] + total,
  ]);
  if (atEnd) setComment(result.doc!, 'comment', reread.get(lastBlock)!.docComment);
  return result;
}

/**
 * Up to this many edits at once are read one by one (see `oneByOne`); past it, the blocks they lie in.
 * A step that cannot be read wastes the steps before it: the bound keeps that small.
 */
const ONE_BY_ONE_UP_TO = 8;

/**
 * Edits at places apart (in more than one block: under two root keys, or in entries with others
 * between them) made at once: a text replaced from elsewhere, a command or an undo that changed a few
 * places, typing with several cursors. They are read one at a time, from the last to the first, each
 * at the deepest entry it lies in, as typing is; reading the blocks instead reads whole containers.
 * The edits' offsets are those of the text before them all, so going backwards each one still finds
 * its place. Every step is a text of its own, read as typing is (the same result as a whole parse of
 * that text), and the last one is the text asked for. Edits in one block are read with it: on a small
 * workload one parse of that block costs less than one per edit. In Node, a template's container image
 * renamed and its last line changed: 1.2–1.5 → 0.4–0.7 ms; on the generated 100×100, never slower, up to
 * a hundred edits. Undefined when a step cannot be read that way (alone it repeats a name, say): the
 * blocks are read then.
 */
function oneByOne(previous: ParsedDocument, edits: readonly Edit[]): ParsedDocument | undefined {
  let read: ParsedDocument | undefined = previous;
  for (let k = edits.length - 1; k >= 0 && read; k--) {
    const edit = edits[k]!;
    read = splice(read, read.text.slice(0, edit.start) + edit.insert + read.text.slice(edit.end), [edit]);
  }
  return read;
}

/** Where an edit lies: its first and last character (an insertion goes with the character before it). */
function editSpan(edit: Edit): { from: number; to: number } {
  const from = edit.start === edit.end ? edit.start - 1 : edit.start;
  return { from, to: edit.start === edit.end ? from : edit.end - 1 };
}

/**
 * One edit inside an entry deeper than a root key's entries (a container's `image`, one variable):
 * only that entry's lines are read again, and the mappings above it are copied, their later entries
 * moved. A container of a hundred lines is then not read again for a key typed in one of them.
 *
 * Taken only when the edited entry has a sibling after it: what follows its lines is then a key at its
 * own indentation, so that comments and blank lines at its end read as in the whole file, and every
 * mapping above it ends after the edit. Otherwise (and whenever the entry cannot be read apart) the
 * next entry up is tried, and in the end the root key's entry (`splice`).
 */
function spliceDeep(
  previous: ParsedDocument,
  text: string,
  edit: Edit,
  rootStarts: number[],
  entriesOf: (pair: number) => EntryMap | null,
): ParsedDocument | undefined {
  const old = previous.text;
  const { from, to } = editSpan(edit);
  if (from < 0) return undefined;
  const pair = lastAtOrBefore(rootStarts, from);
  if (pair < 0 || lastAtOrBefore(rootStarts, to) !== pair) return undefined;

  // The entries the edit lies in, from the root key's down to the deepest mapping that holds it.
  const path: Array<{ entries: EntryMap; index: number }> = [];
  let level = entriesOf(pair);
  while (level && from >= level.starts[0]! && to < level.end) {
    const index = lastAtOrBefore(level.starts, from);
    if (lastAtOrBefore(level.starts, to) !== index) break;
    path.push({ entries: level, index });
    const end = index + 1 < level.starts.length ? level.starts[index + 1]! : level.end;
    level = readEntries(old, level.map.items[index] as Pair, end);
  }
  if (findBinary(text) >= 0) return undefined;

  const delta = edit.insert.length - (edit.end - edit.start);
  const move = <T>(node: T): T => (delta === 0 ? node : shifted(node, delta));
  const rootName = keyName((previous.doc!.contents as YAMLMap).items[pair] as Pair)!;
  for (let depth = path.length - 1; depth >= 1; depth--) {
    const { entries, index } = path[depth]!;
    if (index + 1 >= entries.starts.length) continue; // the last entry: its end is its mapping's
    const block: Block = {
      pair,
      first: index,
      last: index,
      start: entries.starts[index]!,
      end: entries.starts[index + 1]!,
      edits: [edit],
    };
    const end = block.end + delta;
    const k = entries.indent;
    if (!isSpaces(text, end, end + k) || text.charCodeAt(end + k) === 32) continue; // not the sibling's key line
    const fresh = readBlock(previous, text, block, entries, block.start, end, 2 * depth + 2);
    if (!fresh) continue;
    const items = entries.map.items as Pair[];
    const names = new Set(items.filter((_, i) => i !== index).map(keyName));
    if (
      fresh.items.some((item) => names.has(keyName(item))) ||
      new Set(fresh.items.map(keyName)).size !== fresh.items.length
    )
      continue; // a name now repeated: the whole parse reports it

    // The edited mapping: entries before as they were, the entry read again, the ones after moved.
    let map = copyOf(entries.map);
    map.items = [...items.slice(0, index), ...fresh.items, ...items.slice(index + 1).map(move)];
    const range = entries.map.range!;
    map.range = [index === 0 ? fresh.range[0] : range[0], range[1] + delta, range[2] + delta];
    if (index === 0) takeHead(map, fresh);
    const oldData = dataAt(previous.value, rootName, path, depth);
    if (!oldData) return undefined;
    let data: Record<string, unknown> = {};
    for (let i = 0; i < items.length; i++) {
      if (i !== index) data[keyName(items[i])!] = oldData[keyName(items[i])!];
      else for (const item of fresh.items) data[keyName(item)!] = fresh.data[keyName(item)!];
    }

    // The mappings above: the pair on the way down takes the new mapping, the entries after it move.
    for (let up = depth - 1; up >= 0; up--) {
      const { entries: above, index: at } = path[up]!;
      const aboveItems = above.map.items as Pair[];
      const copy = copyOf(above.map);
      copy.items = [
        ...aboveItems.slice(0, at),
        new Pair(aboveItems[at]!.key, map),
        ...aboveItems.slice(at + 1).map(move),
      ];
      const r = above.map.range!;
      copy.range = [r[0], r[1] + delta, r[2] + delta];
      map = copy;
      const aboveData = dataAt(previous.value, rootName, path, up);
      if (!aboveData) return undefined;
      data = { ...aboveData, [keyName(aboveItems[at])!]: data };
    }
    const doc = previous.doc!;
    const root = doc.contents as YAMLMap;
    const rootItems = root.items as Pair[];
    const newRoot = copyOf(root);
    newRoot.items = [
      ...rootItems.slice(0, pair),
      new Pair(rootItems[pair]!.key, map),
      ...rootItems.slice(pair + 1).map(move),
    ];
    const r = root.range!;
    newRoot.range = [r[0], r[1] + delta, r[2] + delta];
    const value = { ...(previous.value as Record<string, unknown>), [rootName]: data };
    return withRoot(previous, text, newRoot, value, [doc.range[0], doc.range[1] + delta, doc.range[2] + delta]);
  }
  return undefined;
}

/** The document read again: the previous one's, with a new root (and range), for `text`. */
function withRoot(
  previous: ParsedDocument,
  text: string,
  root: YAMLMap,
  value: Record<string, unknown>,
  range: [number, number, number],
): ParsedDocument {
  const doc = previous.doc!;
  const newDoc = Object.create(Object.getPrototypeOf(doc), Object.getOwnPropertyDescriptors(doc)) as Document.Parsed;
  newDoc.contents = root as unknown as YAMLMap.Parsed; // built from parsed nodes, offsets and all
  newDoc.range = range;
  newDoc.errors = [];
  newDoc.warnings = [];
  const result: ParsedDocument = { text, lines: new LineIndex(text), doc: newDoc, value, syntax: [], blocked: false };
  clean.set(result, true);
  return result;
}

/** What stands above a mapping's first entry (comments, blank lines) is the mapping's own. */
function takeHead(map: YAMLMap, read: Reread): void {
  setComment(map, 'commentBefore', read.mapCommentBefore);
  if (read.mapSpaceBefore) map.spaceBefore = true;
  else delete map.spaceBefore;
}

/** A mapping like `map` (its schema, range, comments), to be given other items. */
function copyOf(map: YAMLMap): YAMLMap {
  const copy = new YAMLMap(map.schema);
  Object.assign(copy, map);
  return copy;
}

/** The data of the mapping at `path[depth]` (under root key `rootName`), or undefined when it is not an object. */
function dataAt(
  value: unknown,
  rootName: string,
  path: Array<{ entries: EntryMap; index: number }>,
  depth: number,
): Record<string, unknown> | undefined {
  const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
  if (!isObject(value)) return undefined;
  let at = value[rootName];
  for (let d = 0; d < depth; d++) {
    if (!isObject(at)) return undefined;
    at = at[keyName(path[d]!.entries.map.items[path[d]!.index] as Pair)!];
  }
  return isObject(at) ? at : undefined;
}

/** What reading a block again gave: its entries (offsets in the new text), their data, and its edges. */
interface Reread {
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

/**
 * The entries of the block mapping that is `parent`'s value, when each is a plain name starting a line
 * at one indentation, deeper than `parent`'s key; `end`: where `parent`'s lines end. Null otherwise.
 */
function readEntries(text: string, parent: Pair, end: number): EntryMap | null {
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

function readBlock(
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

/**
 * A copy of a node with every offset moved by `by` (nodes are never changed in place: older documents
 * share them). An edit near the top of a large workload moves thousands of nodes, so the copies skip
 * the yaml constructors (each defines its type with `Object.defineProperty`, which made copying three
 * times slower): a copy is an object whose prototype carries the node's type, over the class's own
 * prototype, with the node's own fields. `isScalar`, `isMap`, … and `instanceof` answer as for the
 * original, and a copy of a copy has the same shape.
 */
function shifted<T>(node: T, by: number): T {
  if (isPair(node)) {
    const copy = Object.create(COPY_OF.pair) as Pair;
    copy.key = shifted(node.key, by);
    copy.value = shifted(node.value, by);
    return copy as T;
  }
  if (isScalar(node)) {
    const copy = Object.assign(Object.create(COPY_OF.scalar) as Scalar, node);
    if (node.range) copy.range = [node.range[0] + by, node.range[1] + by, node.range[2] + by];
    return copy as T;
  }
  if (isMap(node) || isSeq(node)) {
    const copy = Object.assign(Object.create(isMap(node) ? COPY_OF.map : COPY_OF.seq) as YAMLMap | YAMLSeq, node);
    // The schema is a hidden field of a collection (as the constructor defines it).
    Object.defineProperty(copy, 'schema', { value: node.schema, writable: true, configurable: true });
    copy.items = (node.items as unknown[]).map((item) => shifted(item, by)) as typeof copy.items;
    if (node.range) copy.range = [node.range[0] + by, node.range[1] + by, node.range[2] + by];
    return copy as T;
  }
  if (node === null || node === undefined) return node;
  throw new Error('unexpected node'); // aliases never get here (documents with them are parsed whole)
}

/** The yaml library marks a node's kind with these (registered) symbols; see `yaml/dist/nodes/identity`. */
const NODE_TYPE = Symbol.for('yaml.node.type');
const kindOf = <P extends object>(prototype: P, kind: string): P =>
  Object.create(prototype, { [NODE_TYPE]: { value: Symbol.for(`yaml.${kind}`) } }) as P;
const COPY_OF = {
  pair: kindOf(Pair.prototype, 'pair'),
  scalar: kindOf(Scalar.prototype, 'scalar'),
  map: kindOf(YAMLMap.prototype, 'map'),
  seq: kindOf(YAMLSeq.prototype, 'seq'),
};

/** Moves every offset of a node read just now (nothing else holds it) by `by`, in place. */
function shiftInPlace(node: unknown, by: number): void {
  if (isPair(node)) {
    shiftInPlace(node.key, by);
    shiftInPlace(node.value, by);
  } else if (isScalar(node) || isMap(node) || isSeq(node)) {
    const range = node.range;
    if (range) {
      range[0] += by;
      range[1] += by;
      range[2] += by;
    }
    if (!isScalar(node)) for (const item of node.items as unknown[]) shiftInPlace(item, by);
  } else if (node !== null && node !== undefined) {
    throw new Error('unexpected node');
  }
}

/** Where an entry ends: its value's end (comments after it included), or its key's when it has no value. */
function endOf(value: unknown, key: unknown): number {
  if (isNode(value) && value.range) return value.range[2];
  if (isNode(key) && key.range) return key.range[2];
  throw new Error('an entry without a place');
}

function setComment(
  node: { comment?: string | null; commentBefore?: string | null },
  which: 'comment' | 'commentBefore',
  comment: string | null | undefined,
): void {
  if (comment) node[which] = comment;
  else delete node[which];
}

/** A mapping key that is a plain name: the same key in the data. Undefined for anything else. */
function keyName(pair: Pair | Node | undefined): string | undefined {
  const key = isPair(pair) ? pair.key : undefined;
  if (!isScalar(key) || typeof key.value !== 'string') return undefined;
  const name = key.value;
  // Integer-like names are ordered first in a JavaScript object; `__proto__` is special there.
  if (name === '__proto__' || /^(0|[1-9]\d*)$/.test(name)) return undefined;
  return name;
}

/**
 * Whether the last node of an entry, in the order of the text, is a value with nothing written (`key:`
 * or `- ` at a line's end): comment lines after it belong to that value. Nodes in flow style end with
 * their closing bracket.
 */
function endsEmpty(entry: unknown): boolean {
  let node = entry;
  for (;;) {
    if (isPair(node)) node = node.value;
    else if ((isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0) node = node.items.at(-1);
    else if (isScalar(node)) return !node.range || node.range[0] === node.range[1];
    else return node === null || node === undefined || ((isMap(node) || isSeq(node)) && !node.flow);
  }
}

/** A comment line (from `from` to its end `to`) indented `indent` or less. */
function isCommentLine(text: string, from: number, to: number, indent: number): boolean {
  let i = from;
  while (i < to && text.charCodeAt(i) === 32) i++;
  return i - from <= indent && text.charCodeAt(i) === 35;
}

function isSpaces(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return true;
}

/** Index of the last value ≤ `x` in ascending `values`, or -1. */
function lastAtOrBefore(values: number[], x: number): number {
  let lo = 0;
  let hi = values.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
