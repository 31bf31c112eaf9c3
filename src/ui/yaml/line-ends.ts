/**
 * Monaco holds a text with one kind of line end: a file that mixes them (`\r\n` on some lines, `\n`
 * on others, a lone `\r`) is normalised in the editor, and its offsets no longer match the store's.
 * The store's text stays the truth, byte for byte: these map between its offsets and the editor's
 * lines and columns, which both texts share (a line end is never part of a line).
 */

export interface LinePosition {
  lineNumber: number;
  column: number;
}

/**
 * Whether Monaco would hold `text` differently: it has a `\r` other than in `\r\n` pairs only. A text
 * of `\n` only, or of `\r\n` only, is kept as it is (the editor takes that line end).
 */
export function normalisedInEditor(text: string): boolean {
  if (text.indexOf('\r') < 0) return false;
  // Every \r before a \n, and every \n after a \r: `\r\n` throughout.
  return /\r(?!\n)|(?<!\r)\n/.test(text);
}

/** The length of `text` with every line end (\r\n, \n, \r) made `eol`, as the editor holds it. */
export function lengthInEditor(text: string, eol: string): number {
  let breaks = 0;
  let pairs = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) breaks++;
    else if (c === 13) {
      breaks++;
      if (text.charCodeAt(i + 1) === 10) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - breaks - pairs + breaks * eol.length;
}

/** The line and column (both from 1) of `offset` in `text`; every line end (\r\n, \n, \r) ends a line. */
export function positionIn(text: string, offset: number): LinePosition {
  let lineNumber = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      lineNumber++;
      lineStart = i + 1;
    }
  }
  return { lineNumber, column: offset - lineStart + 1 };
}

/** The offset in `text` of a line and column (from 1); past a line's end, that end. */
export function offsetIn(text: string, { lineNumber, column }: LinePosition): number {
  let at = 0;
  for (let line = 1; line < lineNumber; line++) {
    const next = nextLineStart(text, at);
    if (next < 0) return text.length;
    at = next;
  }
  const end = lineEnd(text, at);
  return Math.min(at + column - 1, end);
}

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

function nextLineStart(text: string, from: number): number {
  const end = lineEnd(text, from);
  if (end >= text.length) return -1;
  return text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
}
