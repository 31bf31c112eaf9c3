import { misIndentedKeys } from './indent-hint';
import { isAlias, isMap, isNode, isScalar, isSeq, parseAllDocuments, type Document } from 'yaml';
import type { Diagnostic, DiagnosticCode, Severity } from '../diagnostics';
import { aliasBombAt, aliasProblem, excessiveAliasing } from './aliasing';
import { LineIndex } from './lines';

export { aliasProblem } from './aliasing';

/**
 * Reading a workload's text: YAML or JSON (JSON is read as YAML 1.2, of which it is a subset).
 * Parsing never throws, whatever the input; every problem becomes a syntax diagnostic.
 */
export interface ParsedDocument {
  readonly text: string;
  readonly lines: LineIndex;
  /** The first YAML document with its comments, or null when the text could not be read at all. */
  readonly doc: Document.Parsed | null;
  /** The first document as plain data; undefined when it could not be built. */
  readonly value: unknown;
  /** Syntax-layer diagnostics, errors and warnings. */
  readonly syntax: Diagnostic[];
  /** An error in the syntax layer: later layers must not run on `value`. */
  readonly blocked: boolean;
}

/** Beyond this the text is refused rather than parsed: it is no workload, and parsing it would freeze the tab. */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;
/** Real workloads nest about ten levels; a thousand is an attack or a mistake. */
export const MAX_DEPTH = 1000;
/** yaml's guard against alias bombs ("billion laughs"): more alias expansions than this fail. */
export const MAX_ALIAS_COUNT = 1000;
/**
 * How the workload's YAML is read. Merge keys (`<<: *base`) merge, as in the Score toolchain (Go's
 * yaml.v3 applies them; YAML 1.2 itself has none). Duplicate keys are found apart (see duplicateKeys).
 */
export const READ_OPTIONS = { prettyErrors: false, uniqueKeys: false, merge: true } as const;

/** A broken file can yield thousands of follow-on errors; the first hundred say all there is to say. */
const MAX_REPORTED_ERRORS = 100;

