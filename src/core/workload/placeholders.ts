import { isAlias, isMap, isScalar, isSeq, type Scalar, type YAMLMap } from 'yaml';
import { resolveAlias } from '../document/aliasing';
import type { ParsedDocument } from '../document/parse';
import { childPointer } from '../document/pointer';
import { keyText } from '../document/source-map';
import { scanPlaceholderReferences, type PlaceholderToken } from './placeholder-syntax';

/**
 * Where a workload holds placeholders: the strings Score expands (variables, file content, volume
 * source, resource params; command and args for the graph), each placeholder with its pointer and its
 * place in the text. The grammar of one string is placeholder-syntax.ts.
 */

/**
 * Where a string is expanded. score-go validates and substitutes the first four; command and args
 * are listed too (the graph draws their references) but the rules skip them, as score-go does.
 */
export type PlaceholderContext = 'variable' | 'file-content' | 'volume-source' | 'resource-param' | 'command' | 'args';

/** A string of the workload in which Score expands placeholders. */
export interface ExpandableString {
  value: string;
  /** JSON Pointer of the scalar. */
  pointer: string;
  context: PlaceholderContext;
  /** The scalar node that holds the text (an alias is followed to its anchor). */
  node: Scalar;
}

export interface LocatedPlaceholder {
  /** Offsets in `token` are in the string value, not the document. Shared between documents: read only. */
  readonly token: Readonly<PlaceholderToken>;
  readonly parts: readonly string[];
  pointer: string;
  context: PlaceholderContext;
  /** Offsets of the `${…}` in the document text (end exclusive); the whole scalar when `exact` is false. */
  start: number;
  end: number;
  /** False when the value could not be mapped back to the text character by character. */
  exact: boolean;
}

/**
 * The placeholders found in a parsed document, kept with it: the rules, the catalog layer and the
 * graph all ask for them, and a document whose YAML tree was built elsewhere (the validation worker)
 * comes with its list, so that asking does not parse the text again.
 */
const located = new WeakMap<ParsedDocument, readonly LocatedPlaceholder[]>();

/** Every placeholder in the contexts Score expands, in document walk order. Never throws. */
export function findWorkloadPlaceholders(parsed: ParsedDocument): readonly LocatedPlaceholder[] {
  let list = located.get(parsed);
  if (!list) {
    list = locatePlaceholders(parsed);
    located.set(parsed, list);
  }
  return list;
}

/** `parsed`'s placeholders are `list` (found where its text was parsed): findWorkloadPlaceholders answers with it. */
export function rememberPlaceholders(parsed: ParsedDocument, list: readonly LocatedPlaceholder[]): void {
  located.set(parsed, list);
}

function locatePlaceholders(parsed: ParsedDocument): LocatedPlaceholder[] {
  const out: LocatedPlaceholder[] = [];
  for (const s of findExpandableStrings(parsed)) {
    const { tokens, parts } = scanPlaceholderReferences(s.value);
    tokens.forEach((token, i) => {
      const at = textOffsets(parsed.text, s, token.start, token.end);
      out.push({
        token,
        parts: parts[i]!,
        pointer: s.pointer,
        context: s.context,
        start: at.start,
        end: at.end,
        exact: at.exact,
      });
    });
  }
  return out;
}

/** The placeholder the offset (in the document text) stands in, for a hover. */
export function placeholderAt(parsed: ParsedDocument, offset: number): LocatedPlaceholder | undefined {
  return findWorkloadPlaceholders(parsed).find((p) => p.exact && p.start <= offset && offset < p.end);
}

/**
 * The strings Score expands: container variables, file content (unless noExpand), volume source,
 * resource params (values, through maps and lists), and command/args. Map and deprecated list forms
 * of files and volumes alike. Only strings that contain a `$` are returned: the others hold nothing.
 */
export function findExpandableStrings(parsed: ParsedDocument): readonly ExpandableString[] {
  let list = expandable.get(parsed);
  if (!list) {
    list = expandableStrings(parsed);
    expandable.set(parsed, list);
  }
  return list;
}

/** Kept with the document: the placeholder rules and the placeholders' locations both walk them. */
const expandable = new WeakMap<ParsedDocument, readonly ExpandableString[]>();

