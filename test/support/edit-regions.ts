import { expect } from 'vitest';
import { isAlias, isCollection, isMap, isNode, isSeq, visit, type Node } from 'yaml';
import type { Edit } from '../../src/core/document/edits';
import type { ParsedDocument } from '../../src/core/document/parse';
import { parentPointer, parsePointer, toPointer } from '../../src/core/document/pointer';
import { locate } from '../../src/core/document/source-map';

/**
 * Where a node stands in a document's text, computed independently of the commands, for the
 * fidelity properties: every edit of a command must lie inside the text of the nodes it touches.
 */

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}
function nextLine(text: string, at: number): number {
  const i = text.indexOf('\n', at);
  return i < 0 ? text.length : i + 1;
}
function lineAt(text: string, start: number): string {
  const i = text.indexOf('\n', start);
  return text.slice(start, i < 0 ? text.length : i);
}
const isComment = (line: string): boolean => /^\s*#/.test(line);

/**
 * The text a node owns: from the start of its key's line (and the comment lines right above) to the
 * end of its value's last line (and the deeper comment lines right below); in flow collections, the
 * separators to its neighbours too.
 */
export function regionOf(parsed: ParsedDocument, pointer: string): [number, number] {
  const text = parsed.text;
  if (pointer === '') return [0, text.length];
  const at = locate(parsed.doc!, pointer);
  expect(at.exact, `model touched ${pointer}, which the document lacks`).toBe(true);
  const head = at.key ?? at.node!;
  const tail = at.node ?? at.key!;
  let start = lineStart(text, head.range![0]);
  while (start > 0 && isComment(lineAt(text, lineStart(text, start - 1)))) start = lineStart(text, start - 1);
  let end = Math.max(tail.range![2], tail.range![1]);
  if (end > 0 && text[end - 1] !== '\n') end = nextLine(text, end);
  const column = head.range![0] - lineStart(text, head.range![0]);
  while (end < text.length && isComment(lineAt(text, end)) && lineAt(text, end).search(/\S/) > column)
    end = nextLine(text, end);
  while (text[end] === ' ') end++;
  const parent = locate(parsed.doc!, parentPointer(pointer)).node;
  if (isCollection(parent) && parent.flow && parent.range) {
    const items = parent.items.map((item) => (isNode(item) ? item : (item as { key: Node; value: Node | null })));
    const index = isSeq(parent) ? Number(parsePointer(pointer).pop()) : parent.items.findIndex((p) => p.key === at.key);
    const bounds = (item: unknown): [number, number] => {
      if (isNode(item)) return [item.range![0], item.range![1]];
      const pair = item as { key: Node; value: Node | null };
      return [pair.key.range![0], (pair.value ?? pair.key).range![1]];
    };
    const prev = items[index - 1];
    const next = items[index + 1];
    start = Math.min(start, prev ? bounds(prev)[1] : parent.range[0] + 1);
    end = Math.max(end, next ? bounds(next)[0] : parent.range[1] - 1);
  }
  return [start, end];
}

/** Pointers whose nodes are aliases or anchors that aliases use: commands may refuse to edit through them. */
export function sharedPointers(parsed: ParsedDocument): string[] {
  const out: string[] = [];
  const targets = new Set<unknown>();
  visit(parsed.doc!, { Alias: (_, alias) => void targets.add(alias.resolve(parsed.doc!)) });
  const walk = (node: unknown, at: string[]): void => {
    if (isAlias(node) || targets.has(node)) out.push(toPointer(at));
    if (isMap(node)) for (const p of node.items) walk(p.value, [...at, String((p.key as { value?: unknown })?.value)]);
    else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...at, String(i)]));
  };
  walk(parsed.doc!.contents, []);
  return out;
}

/** The `#` comments of a text outside the given edits. */
export function comments(text: string, edits: Edit[]): string[] {
  const out: string[] = [];
  const re = /(^|\s)(#[^\n\r]*)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index + m[1]!.length;
    if (!edits.some((e) => at + m![2]!.length > e.start && at < e.end)) out.push(m[2]!);
  }
  return out;
}
