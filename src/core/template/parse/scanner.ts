/**
 * The scanning half of Go's parse/lex.go: the text, the position, the primitives the states use, and
 * the character tests. Positions are UTF-16 offsets into the source.
 */
import { sprintf } from '../../go/fmt';
import { isDigit, isLetter } from '../../go/unicode/unicode';
import type { Item, ItemType } from './items';

export const LEFT_DELIM = '{{';
export const RIGHT_DELIM = '}}';
export const LEFT_COMMENT = '/*';
export const RIGHT_COMMENT = '*/';
export const EOF = -1;

export function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09 || r === 0x0d || r === 0x0a;
}

export function isAlphaNumeric(r: number): boolean {
  if (r === 0x5f) return true;
  if (r < 0) return false;
  return isLetter(r) || isDigit(r);
}

export function hasLeftTrimMarker(s: string, at: number): boolean {
  return s.length >= at + 2 && s[at] === '-' && isSpace(s.charCodeAt(at + 1));
}

export function hasRightTrimMarker(s: string, at: number): boolean {
  return s.length >= at + 2 && isSpace(s.charCodeAt(at)) && s[at + 1] === '-';
}

export function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Go's %#U: U+0041 'A'. */
export function formatRune(r: number): string {
  return sprintf('%#U', [r]);
}

/**
 * The lexer's position in the text and its primitives (lex.go next, backup, emit, accept…); the
 * states that drive it are lexer.ts.
 */
export class Scanner {
  private input: string;
  protected pos = 0;
  private start = 0;
  private atEOF = false;
  private parenDepth = 0;
  private line = 1;
  protected startLine = 1;
  protected item: Item = { type: 'eof', pos: 0, val: 'EOF', line: 1 };
  protected insideAction = false;

  constructor(input: string) {
    this.input = input;
  }

  // --- primitives (as in lex.go) ---

  next(): number {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos) ?? EOF;
    this.pos += r > 0xffff ? 2 : 1;
    if (r === 0x0a) this.line++;
    return r;
  }

  peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    if (this.atEOF || this.pos <= 0) return;
    const low = this.input.charCodeAt(this.pos - 1);
    const width = low >= 0xdc00 && low <= 0xdfff && this.pos >= 2 ? 2 : 1;
    this.pos -= width;
    if (this.input.charCodeAt(this.pos) === 0x0a) this.line--;
  }

  thisItem(type: ItemType): Item {
    const item = { type, pos: this.start, val: this.input.slice(this.start, this.pos), line: this.startLine };
    this.start = this.pos;
    this.startLine = this.line;
    return item;
  }

  emit(type: ItemType): null {
    return this.emitItem(this.thisItem(type));
  }

  emitItem(item: Item): null {
    this.item = item;
    return null;
  }

  ignore(): void {
    this.line += countNewlines(this.input.slice(this.start, this.pos));
    this.start = this.pos;
    this.startLine = this.line;
  }

  accept(valid: string): boolean {
    const r = this.next();
    if (r >= 0 && valid.includes(String.fromCodePoint(r))) return true;
    this.backup();
    return false;
  }

  acceptRun(valid: string): void {
    for (;;) {
      const r = this.next();
      if (r < 0 || !valid.includes(String.fromCodePoint(r))) break;
    }
    this.backup();
  }

  errorf(message: string): null {
    this.item = { type: 'error', pos: this.start, val: message, line: this.startLine };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    return null;
  }

  atRightDelim(): { delim: boolean; trimSpaces: boolean } {
    if (hasRightTrimMarker(this.input, this.pos) && this.input.startsWith(RIGHT_DELIM, this.pos + 2)) {
      return { delim: true, trimSpaces: true };
    }
    if (this.input.startsWith(RIGHT_DELIM, this.pos)) return { delim: true, trimSpaces: false };
    return { delim: false, trimSpaces: false };
  }

  atTerminator(): boolean {
    const r = this.peek();
    if (isSpace(r)) return true;
    if (r === EOF) return true;
    const c = String.fromCodePoint(r);
    if ('.,|:)('.includes(c)) return true;
    return this.input.startsWith(RIGHT_DELIM, this.pos);
  }

  scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 11 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 23 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    if (isAlphaNumeric(this.peek())) {
      this.next();
      return false;
    }
    return true;
  }

  // --- accessors for the state functions ---
  get src(): string {
    return this.input;
  }
  get at(): number {
    return this.pos;
  }
  set at(p: number) {
    this.pos = p;
  }
  get from(): number {
    return this.start;
  }
  addLines(n: number): void {
    this.line += n;
  }
  setInsideAction(v: boolean): void {
    this.insideAction = v;
  }
  get depth(): number {
    return this.parenDepth;
  }
  set depth(d: number) {
    this.parenDepth = d;
  }
}