function expandableStrings(parsed: ParsedDocument): ExpandableString[] {
  const doc = parsed.doc;
  const out: ExpandableString[] = [];
  if (!doc) return out;
  const resolve = (node: unknown): unknown => (isAlias(node) ? resolveAlias(doc, node) : node);
  const add = (node: unknown, pointer: string, context: PlaceholderContext): void => {
    const scalar = resolve(node);
    if (isScalar(scalar) && typeof scalar.value === 'string' && scalar.value.includes('$')) {
      out.push({ value: scalar.value, pointer, context, node: scalar });
    }
  };
  const root = resolve(doc.contents);
  if (!isMap(root)) return out;

  forEachEntry(mapGet(root, 'containers'), resolve, (name, container) => {
    const base = childPointer('/containers', name);
    const c = resolve(container);
    if (!isMap(c)) return;
    const variables = childPointer(base, 'variables');
    forEachEntry(mapGet(c, 'variables'), resolve, (key, value) => {
      add(value, childPointer(variables, key), 'variable');
    });
    const files = childPointer(base, 'files');
    forEachEntryOrItem(mapGet(c, 'files'), resolve, (key, file) => {
      const f = resolve(file);
      if (!isMap(f)) return;
      const noExpand = resolve(mapGet(f, 'noExpand'));
      if (isScalar(noExpand) && noExpand.value === true) return;
      add(mapGet(f, 'content'), childPointer(childPointer(files, key), 'content'), 'file-content');
    });
    const volumes = childPointer(base, 'volumes');
    forEachEntryOrItem(mapGet(c, 'volumes'), resolve, (key, volume) => {
      const v = resolve(volume);
      if (!isMap(v)) return;
      add(mapGet(v, 'source'), childPointer(childPointer(volumes, key), 'source'), 'volume-source');
    });
    for (const field of ['command', 'args'] as const) {
      const list = resolve(mapGet(c, field));
      if (!isSeq(list)) continue;
      list.items.forEach((item, i) => add(item, childPointer(childPointer(base, field), i), field));
    }
  });

  forEachEntry(mapGet(root, 'resources'), resolve, (name, resource) => {
    const r = resolve(resource);
    if (!isMap(r)) return;
    // An explicit stack: params can nest deeply, and parse already bounds the depth.
    const stack: Array<[unknown, string]> = [
      [mapGet(r, 'params'), childPointer(childPointer('/resources', name), 'params')],
    ];
    const seen = new Set<unknown>();
    while (stack.length > 0) {
      const [raw, pointer] = stack.pop()!;
      const node = resolve(raw);
      if (isScalar(node)) add(node, pointer, 'resource-param');
      else if (isMap(node) || isSeq(node)) {
        if (seen.has(node)) continue; // an alias to an ancestor would loop forever
        seen.add(node);
        const children: Array<[string | number, unknown]> = [];
        forEachEntryOrItem(node, resolve, (key, value) => children.push([key, value]));
        for (let i = children.length - 1; i >= 0; i--) {
          const [key, value] = children[i]!;
          stack.push([value, childPointer(pointer, key)]);
        }
      }
    }
  });
  return out;
}

/**
 * Maps offsets in a string value back to the document text. Exact for plain and quoted scalars that
 * the value equals (up to `''` in single quotes) and for literal blocks (line by line); otherwise the
 * token text is looked up in the source, and when that is ambiguous the whole scalar is returned.
 */
