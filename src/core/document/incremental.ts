import { isMap, isNode, Pair, type YAMLMap } from 'yaml';
import type { Edit } from './edits';
import { lineStartAt } from './lines';
import { spliceDeep } from './incremental-deep';
import {
  anchorFree,
  copyOf,
  editSpan,
  hasAnchors,
  keyName,
  lastAtOrBefore,
  setComment,
  shifted,
  withRoot,
} from './incremental-nodes';
import { readBlock, readEntries, takeHead, type Block, type EntryMap, type Reread } from './incremental-read';
import { findBinary, MAX_TEXT_LENGTH, parseWorkloadText, type ParsedDocument } from './parse';
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
export function reparseWorkloadText(
  previous: ParsedDocument | undefined,
  text: string,
  edits?: readonly Edit[],
): ParsedDocument {
  if (previous && previous.text === text) return previous;
  return (previous && spliceWorkloadText(previous, text, edits)) || parseWorkloadText(text);
}

/**
 * The reparsed document, or undefined when only a whole parse can be trusted. Exported for the tests.
 * `edits`: the edits from `previous.text` to `text` when the caller knows them (the store does: they
 * are what the change was made of), so that the two texts are not compared again to find them.
 */
export function spliceWorkloadText(
  previous: ParsedDocument,
  text: string,
  edits?: readonly Edit[],
): ParsedDocument | undefined {
  try {
    if (!eligible(previous) || text.length > MAX_TEXT_LENGTH) return undefined;
    return splice(previous, text, edits && fits(previous.text, text, edits) ? [...edits] : undefined);
  } catch {
    return undefined; // a case this code did not foresee: the whole parse decides
  }
}

/**
 * Whether `edits` can be what turned `before` into `after`: sorted, apart, inside `before`, the lengths
 * adding up and each inserted text where it lands in `after`. (What they leave alone is not compared:
 * that would cost the comparison they spare.) Edits that do not fit are set aside and the texts diffed.
 */
function fits(before: string, after: string, edits: readonly Edit[]): boolean {
  let end = 0;
  let shift = 0;
  for (const edit of edits) {
    if (!(edit.start >= end && edit.end >= edit.start && edit.end <= before.length)) return false;
    const at = edit.start + shift;
    if (after.slice(at, at + edit.insert.length) !== edit.insert) return false;
    shift += edit.insert.length - (edit.end - edit.start);
    end = edit.end;
  }
  return before.length + shift === after.length;
}

function eligible(parsed: ParsedDocument): boolean {
  const doc = parsed.doc;
  if (parsed.blocked || parsed.syntax.length > 0 || !doc || !isMap(doc.contents) || doc.contents.flow) return false;
  let known = anchorFree.get(parsed);
  if (known === undefined) {
    known = !/(^|\n)%/.test(parsed.text) && !hasAnchors(doc.contents);
    anchorFree.set(parsed, known);
  }
  return known;
}

/** `edits`: the edits from `previous.text` to `text`, when the caller has them (`oneByOne` passes each of several). */
function splice(
  previous: ParsedDocument,
  text: string,
  edits: Edit[] = diffEdits(previous.text, text),
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
