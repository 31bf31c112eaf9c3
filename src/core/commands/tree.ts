import {
  isAlias,
  isCollection,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  parseDocument,
  visit,
  type CST,
  type Document,
  type Node,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { parseWorkloadText, type ParsedDocument } from '../document/parse';
import { toPointer } from '../document/pointer';
import { valueAt } from '../workload/values';
import { keyText } from '../document/source-map';
import { detectStyle, type DocumentStyle } from './style';

/**
 * The document as the edit primitives see it: the yaml AST with its concrete syntax tokens (for the
 * exact place of every `:`, `-` and `,`), the document's style, and which nodes aliases point at.
 */

export type Collection = YAMLMap | YAMLSeq;

export interface EditContext {
  text: string;
  /** The document as the rest of the core reads it (plain value, diagnostics). */
  parsed: ParsedDocument;
  doc: Document.Parsed;
  /** Null for a document with no content yet (empty, or only comments). */
  root: YAMLMap | null;
  style: DocumentStyle;
  /** Nodes that carry an anchor some alias refers to: changing them would change the alias too. */
  shared: Set<Node>;
}

/** One entry of a collection and where its syntax stands in the text. */
export interface Slot {
  index: number;
  /** Mapping entries: the key node; undefined for sequence items. */
  key: Node | undefined;
  /** The key as a pointer segment (mapping entries), or the index as text. */
  name: string;
  /** The value node; null when the text has none (`key:` or a bare `-`). */
  value: Node | null;
  /** Where the entry's text starts: its key (or the key's anchor/tag), its `-`, or its value. */
  start: number;
  /** The `:` of a mapping entry or the `-` of a block item; -1 when the text has none. */
  indicator: number;
  /** The `,` before this item in a flow collection, or -1. */
  commaBefore: number;
  /** The `,` after this item in a flow collection (a trailing comma for the last one), or -1. */
  commaAfter: number;
}

/** Parses for editing. A reason in plain words when the text cannot be edited structurally. */
export function editContext(text: string): EditContext | string {
  const parsed = parseWorkloadText(text);
  const emptyOnly = parsed.syntax.every((d) => d.severity !== 'error' || d.code === 'EMPTY_DOCUMENT');
  if (parsed.blocked && !(emptyOnly && (!parsed.doc || parsed.doc.contents === null))) {
    const first = parsed.syntax.find((d) => d.severity === 'error');
    return `The document cannot be edited until it reads correctly${first ? `: ${first.message} (line ${first.range.line})` : '.'}`;
  }
  let doc: Document.Parsed | undefined;
  try {
    // Duplicate keys were looked for by parseWorkloadText (they block editing): not again, as the
    // library does it, comparing each key with every one before it (seconds on 20,000 variables).
    const all = parseAllDocuments(text, { keepSourceTokens: true, prettyErrors: false, uniqueKeys: false });
    // No document at all (empty text, only comments): an empty one, to which commands can add.
    doc = Array.isArray(all) ? (all[0] ?? parseDocument(text, { keepSourceTokens: true })) : undefined;
  } catch {
    doc = undefined;
  }
  if (!doc) return 'The document cannot be edited: it could not be read.';
  const contents = doc.contents;
  const root = isMap(contents) ? contents : null;
  if (contents !== null && !root) return 'The document cannot be edited: its top level is not a mapping.';
  return { text, parsed, doc, root, style: detectStyle(text, root), shared: sharedNodes(doc) };
}

/** The value at a path of the workload as read, merge keys applied (undefined when it is not there). */
export function mergedValueAt(ctx: EditContext, segments: readonly string[]): unknown {
  return valueAt(ctx.parsed.value, toPointer(segments));
}

function sharedNodes(doc: Document.Parsed): Set<Node> {
  const shared = new Set<Node>();
  visit(doc, {
    Alias(_, alias) {
      const target = alias.resolve(doc);
      if (target) shared.add(target);
    },
  });
  return shared;
}

/** The entries of a collection lined up with their syntax tokens; a reason when they do not line up. */
export function slotsOf(coll: Collection): Slot[] | string {
  const token = coll.srcToken;
  const unusual = 'This part of the document is written in a way the editor cannot change safely; edit it as text.';
  if (!token || (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection')) {
    return unusual;
  }
  const flow = token.type === 'flow-collection';
  type Item = CST.BlockMap['items'][number] | CST.BlockSequence['items'][number] | CST.FlowCollection['items'][number];
  const rawItems: Item[] = token.items;
  const real: Item[] = [];
  const commas: number[] = []; // commas[i]: the comma in real item i's start (before it)
  let trailingComma = -1;
  for (const item of rawItems) {
    const comma = item.start.find((t) => t.type === 'comma')?.offset ?? -1;
    const hasContent =
      ('key' in item && item.key) ||
      ('sep' in item && item.sep && item.sep.length > 0) ||
      item.value ||
      item.start.some((t) => t.type === 'seq-item-ind' || t.type === 'explicit-key-ind');
    if (hasContent) {
      real.push(item);
      commas.push(comma);
    } else if (flow && comma >= 0) trailingComma = comma;
  }
  if (real.length !== coll.items.length) return unusual;
  const slots: Slot[] = [];
  for (let i = 0; i < real.length; i++) {
    const item = real[i]!;
    const astItem = coll.items[i];
    let key: Node | undefined;
    let value: Node | null;
    let name: string;
    if (isMap(coll)) {
      const pair = coll.items[i]!;
      key = isNode(pair.key) ? pair.key : undefined;
      value = isNode(pair.value) ? pair.value : null;
      name = keyText(pair.key);
    } else if (isPair(astItem)) {
      // An item of `!!pairs` (or `!!omap`) is read by the library as a pair, not as the one-entry
      // mapping it is written as: its text runs from the key to the value, and it moves as a whole.
      key = isNode(astItem.key) ? astItem.key : undefined;
      value = isNode(astItem.value) ? astItem.value : null;
      name = String(i);
    } else {
      key = undefined;
      value = isNode(astItem) ? astItem : null;
      name = String(i);
    }
    const sep = 'sep' in item ? (item.sep ?? []) : [];
    const colon = sep.find((t) => t.type === 'map-value-ind')?.offset ?? -1;
    const dash = item.start.find((t) => t.type === 'seq-item-ind')?.offset ?? -1;
    const props = item.start.find((t) => t.type === 'anchor' || t.type === 'tag' || t.type === 'explicit-key-ind');
    const keyToken = 'key' in item ? item.key : undefined;
    const starts = [
      dash,
      props?.offset ?? -1,
      keyToken ? keyToken.offset : -1,
      key?.range?.[0] ?? -1,
      value?.range?.[0] ?? -1,
    ].filter((n) => n >= 0);
    if (starts.length === 0 || (isMap(coll) && !key)) return unusual;
    slots.push({
      index: i,
      key,
      name,
      value,
      start: Math.min(...starts),
      indicator: isMap(coll) ? colon : dash,
      commaBefore: commas[i]!,
      commaAfter: i + 1 < real.length ? commas[i + 1]! : trailingComma,
    });
  }
  return slots;
}

/** Where a pointer leads: the chain of entries that exist, and the segments that do not. */
export interface Located {
  /** Each existing step: the collection and the entry in it. */
  steps: Array<{ coll: Collection; slot: Slot; segments: string[] }>;
  /** The segments past the deepest existing node. */
  missing: string[];
}

/** Follows segments from the root. A reason when the way passes through an alias or a plain value. */
export function locatePath(ctx: EditContext, segments: readonly string[]): Located | string {
  const steps: Located['steps'] = [];
  let node: Node | null = ctx.root;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const here = toPointer(segments.slice(0, i));
    if (node === null || (isScalar(node) && node.value === null)) return { steps, missing: segments.slice(i) };
    if (isAlias(node)) {
      return `${here || 'The document'} is an alias (*${node.source}) of a value written elsewhere; edit that value instead.`;
    }
    if (ctx.shared.has(node)) {
      return `${here} is shared through the anchor &${node.anchor ?? ''}; edit it as text so that every use changes knowingly.`;
    }
    if (!isCollection(node)) return `${here} holds a single value, not a mapping or list, so it has no "${segment}".`;
    const slots = slotsOf(node);
    if (typeof slots === 'string') return slots;
    let slot: Slot | undefined;
    if (isMap(node)) slot = slots.find((s) => s.name === segment);
    else if (/^(0|[1-9]\d*)$/.test(segment)) slot = slots[Number(segment)];
    else if (segment !== '-') return `${here} is a list; "${segment}" is not an item number.`;
    if (
      !slot &&
      isMap(node) &&
      slots.some((s) => s.name === '<<') &&
      mergedValueAt(ctx, segments.slice(0, i + 1)) !== undefined
    ) {
      // Written here, the entry would hide the one merged in (or, removed, still be there): not the user's intent.
      return `${here || 'The document'} takes "${segment}" from elsewhere through a merge key (<<); edit it as text.`;
    }
    if (isSeq(node) && isPairsList(node) && (!slot || i < segments.length - 1)) return pairsMessage(here);
    if (!slot) {
      if (isSeq(node) && segment !== '-' && Number(segment) !== slots.length) {
        return `${here} has ${slots.length} items; there is no item ${segment}.`;
      }
      return { steps, missing: segments.slice(i) };
    }
    steps.push({ coll: node, slot, segments: segments.slice(0, i + 1) });
    node = slot.value;
  }
  return { steps, missing: [] };
}

/** A list tagged `!!pairs` or `!!omap`, whose items the library reads as pairs. */
function isPairsList(seq: YAMLSeq): boolean {
  return seq.items.some(isPair) || seq.tag === 'tag:yaml.org,2002:pairs' || seq.tag === 'tag:yaml.org,2002:omap';
}

/** Items of `!!pairs` can be moved (moveItem) or removed with their list, not edited one by one. */
export function pairsMessage(list: string): string {
  return `${list || 'The document'} is a list of pairs (!!pairs): move or remove its items, or edit them as text.`;
}

/** The node at a pointer for reading: aliases are followed. Undefined when missing. */
export function readAt(ctx: EditContext, segments: readonly string[]): Node | null | undefined {
  let node: unknown = ctx.root;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(ctx.doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === segment);
      if (!pair) return undefined;
      node = pair.value;
    } else if (isSeq(node) && /^(0|[1-9]\d*)$/.test(segment)) {
      node = node.items[Number(segment)];
      if (node === undefined) return undefined;
    } else return undefined;
  }
  if (isAlias(node)) node = node.resolve(ctx.doc);
  return isNode(node) ? node : node === null ? null : undefined;
}

/** True when some node inside `node` (or `node` itself) is the target of an alias written outside it. */
export function holdsSharedAnchor(ctx: EditContext, node: Node | null): boolean {
  if (!node?.range) return false;
  const [from, to] = [node.range[0], node.range[2]];
  for (const target of ctx.shared) {
    if (!target.range || target.range[0] < from || target.range[1] > to) continue;
    let usedOutside = false;
    visit(ctx.doc, {
      Alias(_, alias) {
        if (alias.resolve(ctx.doc) === target && alias.range && (alias.range[0] < from || alias.range[0] >= to)) {
          usedOutside = true;
          return visit.BREAK;
        }
        return undefined;
      },
    });
    if (usedOutside) return true;
  }
  return false;
}