export function parseWorkloadText(text: string): ParsedDocument {
  const lines = new LineIndex(text);
  const syntax: Diagnostic[] = [];
  /** Ends the reading with one more error: later layers must not run on what was read so far. */
  const block = (
    doc: Document.Parsed | null,
    value: unknown,
    code: DiagnosticCode,
    message: string,
    start = 0,
    end = 0,
  ): ParsedDocument => {
    syntax.push(diagnostic(lines, 'error', code, message, '', start, end));
    return { text, lines, doc, value, syntax, blocked: true };
  };
  const tooDeep = `The document nests too deeply to read (more than ${MAX_DEPTH} levels). Flatten it.`;

  if (text.length > MAX_TEXT_LENGTH) {
    return block(
      null,
      undefined,
      'SYNTAX_ERROR',
      // Said of the text (it may be typed or pasted, not opened), and true of it: it is kept, not read.
      `The text is ${(text.length / 1048576).toFixed(1)} MB; a workload must be under ${MAX_TEXT_LENGTH / 1048576} MB, so it is not checked. Shorten it.`,
    );
  }
  const binaryAt = findBinary(text);
  if (binaryAt >= 0) {
    return block(
      null,
      undefined,
      'BINARY_CONTENT',
      'This is not a text file: it holds binary data (a NUL or control character here). Open a score.yaml or JSON workload instead.',
      binaryAt,
      binaryAt + 1,
    );
  }

  let docs: Document.Parsed[];
  try {
    // No yaml LineCounter: positions come from our own line index, and counting lines twice costs a
    // tenth of the parse on a large workload.
    // Duplicate keys are found here instead (duplicateKeys): the library compares each key with every
    // key before it in its mapping, and a mapping of 20,000 variables took seconds to read.
    const all = parseAllDocuments(text, READ_OPTIONS);
    docs = Array.isArray(all) ? all : [];
  } catch (error) {
    return isStackOverflow(error)
      ? block(null, undefined, 'NESTING_TOO_DEEP', tooDeep)
      : block(null, undefined, 'SYNTAX_ERROR', `The text could not be read as YAML: ${errorMessage(error)}`);
  }

  const doc = docs[0];
  if (!doc || doc.contents === null) {
    return block(
      doc ?? null,
      undefined,
      'EMPTY_DOCUMENT',
      'The document is empty. A workload needs at least apiVersion, metadata.name and one container.',
    );
  }

  // yaml catches a stack overflow at every level of a too-deep nesting; one message says it.
  const overflow = doc.errors.find((e) => /call stack/i.test(e.message));
  if (overflow) return block(null, undefined, 'NESTING_TOO_DEEP', tooDeep, overflow.pos[0], overflow.pos[1]);

  const duplicates = duplicateKeys(doc.contents);
  const errors: ReadonlyArray<{ code: string; message: string; pos: [number, number] }> =
    duplicates.length === 0 ? doc.errors : [...doc.errors, ...duplicates].sort((a, b) => a.pos[0] - b.pos[0]);
  // A mapping's first key indented further than the rest: said at that key, in place of the errors
  // the library reports at every later key (see indent-hint.ts).
  const hints = misIndentedKeys(lines, errors.slice(0, MAX_REPORTED_ERRORS));
  const explained = new Set(hints.flatMap((h) => [...h.explains]));
  const reported = [
    ...errors
      .slice(0, MAX_REPORTED_ERRORS)
      .filter((e) => !explained.has(e))
      .map((e) => ({
        code: (e.code === 'DUPLICATE_KEY' ? 'DUPLICATE_KEY' : 'SYNTAX_ERROR') as DiagnosticCode,
        message: yamlMessage(e.code, e.message),
        start: e.pos[0],
        end: e.pos[1],
      })),
    ...hints.map((h) => ({ code: 'SYNTAX_ERROR' as DiagnosticCode, message: h.message, start: h.start, end: h.end })),
  ].sort((a, b) => a.start - b.start);
  for (const e of reported) syntax.push(diagnostic(lines, 'error', e.code, e.message, '', e.start, e.end));
  if (errors.length > MAX_REPORTED_ERRORS) {
    const last = errors[MAX_REPORTED_ERRORS]!;
    syntax.push(
      diagnostic(
        lines,
        'error',
        'SYNTAX_ERROR',
        `…and ${errors.length - MAX_REPORTED_ERRORS} more syntax errors. Fix the first ones; the rest often follow from them.`,
        '',
        last.pos[0],
        last.pos[1],
      ),
    );
  }
  for (const w of doc.warnings) {
    syntax.push(diagnostic(lines, 'warning', 'YAML_WARNING', yamlMessage(w.code, w.message), '', w.pos[0], w.pos[1]));
  }
  const extra = docs[1];
  if (extra) {
    const [start, end] = extra.range;
    syntax.push(
      diagnostic(
        lines,
        'warning',
        'MULTIPLE_DOCUMENTS',
        'This file holds more than one YAML document; only the first is the workload, the rest is ignored (as score-compose does). Move other workloads to their own files.',
        '',
        start,
        Math.min(end, lines.lineEnd(lines.position(start).line)),
      ),
    );
  }
  if (errors.length > 0) return { text, lines, doc, value: undefined, syntax, blocked: true };

  const depth = measureDepth(doc.contents);
  if (depth.tooDeep) {
    return block(
      doc,
      undefined,
      'NESTING_TOO_DEEP',
      `The document nests more than ${MAX_DEPTH} levels deep here. No workload needs this; flatten it.`,
      depth.at,
      depth.at + 1,
    );
  }

  // Before anything turns the tree into data: an alias inside its own anchor's value makes that value
  // contain itself, and every walk over it (export, the inspector, the preview) would never end.
  const alias = text.includes('*') ? aliasProblem(doc.contents) : undefined;
  if (alias) return block(doc, undefined, alias.code, alias.message, alias.at[0], alias.at[1]);

  // Aliases are expanded as far as the toolchain expands them (yaml.v3's rule, in aliasing.ts), and no
  // further: the data then holds each anchored value once, shared by its aliases.
  if (alias === undefined && text.includes('*') && excessiveAliasing(doc.contents)) {
    return block(
      doc,
      undefined,
      'TOO_MANY_ALIASES',
      'The anchors and aliases in this document expand to too much data (an "alias bomb"). Replace the nested aliases with plain values.',
      ...aliasBombAt(doc.contents),
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: -1 });
  } catch (error) {
    return isStackOverflow(error)
      ? block(doc, undefined, 'NESTING_TOO_DEEP', tooDeep)
      : block(doc, undefined, 'SYNTAX_ERROR', `The document could not be turned into data: ${errorMessage(error)}`);
  }

  const root = doc.contents;
  if (!isMap(root)) {
    const [start, end] = isNode(root) && root.range ? root.range : [0, 0];
    return block(
      doc,
      value,
      'NOT_A_MAPPING',
      `A workload must be a mapping of keys (apiVersion, metadata, containers, …) at the top level, but this document is ${describeNode(root)}.`,
      start,
      end,
    );
  }
  return { text, lines, doc, value, syntax, blocked: false };
}