export function textOffsets(
  text: string,
  s: Pick<ExpandableString, 'value' | 'node'>,
  start: number,
  end: number,
): { start: number; end: number; exact: boolean } {
  const range = s.node.range;
  if (!range) return { start: 0, end: 0, exact: false };
  const [from, to] = range;
  const value = s.value;
  // Most strings are plain or double-quoted and equal their value: compared in place, without
  // slicing the text (this runs for every placeholder at every check).
  switch (s.node.type) {
    case 'PLAIN':
      if (to - from === value.length && text.startsWith(value, from))
        return { start: from + start, end: from + end, exact: true };
      break;
    case 'QUOTE_DOUBLE':
      if (to - from === value.length + 2 && text.startsWith(value, from + 1))
        return { start: from + 1 + start, end: from + 1 + end, exact: true };
      break;
    case 'QUOTE_SINGLE': {
      const src = text.slice(from, to);
      if (src.length >= 2 && !src.includes('\n') && src.slice(1, -1).replace(/''/g, "'") === value) {
        // Each `'` in the value is written twice in the text.
        const shift = (at: number): number => from + 1 + at + countChar(value, "'", at);
        return { start: shift(start), end: shift(end), exact: true };
      }
      break;
    }
    case 'BLOCK_LITERAL': {
      const a = literalOffset(text, from, to, value, start);
      const b = literalOffset(text, from, to, value, end);
      if (a !== undefined && b !== undefined) return { start: a, end: b, exact: true };
      break;
    }
  }
  const found = nthOccurrence(text.slice(from, to), value, value.slice(start, end), start);
  return found === undefined
    ? { start: from, end: to, exact: false }
    : { start: from + found, end: from + found + (end - start), exact: true };
}

/** In a literal block, value line i is text line i+1 (after the header) with its indentation removed. */
function literalOffset(text: string, from: number, to: number, value: string, at: number): number | undefined {
  const lineIndex = countChar(value, '\n', at);
  const lineStartInValue = value.lastIndexOf('\n', at - 1) + 1;
  const lineEndInValue = value.indexOf('\n', lineStartInValue);
  const valueLine = value.slice(lineStartInValue, lineEndInValue < 0 ? value.length : lineEndInValue);
  // Find the text line: skip the header line, then lineIndex more lines.
  let lineStart = text.indexOf('\n', from);
  for (let i = 0; i < lineIndex && lineStart >= 0; i++) lineStart = text.indexOf('\n', lineStart + 1);
  if (lineStart < 0 || lineStart + 1 > to) return undefined;
  lineStart += 1;
  let lineEnd = text.indexOf('\n', lineStart);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd > lineStart && text[lineEnd - 1] === '\r') lineEnd -= 1;
  const contentStart = lineEnd - valueLine.length;
  if (contentStart < lineStart || text.slice(contentStart, lineEnd) !== valueLine) return undefined;
  return contentStart + (at - lineStartInValue);
}

/**
 * Where the same occurrence of `needle` stands in `src` as in `value` (k-th in both), when both hold
 * it equally often; otherwise the mapping is a guess, and undefined is returned.
 */
function nthOccurrence(src: string, value: string, needle: string, at: number): number | undefined {
  if (needle === '') return undefined;
  const positions = (haystack: string): number[] => {
    const found: number[] = [];
    for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) found.push(i);
    return found;
  };
  const inValue = positions(value);
  const inSrc = positions(src);
  const k = inValue.indexOf(at);
  if (k < 0 || inValue.length !== inSrc.length) return undefined;
  return inSrc[k];
}

function countChar(s: string, ch: string, before: number): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0 && i < before; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

function mapGet(map: YAMLMap, key: string): unknown {
  for (const pair of map.items) if (keyText(pair.key) === key) return pair.value;
  return undefined;
}

/*
 * The entries of a mapping (or the items of a list, for the deprecated list forms), given to a
 * callback: this walk runs over the whole workload at every check, and a generator would allocate
 * an iterator result and a pair for each entry.
 */

/** Each entry of a mapping, with its key's text and its value node; nothing for anything else. */
function forEachEntry(
  node: unknown,
  resolve: (n: unknown) => unknown,
  each: (key: string, value: unknown) => void,
): void {
  const map = resolve(node);
  if (!isMap(map)) return;
  for (const pair of map.items) each(keyText(pair.key), pair.value);
}

/** Each entry of a mapping, or each item of a list keyed by its index. */
function forEachEntryOrItem(
  node: unknown,
  resolve: (n: unknown) => unknown,
  each: (key: string | number, value: unknown) => void,
): void {
  const n = resolve(node);
  if (isSeq(n)) {
    for (let i = 0; i < n.items.length; i++) each(i, n.items[i]);
  } else forEachEntry(n, resolve, each);
}
