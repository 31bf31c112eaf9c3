import { Pair, type YAMLMap } from 'yaml';
import type { Edit } from './edits';
import { copyOf, editSpan, keyName, lastAtOrBefore, shifted, withRoot } from './incremental-nodes';
import { isSpaces, readBlock, readEntries, takeHead, type Block, type EntryMap } from './incremental-read';
import { findBinary, type ParsedDocument } from './parse';

/* Part of the incremental re-read (see incremental.ts): an edit read at the deepest entry it lies in. */

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
export function spliceDeep(
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
