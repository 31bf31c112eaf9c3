import type { TextRange } from '../diagnostics';

/**
 * The lines of a text: 1-based positions (LineIndex, as Monaco and diagnostics count them) and line
 * arithmetic on raw offsets (where a line starts and ends, its indentation, comments), with which
 * edits are cut along lines.
 */

/**
 * Converts between 0-based character offsets and 1-based line/column positions.
 * Lines end at \n; a \r before it belongs to the line. Columns count UTF-16 code units,
 * as Monaco and the DOM do.
 */
export class LineIndex {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset of the first character of a 1-based line. */
  lineStart(line: number): number {
    return this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1]!;
  }

  /** Offset just past the last character of a 1-based line, before its line break. */
  lineEnd(line: number): number {
    const next = line < this.starts.length ? this.starts[line]! - 1 : this.text.length;
    return next > this.lineStart(line) && this.text[next - 1] === '\r' ? next - 1 : next;
  }

  position(offset: number): { line: number; column: number } {
    const at = Math.min(Math.max(offset, 0), this.text.length);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - this.starts[lo]! + 1 };
  }

  offset(line: number, column: number): number {
    return Math.min(this.lineStart(line) + Math.max(column, 1) - 1, this.text.length);
  }

  range(start: number, end: number): TextRange {
    const a = this.position(start);
    const b = this.position(Math.max(end, start));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }
}

/*
 * Line arithmetic on raw text. Edits are cut along lines wherever a node owns whole lines, so that
 * removing or adding an entry never leaves stray indentation or joins two lines.
 * A line break is \n; a \r before it belongs to the break (CRLF files stay CRLF).
 */

export function lineStartAt(text: string, offset: number): number {
  return text.lastIndexOf('\n', Math.max(offset, 0) - 1) + 1;
}

/** Offset of the line break (or of \r before it, or the text's end) of the line holding `offset`. */
export function lineEndAt(text: string, offset: number): number {
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return end > 0 && text[end - 1] === '\r' && end - 1 >= offset ? end - 1 : end;
}

/** Start of the line after the one holding `offset`, or the text's length on the last line. */
export function nextLineStart(text: string, offset: number): number {
  const at = text.indexOf('\n', offset);
  return at < 0 ? text.length : at + 1;
}

/** Start of the line before the line starting at `lineStart`, or -1 on the first line. */
export function previousLineStart(text: string, lineStart: number): number {
  return lineStart === 0 ? -1 : lineStartAt(text, lineStart - 1);
}

/** Column of an offset in its line; a byte-order mark at the start of the text takes no column. */
export function columnOf(text: string, offset: number): number {
  const start = lineStartAt(text, offset);
  return offset - start - (start === 0 && text.charCodeAt(0) === 0xfeff && offset > 0 ? 1 : 0);
}

/** The line's text without its break. */
export function lineText(text: string, lineStart: number): string {
  return text.slice(lineStart, lineEndAt(text, lineStart));
}

/** Leading spaces of a line. */
export function indentOf(line: string): number {
  let i = 0;
  while (line[i] === ' ') i++;
  return i;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

export function isCommentLine(line: string): boolean {
  return line.trimStart().startsWith('#');
}

/** True when only spaces and tabs stand between `from` and `to`. */
export function onlySpaceBetween(text: string, from: number, to: number): boolean {
  return /^[ \t]*$/.test(text.slice(from, to));
}

/** The document's line break: CRLF when the text uses it, else LF. */
export function lineBreakOf(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : '\n';
}

/**
 * Offset just past the last non-blank character before `end`. Block nodes end after their line break,
 * and sometimes after the next line's indentation too.
 */
export function trimBreaks(text: string, start: number, end: number): number {
  let at = end;
  while (at > start && /[\s]/.test(text[at - 1]!)) at--;
  return at;
}

/** Whether a `#` comment starts between `from` and `to` (after whitespace, as YAML requires). */
export function hasComment(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (text[i] === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return true;
  }
  return false;
}
