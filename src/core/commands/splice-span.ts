import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { Edit } from '../document/edits';
import { toPointer } from '../document/pointer';
import {
  columnOf,
  indentOf,
  isCommentLine,
  lineEndAt,
  lineStartAt,
  lineText,
  nextLineStart,
  onlySpaceBetween,
  previousLineStart,
  trimBreaks,
} from '../document/lines';
import { slotsOf, type Collection, type EditContext, type Slot } from './tree';

/**
 * The edit primitives (set a value, insert an entry, move a list item, remove an entry, rename a key:
 * splice-set.ts, splice-insert.ts, …) compute text splices confined to the node concerned; every other
 * byte of the document stays as it was. Each returns the edits, or a reason (a string) when the edit
 * cannot be made. This module is what they share: where an entry's text stands.
 */
export type Splice = Edit[] | string;

/**
 * Decides whether the collection at a pointer is kept (as `{}`) when its last entry is removed,
 * rather than being removed itself.
 */
export type KeepWhenEmpty = (segments: readonly string[]) => boolean;

// ---------------------------------------------------------------------------------------------
// Where entries stand
// ---------------------------------------------------------------------------------------------

/** A value node that has no text (`key:` with nothing after it). */
export function isEmptyValue(node: Node | null): boolean {
  return node === null || (isScalar(node) && node.value === null && !!node.range && node.range[0] === node.range[1]);
}

/** Block collections and block scalars end after their last line break; everything else at its last character. */
export function isBlockish(node: Node | null): boolean {
  if (!node) return false;
  if (isMap(node) || isSeq(node)) return !node.flow;
  return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
}

/** Offset just past an entry's last character (its value's, or its indicator's when it has no value). */
export function entryEnd(ctx: EditContext, slot: Slot): number {
  const value = slot.value;
  if (value?.range && !isEmptyValue(value)) return isBlockish(value) ? blockEnd(ctx, value) : value.range[1];
  return Math.max(slot.indicator + 1, slot.key?.range?.[1] ?? 0, slot.start + 1);
}

/**
 * Where a block value's own text ends. The parser's range of a block collection runs on over the
 * comment lines after its last entry — also those less indented, which belong to what follows (the
 * next entry's description, the file's footer): the collection ends with its last entry. A block
 * scalar kept with `|+` ends after its blank lines (they are its value); others before them.
 */
export function blockEnd(ctx: EditContext, value: Node): number {
  const [start, end] = value.range!;
  if (isMap(value) || isSeq(value)) {
    const slots = slotsOf(value);
    const last = typeof slots === 'string' ? undefined : slots[slots.length - 1];
    if (last) return entryEnd(ctx, last);
  } else if (isScalar(value) && keepsTrailingLines(ctx.text, start)) {
    // Just before its last line break: the entry's lines end at the next line start, as for the others.
    const text = ctx.text;
    if (text[end - 1] === '\n') return text[end - 2] === '\r' ? end - 2 : end - 1;
    return end;
  }
  return trimBreaks(ctx.text, start, end);
}

/** A block scalar whose header (`|+`, `>2+`) keeps its final line breaks. */
function keepsTrailingLines(text: string, start: number): boolean {
  const header = /^[|>]([1-9]?[+-]?|[+-][1-9]?)/.exec(text.slice(start, start + 4));
  return header !== null && header[1]!.includes('+');
}

export interface BlockSpan {
  /** Start of the entry's first line (its comment lines above included), or of the entry when it shares its line. */
  start: number;
  /** Start of the line after the entry (its deeper trailing comments included). */
  end: number;
  /** The entry starts after other text on its line (`- key: value`). */
  midLine: boolean;
}

/**
 * The whole lines a block entry owns: the comment lines directly above it at its indentation (they
 * describe it), its own lines, and the comment lines just below it indented deeper than it.
 * The root's first entry does not take the comments above it: those are the file's header.
 */
export function blockSpan(ctx: EditContext, coll: Collection, slot: Slot): BlockSpan {
  const { text } = ctx;
  const first = slot.start;
  const lineStart = lineStartAt(text, first);
  const midLine = !onlySpaceBetween(text, lineStart, first);
  const column = columnOf(text, first);
  let start = midLine ? first : lineStart;
  if (!midLine && !(coll === ctx.root && slot.index === 0)) {
    for (let prev = previousLineStart(text, start); prev >= 0; prev = previousLineStart(text, prev)) {
      const line = lineText(text, prev);
      if (!isCommentLine(line) || indentOf(line) !== column) break;
      start = prev;
    }
  }
  let end = nextLineStart(text, entryEnd(ctx, slot));
  while (end < text.length) {
    const line = lineText(text, end);
    if (!isCommentLine(line) || indentOf(line) <= column) break;
    end = nextLineStart(text, end);
  }
  return { start, end, midLine };
}

/** Past the anchor and tag that may follow an indicator on its line (`key: &a !!map`). */
export function afterProps(text: string, indicator: number): number {
  let at = indicator + 1;
  let scan = at;
  for (;;) {
    while (text[scan] === ' ' || text[scan] === '\t') scan++;
    if (text[scan] !== '&' && text[scan] !== '!') return at;
    while (scan < text.length && !/\s/.test(text[scan]!)) scan++;
    at = scan;
  }
}

/** Where a value's text starts, its anchor or tag included. */
export function valueStart(text: string, slot: Slot, value: Node): number {
  const to = value.range![0];
  let i = slot.indicator >= 0 ? slot.indicator + 1 : slot.start;
  while (i < to) {
    const c = text[i];
    if (c === '#') i = lineEndAt(text, i);
    else if (c === '&' || c === '!') return i;
    else i++;
  }
  return to;
}

/** Splits rendered text at its first line break: what stays on the indicator's line, and the lines after. */
export function splitHead(rendered: string, eol: string): [string, string] {
  const at = rendered.indexOf(eol);
  return at < 0 ? [rendered, ''] : [rendered.slice(0, at), rendered.slice(at)];
}

export function columnOfLine(text: string, offset: number): number {
  return indentOf(lineText(text, lineStartAt(text, offset)));
}

export function flowItemEnd(slot: Slot): number {
  const value = slot.value;
  if (value?.range && !isEmptyValue(value)) return value.range[1];
  return Math.max(slot.key?.range?.[1] ?? 0, slot.indicator + 1, slot.start + 1);
}

export function sharedMessage(segments: readonly string[]): string {
  return `${toPointer(segments)} is shared through an anchor used elsewhere; edit it as text so that every use changes knowingly.`;
}
