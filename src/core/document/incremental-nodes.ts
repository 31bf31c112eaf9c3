import {
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  type Document,
  type Node,
} from 'yaml';
import type { Edit } from './edits';
import { LineIndex } from './lines';
import type { ParsedDocument } from './parse';

/*
 * Part of the incremental re-read (see incremental.ts): the nodes of the previous reading, copied with
 * their offsets moved, and the document put together from them; the small facts about nodes and
 * edits the other parts ask.
 */

/** Documents known to have no anchors or aliases: an entry can then be read without the rest of the file. */
export const anchorFree = new WeakMap<ParsedDocument, boolean>();

export function hasAnchors(root: unknown): boolean {
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

/** The document read again: the previous one's, with a new root (and range), for `text`. */
export function withRoot(
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
  anchorFree.set(result, true);
  return result;
}

/** A mapping like `map` (its schema, range, comments), to be given other items. */
export function copyOf(map: YAMLMap): YAMLMap {
  const copy = new YAMLMap(map.schema);
  Object.assign(copy, map);
  return copy;
}

/**
 * A copy of a node with every offset moved by `by` (nodes are never changed in place: older documents
 * share them). An edit near the top of a large workload moves thousands of nodes, so the copies skip
 * the yaml constructors (each defines its type with `Object.defineProperty`, which made copying three
 * times slower): a copy is an object whose prototype carries the node's type, over the class's own
 * prototype, with the node's own fields. `isScalar`, `isMap`, … and `instanceof` answer as for the
 * original, and a copy of a copy has the same shape.
 */
export function shifted<T>(node: T, by: number): T {
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
    const copy = Object.assign(Object.create(collectionCopy(node)) as YAMLMap | YAMLSeq, node);
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

/**
 * The prototype of a copy of a collection: its kind's, with the collection's schema, a hidden field
 * (as the constructor defines it). Given on a prototype shared by every collection of that schema,
 * not to each copy: defining it on each made shifting the 100×100 a quarter slower.
 */
const withSchema = new WeakMap<object, { map: YAMLMap; seq: YAMLSeq }>();
function collectionCopy(node: YAMLMap | YAMLSeq): YAMLMap | YAMLSeq {
  const schema = node.schema as object | undefined;
  if (!schema) return isMap(node) ? COPY_OF.map : COPY_OF.seq;
  let kinds = withSchema.get(schema);
  if (!kinds) {
    const field = { schema: { value: schema, writable: true, configurable: true } };
    kinds = { map: Object.create(COPY_OF.map, field) as YAMLMap, seq: Object.create(COPY_OF.seq, field) as YAMLSeq };
    withSchema.set(schema, kinds);
  }
  return isMap(node) ? kinds.map : kinds.seq;
}

/** Moves every offset of a node read just now (nothing else holds it) by `by`, in place. */
export function shiftInPlace(node: unknown, by: number): void {
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
export function endOf(value: unknown, key: unknown): number {
  if (isNode(value) && value.range) return value.range[2];
  if (isNode(key) && key.range) return key.range[2];
  throw new Error('an entry without a place');
}

export function setComment(
  node: { comment?: string | null; commentBefore?: string | null },
  which: 'comment' | 'commentBefore',
  comment: string | null | undefined,
): void {
  if (comment) node[which] = comment;
  else delete node[which];
}

/** A mapping key that is a plain name: the same key in the data. Undefined for anything else. */
export function keyName(pair: Pair | Node | undefined): string | undefined {
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
export function endsEmpty(entry: unknown): boolean {
  let node = entry;
  for (;;) {
    if (isPair(node)) node = node.value;
    else if ((isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0) node = node.items.at(-1);
    else if (isScalar(node)) return !node.range || node.range[0] === node.range[1];
    else return node === null || node === undefined || ((isMap(node) || isSeq(node)) && !node.flow);
  }
}

/** Where an edit lies: its first and last character (an insertion goes with the character before it). */
export function editSpan(edit: Edit): { from: number; to: number } {
  const from = edit.start === edit.end ? edit.start - 1 : edit.start;
  return { from, to: edit.start === edit.end ? from : edit.end - 1 };
}

/** Index of the last value ≤ `x` in ascending `values`, or -1. */
export function lastAtOrBefore(values: number[], x: number): number {
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
