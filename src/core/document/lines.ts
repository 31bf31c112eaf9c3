import type { TextRange } from '../diagnostics';

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
