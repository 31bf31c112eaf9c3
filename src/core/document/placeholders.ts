import { isAlias, isMap, isScalar, isSeq, type Scalar, type YAMLMap } from 'yaml';
import type { ParsedDocument } from './parse';
import { childPointer } from './pointer';
import { keyText } from './source-map';

/**
 * Score placeholders: `${metadata.KEY}` and `${resources.NAME.OUTPUT}` inside strings.
 *
 * The grammar follows score-go (framework/substitution.go), whose matcher is, at each `$`:
 * `$${…}` (an escape, the literal `${…}`), else `${…}` (a placeholder), else `$$` (an escape, `$`).
 * The content runs to the FIRST `}`, so nothing nests; a `${` with no `}` after it is plain text.
 */

export interface PlaceholderToken {
  /** Offset of the `$` in the string. */
  start: number;
  /** Offset just past the closing `}`. */
  end: number;
  /** The `${…}` text as written. */
  raw: string;
  /** The text between the braces. */
  content: string;
}

/** One match of the score-go matcher: a placeholder, or an escape (`$$` or `$${…}`). */
interface Segment {
  kind: 'placeholder' | 'escape';
  start: number;
  end: number;
}

/** Walks the string once, left to right, the way the score-go regex does. */
function scanSegments(value: string): Segment[] {
  const out: Segment[] = [];
  const n = value.length;
  // Once no `}` is left, no later `${` can close: remember it, so hostile input stays linear.
  let noCloseFrom = n + 1;
  const closeAfter = (from: number): number => {
    if (from >= noCloseFrom) return -1;
    const at = value.indexOf('}', from);
    if (at < 0) noCloseFrom = from;
    return at;
  };
  let i = value.indexOf('$');
  while (i >= 0 && i < n) {
    const next = value.charCodeAt(i + 1);
    if (next === 36 /* $ */) {
      const close = value.charCodeAt(i + 2) === 123 /* { */ ? closeAfter(i + 3) : -1;
      const end = close >= 0 ? close + 1 : i + 2;
      out.push({ kind: 'escape', start: i, end });
      i = value.indexOf('$', end);
    } else if (next === 123 /* { */) {
      const close = closeAfter(i + 2);
      if (close >= 0) {
        out.push({ kind: 'placeholder', start: i, end: close + 1 });
        i = value.indexOf('$', close + 1);
      } else i = value.indexOf('$', i + 1);
    } else i = value.indexOf('$', i + 1);
  }
  return out;
}

/** Every placeholder in a string, in order. Escaped ones (`$${x}`) are not placeholders. Read only: shared. */
export function scanPlaceholders(value: string): readonly Readonly<PlaceholderToken>[] {
  return analyse(value).tokens;
}

/** The placeholders of a string with each one's reference split (parseReference). Read only: shared. */
export function scanPlaceholderReferences(value: string): Pick<StringPlaceholders, 'tokens' | 'parts'> {
  return analyse(value);
}

/**
 * Offset of the first `${` that no `}` closes, or -1. score-go keeps such text literally; the rules
 * warn about it because it is almost always a typo.
 */
export function findUnterminatedPlaceholder(value: string): number {
  return analyse(value).unterminated;
}

/** What the scanner finds in one string. */
interface StringPlaceholders {
  tokens: readonly Readonly<PlaceholderToken>[];
  /** Each token's reference, split (parseReference). */
  parts: readonly (readonly string[])[];
  unterminated: number;
}

/**
 * The placeholders of a string, remembered by string: after an edit nearly every string of the
 * workload is the same as at the last check, and finding them all again made a check of a large
 * workload allocate a megabyte more (which the next garbage collection pays for in the middle of a
 * frame). Only short strings are kept, and the number kept is bounded.
 */
function analyse(value: string): StringPlaceholders {
  const remember = value.length <= REMEMBERED_LENGTH;
  const known = remember ? byString.get(value) : undefined;
  if (known) return known;
  const segments = scanSegments(value);
  const tokens: PlaceholderToken[] = [];
  for (const s of segments) {
    if (s.kind !== 'placeholder') continue;
    tokens.push({
      start: s.start,
      end: s.end,
      raw: value.slice(s.start, s.end),
      content: value.slice(s.start + 2, s.end - 1),
    });
  }
  const found = {
    tokens,
    parts: tokens.map((t) => parseReference(t.content)),
    unterminated: unterminatedIn(value, segments),
  };
  if (remember) {
    if (byString.size >= REMEMBERED_STRINGS) byString.clear();
    byString.set(value, found);
  }
  return found;
}

