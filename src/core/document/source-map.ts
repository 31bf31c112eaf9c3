import { resolveAlias } from './aliasing';
import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { TextRange } from '../diagnostics';
import type { ParsedDocument } from './parse';
import { escapeSegment, parsePointer } from './pointer';

/**
 * The source map: from a JSON Pointer to where it stands in the text, and back.
 * Resolved on demand by walking the yaml AST, so that documents nobody asks about cost nothing.
 */

export interface NodeLocation {
  /** The deepest part of the pointer that exists in the document. */
  pointer: string;
  /** True when the whole pointer exists; false when only an ancestor was found. */
  exact: boolean;
  /** The value node (undefined for `key:` with no value). */
  node: Node | undefined;
  /** The key node when the pointer ends in a mapping key. */
  key: Node | undefined;
  /** The pair when the pointer ends in a mapping key. */
  pair: Pair | undefined;
}

/** Finds the node a pointer names, or its deepest existing ancestor. Follows aliases. */
export function locate(doc: Document, pointer: string): NodeLocation {
  const segments = parsePointer(pointer);
  let node: Node | undefined = (doc.contents as Node | null) ?? undefined;
  let here = '';
  let key: Node | undefined;
  let pair: Pair | undefined;
  for (const segment of segments) {
    const container: unknown = isAlias(node) ? resolveAlias(doc, node) : node;
    let next: { node: Node | undefined; key: Node | undefined; pair: Pair | undefined } | undefined;
    if (isMap(container)) {
      const found = pairsByKey(container).get(segment);
      if (found) next = { node: asNode(found.value), key: asNode(found.key), pair: found };
    } else if (isSeq(container) && /^(0|[1-9]\d*)$/.test(segment)) {
      const item = container.items[Number(segment)];
      // An item of `!!pairs` is a pair to the library: its key and value, as in a mapping.
      if (isPair(item)) next = { node: asNode(item.value), key: asNode(item.key), pair: item };
      else if (item !== undefined) next = { node: asNode(item), key: undefined, pair: undefined };
    }
    if (!next) return { pointer: here, exact: false, node, key, pair };
    here += '/' + escapeSegment(segment);
    ({ node, key, pair } = next);
  }
  return { pointer: here, exact: true, node, key, pair };
}

export type RangePart = 'value' | 'key' | 'entry';

/**
 * Offsets [start, end) of what a pointer names: its value, its key, or the whole entry (key and value).
 * Falls back to the nearest existing ancestor, then to the first line.
 */
export function offsetsOf(parsed: ParsedDocument, pointer: string, part: RangePart = 'value'): [number, number] {
  if (!parsed.doc) return [0, 0];
  const at = locate(parsed.doc, pointer);
  const value = at.node?.range;
  const key = at.key?.range;
  if (part === 'key' && key) return [key[0], key[1]];
  if (part === 'entry' && key) return [key[0], value ? value[1] : key[1]];
  if (value && (value[1] > value[0] || !key)) return [value[0], value[1]];
  if (key) return [key[0], key[1]];
  return [0, 0];
}

export function rangeOf(parsed: ParsedDocument, pointer: string, part: RangePart = 'value'): TextRange {
  const [start, end] = offsetsOf(parsed, pointer, part);
  return parsed.lines.range(start, end);
}

/** The pointer of the innermost node whose text covers `offset` (a key counts as its entry). */
export function pointerAt(parsed: ParsedDocument, offset: number): string {
  if (!parsed.doc) return '';
  let node: unknown = parsed.doc.contents;
  let pointer = '';
  for (;;) {
    if (isMap(node)) {
      const hit = node.items.find((p) => covers(p, offset));
      if (!hit) return pointer;
      pointer += '/' + escapeSegment(keyText(hit.key));
      if (isNode(hit.key) && hit.key.range && offset < hit.key.range[1]) return pointer;
      node = hit.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => isNode(item) && item.range && within(item.range, offset));
      if (index < 0) return pointer;
      pointer += '/' + index;
      node = node.items[index];
    } else return pointer;
  }
}

/** The text of a mapping key as a pointer segment: scalars as written, anything else as YAML. */
export function keyText(key: unknown): string {
  // A null key (`~:`, `null:` or an empty `? `) reads as "", as yaml.v3 (Go) decodes it into a
  // map[string] and as the workload's value has it: the container `~` is the container "".
  if (isScalar(key)) return key.value === null ? '' : String(key.value);
  if (isNode(key)) return key.toString();
  return String(key);
}

/**
 * A mapping's pairs by key text, built once per mapping node: diagnostics on a large document look up
 * thousands of pointers, and scanning the keys for each would make that quadratic. The first of duplicate
 * keys wins, as yaml reports the second one.
 */
const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
function pairsByKey(map: YAMLMap): Map<string, Pair> {
  let index = pairIndex.get(map);
  if (!index) {
    index = new Map();
    for (const pair of map.items) {
      const key = keyText(pair.key);
      if (!index.has(key)) index.set(key, pair);
    }
    pairIndex.set(map, index);
  }
  return index;
}

function asNode(value: unknown): Node | undefined {
  return isNode(value) ? value : undefined;
}

function covers(pair: unknown, offset: number): boolean {
  if (!isPair(pair)) return false;
  const start = isNode(pair.key) && pair.key.range ? pair.key.range[0] : undefined;
  const end =
    isNode(pair.value) && pair.value.range ? pair.value.range[1] : isNode(pair.key) ? pair.key.range?.[1] : undefined;
  return start !== undefined && end !== undefined && offset >= start && offset <= end;
}

function within(range: [number, number, number], offset: number): boolean {
  return offset >= range[0] && offset <= range[1];
}