/**
 * The keys that repeat one before them in the same mapping, as the yaml library reports them with its
 * `uniqueKeys` (two scalar keys of the same value; other keys never match), at the repeated key, in
 * one pass over each mapping. Walked without recursion, as deep input may be hostile.
 */
export function duplicateKeys(root: unknown): Array<{ code: string; message: string; pos: [number, number] }> {
  const found: Array<{ code: string; message: string; pos: [number, number] }> = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key) && !(typeof key.value === 'number' && Number.isNaN(key.value))) {
          if (seen.has(key.value)) {
            const at = key.range?.[0] ?? 0;
            found.push({ code: 'DUPLICATE_KEY', message: 'Map keys must be unique', pos: [at, at + 1] });
          } else {
            seen.add(key.value);
          }
        }
        stack.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      stack.push(...node.items);
    }
  }
  return found;
}

function diagnostic(
  lines: LineIndex,
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  path: string,
  start: number,
  end: number,
): Diagnostic {
  return { severity, code, message, path, range: lines.range(start, end), source: 'syntax' };
}

/** How far into a text `findBinary` looks for every control character; past it, only for a NUL. */
const BINARY_SCAN = 65536;

/**
 * The C0 control characters YAML forbids (all but tab, LF and CR). Not U+FFFD: it is a printable
 * character YAML and Go's yaml.v3 accept, and a valid UTF-8 file may hold it (bytes that are not
 * UTF-8 are refused where a file's bytes are decoded, before any text is read here).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BINARY_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * A NUL, or other C0 control characters YAML forbids, mark a binary file. Tabs, CR and LF are text.
 * A regular expression rather than a loop over char codes: it runs on every check, and the engine
 * kept throwing away the loop's optimized code when it reached the NUL search after it.
 */
export function findBinary(text: string): number {
  const at = (text.length > BINARY_SCAN ? text.slice(0, BINARY_SCAN) : text).search(BINARY_CHARACTER);
  return at >= 0 ? at : text.indexOf('\u0000', BINARY_SCAN);
}

/**
 * Depth of the node tree, walked without recursion so that hostile input cannot overflow the stack.
 * `from`: the depth of `root` itself (a part of a document read apart stands that deep in the whole).
 */
export function measureDepth(root: unknown, from = 1): { tooDeep: boolean; at: number } {
  const stack: Array<[unknown, number]> = [[root, from]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return { tooDeep: true, at: isNode(node) && node.range ? node.range[0] : 0 };
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (isNode(item)) stack.push([item, depth + 1]);
        else if (item && typeof item === 'object' && 'value' in item) {
          const pair = item as { key: unknown; value: unknown };
          if (isNode(pair.key)) stack.push([pair.key, depth + 1]);
          stack.push([pair.value, depth + 1]);
        }
      }
    }
  }
  return { tooDeep: false, at: 0 };
}

function describeNode(node: unknown): string {
  if (isSeq(node)) return 'a list';
  if (isAlias(node)) return 'an alias';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'empty';
    return typeof v === 'string' ? `the text "${v.length > 40 ? v.slice(0, 40) + '…' : v}"` : `the value ${String(v)}`;
  }
  return 'not a mapping';
}

/** yaml's messages, made plain: first letter capital, no trailing context. */
function yamlMessage(code: string, message: string): string {
  const text = message.replace(/\s+at line \d+, column \d+:[\s\S]*$/, '').trim();
  const plain = text.charAt(0).toUpperCase() + text.slice(1);
  if (code === 'DUPLICATE_KEY')
    return `${plain}: a key appears twice in the same mapping. Remove or rename one of them.`;
  return /[.!?]$/.test(plain) ? plain : plain + '.';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