const byString = new Map<string, StringPlaceholders>();
const REMEMBERED_LENGTH = 1_000;
const REMEMBERED_STRINGS = 10_000;

function unterminatedIn(value: string, segments: readonly Segment[]): number {
  const lastClose = value.lastIndexOf('}');
  let from = 0;
  for (const s of segments) {
    // Text between matches is literal; a `${` there was not matched, so it is unterminated.
    const gap = value.indexOf('${', from);
    if (gap >= 0 && gap < s.start && gap + 2 > lastClose) return gap;
    from = s.end;
  }
  const tail = value.indexOf('${', from);
  return tail >= 0 && tail + 2 > lastClose ? tail : -1;
}

/** Splits a reference on `.`; `\.` is a dot inside a part (score-go `SplitRefParts`). */
export function parseReference(content: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (c === '\\' && content[i + 1] === '.') {
      part += '.';
      i++;
    } else if (c === '.') {
      parts.push(part);
      part = '';
    } else part += c;
  }
  parts.push(part);
  return parts;
}

/** The inverse of parseReference for one part: dots are written `\.`. */
function escapeReferencePart(part: string): string {
  return part.replace(/\./g, '\\.');
}

/**
 * Substitutes placeholders as score-go does with its default un-escaper: `$$` → `$`, `$${x}` → `${x}`.
 * A placeholder the lookup cannot resolve stays as written and is listed in `unresolved`.
 */
export function resolvePlaceholders(
  value: string,
  lookup: (parts: string[], token: PlaceholderToken) => string | undefined,
): { text: string; unresolved: PlaceholderToken[] } {
  const unresolved: PlaceholderToken[] = [];
  let text = '';
  let at = 0;
  for (const s of scanSegments(value)) {
    text += value.slice(at, s.start);
    if (s.kind === 'escape') text += value.slice(s.start + 1, s.end);
    else {
      const token: PlaceholderToken = {
        start: s.start,
        end: s.end,
        raw: value.slice(s.start, s.end),
        content: value.slice(s.start + 2, s.end - 1),
      };
      const resolved = lookup(parseReference(token.content), token);
      if (resolved === undefined) {
        unresolved.push(token);
        text += token.raw;
      } else text += resolved;
    }
    at = s.end;
  }
  return { text: text + value.slice(at), unresolved };
}

/**
 * Rewrites `${resources.FROM…}` to `${resources.TO…}` (after a resource rename). Everything else,
 * escapes and other placeholders included, stays byte-identical.
 */
export function renameResourceInPlaceholders(value: string, from: string, to: string): string {
  return renameInPlaceholders(value, ['resources'], from, to);
}

/**
 * Rewrites the references to `under.FROM` (a key of the workload's metadata after its rename:
 * `under` is `['metadata', …the keys above it]`) so that they read `under.TO`. Only that part of each
 * placeholder changes: `${metadata.owner.email}` becomes `${metadata.owner.mail}`, and everything else,
 * escapes and other placeholders included, stays byte-identical.
 */
export function renameInPlaceholders(value: string, under: readonly string[], from: string, to: string): string {
  if (from === to) return value;
  const { tokens, parts } = analyse(value);
  let out = '';
  let at = 0;
  tokens.forEach((token, t) => {
    const p = parts[t]!;
    if (p.length <= under.length || p[under.length] !== from || under.some((u, i) => p[i] !== u)) return;
    const [start, end] = partSpan(token.content, under.length);
    const contentStart = token.start + 2;
    out += value.slice(at, contentStart + start) + escapeReferencePart(to);
    at = contentStart + end;
  });
  return at === 0 ? value : out + value.slice(at);
}

/** Where the part numbered `index` of a reference stands in its text (parts are split at unescaped dots). */
function partSpan(content: string, index: number): [number, number] {
  let start = 0;
  let part = 0;
  for (let i = 0; i < content.length; i++) {
    if (content[i] === '\\' && content[i + 1] === '.') i++;
    else if (content[i] === '.') {
      if (part === index) return [start, i];
      part++;
      start = i + 1;
    }
  }
  return [start, content.length];
}

// ---------------------------------------------------------------------------------------------
// Placeholders in a workload document, located in its text.
// ---------------------------------------------------------------------------------------------

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
    const { tokens, parts } = analyse(s.value);
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
  const resolve = (node: unknown): unknown => (isAlias(node) ? node.resolve(doc) : node);
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
