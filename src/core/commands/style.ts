import {
  Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  visit,
  type Node,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { LineIndex } from '../document/lines';
import { sameJson } from './same-json';
import { columnOf, lineBreakOf, lineStartAt } from '../document/lines';

/**
 * How a document is written, so that new nodes look like their neighbours: indentation width,
 * block or flow, JSON or YAML, quoting. New text is produced by the `yaml` package's stringifier
 * (which knows when a string must be quoted) and then indented to where it goes.
 */

export type StringStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';

export interface DocumentStyle {
  /** The root is a flow mapping (a JSON document): new nodes are written as JSON. */
  json: boolean;
  /** Indentation of pretty JSON; 0 for JSON on one line. */
  jsonIndent: number;
  /** `"a": 1` rather than `"a":1` in JSON. */
  jsonSpace: boolean;
  /** Block indentation width. */
  indent: number;
  /** Block sequences under a key are indented (`key:\n  - a`) rather than not (`key:\n- a`). */
  indentSeq: boolean;
  /** Lists of scalars are mostly written in flow style (`["a", "b"]`). */
  flowSeqs: boolean;
  /** `{ a: 1 }` rather than `{a: 1}`. */
  flowPadding: boolean;
  eol: '\n' | '\r\n';
  /** The way most string values are written, for new strings with no neighbour to follow. */
  strings: StringStyle;
}

/** The style of one spot: how strings and keys written there should be quoted. */
export interface Look {
  strings: StringStyle;
  keys: StringStyle;
  /** How the items of neighbouring lists are quoted (`command: ["a"]`), for the items of new lists. */
  items?: StringStyle;
  /** The value replaced was a folded block (`>`): new text with line breaks stays folded. */
  folded?: boolean;
}

export function detectStyle(text: string, root: Node | null): DocumentStyle {
  const style: DocumentStyle = {
    json: false,
    jsonIndent: 2,
    jsonSpace: true,
    indent: 2,
    indentSeq: true,
    flowSeqs: false,
    flowPadding: false,
    eol: lineBreakOf(text),
    strings: 'PLAIN',
  };
  if (!root) return style;
  if (isMap(root) && root.flow) {
    style.json = true;
    const first = root.items[0];
    const key = first && isScalar(first.key) ? first.key : undefined;
    if (key?.range && root.range) {
      const sameLine = lineStartAt(text, key.range[0]) === lineStartAt(text, root.range[0]);
      style.jsonIndent = sameLine ? 0 : columnOf(text, key.range[0]) - columnOf(text, root.range[0]);
      style.jsonSpace = /^\s*:\s/.test(text.slice(key.range[1]));
    }
  }
  let indentFound = false;
  let seqFound = false;
  let flowSeqs = 0;
  let blockSeqs = 0;
  let paddingFound = false;
  const strings = { PLAIN: 0, QUOTE_DOUBLE: 0, QUOTE_SINGLE: 0 };
  visit(root, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? pair.key : undefined;
      const value = pair.value;
      if (!key?.range) return;
      const keyColumn = columnOf(text, key.range[0]);
      if (!indentFound && isMap(value) && !value.flow && value.range) {
        const width = columnOf(text, value.range[0]) - keyColumn;
        if (width > 0) {
          style.indent = width;
          indentFound = true;
        }
      }
      if (!seqFound && isSeq(value) && !value.flow && value.range) {
        style.indentSeq = columnOf(text, value.range[0]) > keyColumn;
        seqFound = true;
      }
      if (isScalar(value) && typeof value.value === 'string' && value.type && value.type in strings) {
        strings[value.type as StringStyle]++;
      }
    },
    Seq(_, seq) {
      if (seq.items.length === 0 || !seq.items.every(isScalar)) return;
      if (seq.flow) flowSeqs++;
      else blockSeqs++;
    },
    Node(_, node) {
      if (!paddingFound && (isMap(node) || isSeq(node)) && node.flow && node.items.length > 0 && node.range) {
        style.flowPadding = text[node.range[0] + 1] === ' ';
        paddingFound = true;
      }
    },
  });
  if (!indentFound && style.json && style.jsonIndent > 0) style.indent = style.jsonIndent;
  style.flowSeqs = flowSeqs > blockSeqs;
  style.strings = majority(strings);
  return style;
}

function majority(counts: Record<StringStyle, number>): StringStyle {
  const { PLAIN, QUOTE_DOUBLE, QUOTE_SINGLE } = counts;
  if (QUOTE_DOUBLE > PLAIN + QUOTE_SINGLE) return 'QUOTE_DOUBLE';
  if (QUOTE_SINGLE > PLAIN + QUOTE_DOUBLE) return 'QUOTE_SINGLE';
  return 'PLAIN';
}

/**
 * The quoting to follow when writing into `coll`: its string values and keys if they agree on one
 * style, else the document's habit.
 */
export function lookOf(style: DocumentStyle, coll: YAMLMap | YAMLSeq | null): Look {
  const values: Scalar[] = [];
  const keys: Scalar[] = [];
  const listItems: Scalar[] = [];
  for (const item of coll?.items ?? []) {
    const value = isPair(item) ? item.value : item;
    if (isPair(item) && isScalar(item.key)) keys.push(item.key);
    if (isScalar(value)) values.push(value);
    if (isSeq(value)) listItems.push(...value.items.filter(isScalar));
  }
  const isString = (s: Scalar): boolean => typeof s.value === 'string';
  const strings = agreed(values.filter(isString)) ?? style.strings;
  const items = agreed(listItems.filter(isString));
  return items ? { strings, keys: agreed(keys) ?? 'PLAIN', items } : { strings, keys: agreed(keys) ?? 'PLAIN' };
}

/** The one quote style all these scalars share, PLAIN if they are mixed, undefined if there are none. */
function agreed(scalars: Scalar[]): StringStyle | undefined {
  if (scalars.length === 0) return undefined;
  const first = scalars[0]!.type;
  if ((first === 'QUOTE_DOUBLE' || first === 'QUOTE_SINGLE') && scalars.every((s) => s.type === first)) return first;
  return 'PLAIN';
}

/** The look for replacing `old`: a string keeps its own quoting; anything else follows its neighbours. */
export function lookForReplacing(base: Look, old: Node | null): Look {
  if (isScalar(old) && typeof old.value === 'string') {
    const type = old.type;
    if (type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE') return { ...base, strings: type };
    if (type === 'BLOCK_FOLDED') return { ...base, strings: 'PLAIN', folded: true };
    return { ...base, strings: 'PLAIN' };
  }
  return base;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

function yamlText(value: unknown, style: DocumentStyle, look: Look, flow: boolean): string {
  if (!flow) {
    // Text with line breaks is written as a block (`|`, or `>` where a folded block was replaced) when
    // it reads back as given; else double-quoted, as in flow style.
    const blocks = render(value, style, look, flow, true);
    if (blocks === render(value, style, look, flow, false)) return blocks;
    if (readsAs(blocks, value)) return blocks;
  }
  return render(value, style, { ...look, folded: false }, flow, false);
}

function readsAs(text: string, value: unknown): boolean {
  try {
    return sameJson(parse(text), value);
  } catch {
    return false;
  }
}

/**
 * The value as YAML in the document's style. `blocks`: a string value with line breaks is a block
 * scalar (literal, or folded where `look.folded`) whatever the quoting around it, as a person writes
 * a file's content; else it is double-quoted.
 */
function render(value: unknown, style: DocumentStyle, look: Look, flow: boolean, blocks: boolean): string {
  const doc = new Document(value);
  visit(doc, {
    Seq(_, seq) {
      // The wrapper list of a block item stays a block list: only lists inside it follow the document.
      if (!flow && seq === doc.contents) return;
      if (look.items) {
        for (const item of seq.items) if (isScalar(item) && typeof item.value === 'string') item.type = look.items;
      }
      if (flow || (style.flowSeqs && seq.items.length > 0 && seq.items.every(isScalar))) seq.flow = true;
    },
    Map(_, map) {
      if (flow) map.flow = true;
    },
    Scalar(key, scalar) {
      const multiLine = typeof scalar.value === 'string' && /[\n\r]/.test(scalar.value);
      // Inside flow collections a multi-line string is clearest double-quoted; single quotes cannot escape.
      if (multiLine)
        scalar.type = blocks && key !== 'key' ? (look.folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL') : 'QUOTE_DOUBLE';
      // Unicode's next-line and separators: the library writes them plain (or single-quoted) and reads
      // them back as breaks or not at all. Double quotes escape them (\N, \L, \P).
      if (typeof scalar.value === 'string' && /[\u0085\u2028\u2029\uFEFF]/.test(scalar.value))
        scalar.type = 'QUOTE_DOUBLE';
    },
  });
  const text = doc.toString({
    indent: style.indent,
    indentSeq: style.indentSeq,
    lineWidth: 0,
    minContentWidth: 0,
    defaultStringType: look.strings,
    defaultKeyType: look.keys,
    flowCollectionPadding: style.flowPadding,
  });
  // The library writes a block's indentation indicator as 2 whatever the indentation width (yaml 2.9):
  // under another width, a value whose first line starts with a space would read back with more
  // spaces (`|2-` over lines indented by 4). The indicator is made the width the lines have.
  const rendered =
    blocks && style.indent !== 2 ? text.replace(/((?:^|: |- )[|>])2([-+]?)$/gm, `$1${style.indent}$2`) : text;
  return !flow && !style.indentSeq && style.indent > 2 ? indentless(rendered, style.indent - 2) : rendered;
}

/**
 * The library writes an unindented list under a key two columns left of the key's children
 * (`key:\n  - a` when they are indented by 4), where such a document has its dashes under the key
 * (`key:\n- a`). The list's lines move left by `shift` (twice for a list in a list), and the result
 * is kept only when it reads as the same data.
 */
function indentless(rendered: string, shift: number): string {
  const doc = parseDocument(rendered);
  const lines = new LineIndex(rendered);
  const lineOf = (offset: number) => lines.position(offset).line - 1; // 0-based
  const cut = new Array<number>(lines.lineCount).fill(0);
  visit(doc, {
    Pair(_, pair) {
      const list = pair.value;
      if (!isSeq(list) || list.flow || !list.range || list.items.length === 0) return;
      const last = lineOf(Math.max(list.range[0], list.range[1] - 1));
      for (let line = lineOf(list.range[0]); line <= last; line++) cut[line]! += shift;
    },
  });
  if (!cut.some((n) => n > 0)) return rendered;
  const moved = rendered
    .split('\n')
    .map((line, i) => line.slice(Math.min(cut[i]!, line.length - line.trimStart().length)))
    .join('\n');
  try {
    return sameJson(parse(moved), doc.toJS()) ? moved : rendered;
  } catch {
    return rendered;
  }
}

/** Strips the final line break and converts line breaks to the document's; indents all lines but the first. */
function place(rendered: string, column: number, eol: string): string {
  const lines = rendered.replace(/\n$/, '').split('\n');
  const pad = ' '.repeat(column);
  return lines.map((line, i) => (i === 0 || line === '' ? line : pad + line)).join(eol);
}

/**
 * A new `key: value` entry of a block mapping whose keys stand at `column`.
 * The first line is NOT indented (the caller places it); later lines are.
 */
export function blockEntry(style: DocumentStyle, look: Look, key: string, value: unknown, column: number): string {
  return place(yamlText(singleEntry(key, value), style, look, false), column, style.eol);
}

/** A new `- value` item of a block sequence whose dashes stand at `column` (first line not indented). */
export function blockItem(style: DocumentStyle, look: Look, value: unknown, column: number): string {
  return place(yamlText([value], style, look, false), column, style.eol);
}

/**
 * What follows the `:` of a block entry (or the `-` of a block item) whose indicator line is indented by
 * `column`: either ` scalar` (one line, or a block scalar's header and lines) or a line break and block lines.
 */
export function blockValue(
  style: DocumentStyle,
  look: Look,
  value: unknown,
  column: number,
  under: 'entry' | 'item',
): string {
  const rendered =
    under === 'entry'
      ? yamlText(singleEntry('k', value), style, { ...look, keys: 'PLAIN' }, false)
      : yamlText([value], style, look, false);
  const after = under === 'entry' ? rendered.indexOf(':') + 1 : rendered.indexOf('-') + 1;
  return place(rendered.slice(after), column, style.eol);
}

/** A value on one line in YAML flow style. */
export function flowValue(style: DocumentStyle, look: Look, value: unknown): string {
  const rendered = yamlText([value], style, look, true).trim();
  // Rendered as a one-item flow list; strip the brackets and padding.
  const inner = rendered.slice(1, -1);
  return style.flowPadding ? inner.trim() : inner;
}

/** A key as written in a block mapping (`flow` false) or a flow mapping. */
export function keyText(style: DocumentStyle, look: Look, key: string, flow: boolean): string {
  // A key with a line break would need YAML's explicit `? key` form; a double-quoted key is simpler.
  if (style.json || /[\n\r]/.test(key)) return JSON.stringify(key);
  const rendered = yamlText(singleEntry(key, null), style, { ...look, strings: 'PLAIN' }, flow).trim();
  const body = flow ? rendered.slice(1, -1).trim() : rendered;
  return body.slice(0, body.lastIndexOf(':'));
}

/**
 * A key and value as written in a flow mapping; JSON in a JSON document. `column` indents pretty JSON;
 * `oneLine`: among neighbours written on one line, a JSON value is written on one line too.
 */
export function flowEntry(
  style: DocumentStyle,
  look: Look,
  key: string,
  value: unknown,
  column: number,
  oneLine = false,
): string {
  if (style.json)
    return JSON.stringify(key) + (style.jsonSpace ? ': ' : ':') + jsonValue(style, value, column, oneLine);
  return keyText(style, look, key, true) + ': ' + flowValue(style, look, value);
}

/** A value in a flow collection: JSON in a JSON document, else YAML flow. */
export function flowItem(style: DocumentStyle, look: Look, value: unknown, column: number, oneLine = false): string {
  return style.json ? jsonValue(style, value, column, oneLine) : flowValue(style, look, value);
}

/** JSON text for a value, pretty-printed like the document, its later lines indented by `column`. */
export function jsonValue(style: DocumentStyle, value: unknown, column: number, oneLine = false): string {
  if (style.jsonIndent === 0 || oneLine) {
    const compact = JSON.stringify(value);
    return style.jsonSpace
      ? compact.replace(/("(?:[^"\\]|\\.)*"|[^",:]+)|([,:])/g, (m, atom) => (atom ? m : m + ' '))
      : compact;
  }
  return place(JSON.stringify(value, null, style.jsonIndent), column, style.eol);
}

/** `{[key]: value}` without touching Object.prototype, whatever the key (`__proto__` included). */
export function singleEntry(key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}
