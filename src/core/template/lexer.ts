/**
 * Tokens of a Go text/template, scanned the way Go's parse/lex.go scans them (same states, same
 * trim-marker and comment rules, same error texts), so that the parser sees the same items and
 * reports the same lines. Positions are UTF-16 offsets into the source.
 */
import { quote } from '../go/strconv';

export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'comment'
  | 'complex'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  // keywords
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

export interface Item {
  type: ItemType;
  pos: number;
  val: string;
  line: number;
}

const KEYWORDS: Partial<Record<string, ItemType>> = {
  '.': 'dot',
  block: 'block',
  break: 'break',
  continue: 'continue',
  define: 'define',
  else: 'else',
  end: 'end',
  if: 'if',
  range: 'range',
  nil: 'nil',
  template: 'template',
  with: 'with',
};

const KEYWORD_TYPES = new Set<ItemType>(Object.values(KEYWORDS).filter((t): t is ItemType => t !== undefined));

/** How Go prints an item in "unexpected …" messages. */
export function itemString(item: Item): string {
  if (item.type === 'eof') return 'EOF';
  if (item.type === 'error') return item.val;
  if (KEYWORD_TYPES.has(item.type)) return `<${item.val}>`;
  const runes = [...item.val];
  if (runes.length > 10) return quote(runes.slice(0, 10).join('')) + '...';
  return quote(item.val);
}

const LEFT_DELIM = '{{';
const RIGHT_DELIM = '}}';
const LEFT_COMMENT = '/*';
const RIGHT_COMMENT = '*/';
const EOF = -1;

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09 || r === 0x0d || r === 0x0a;
}

function isAlphaNumeric(r: number): boolean {
  if (r === 0x5f) return true;
  if (r < 0) return false;
  if (r < 0x80) return (r >= 0x30 && r <= 0x39) || (r >= 0x41 && r <= 0x5a) || (r >= 0x61 && r <= 0x7a);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(r));
}

function hasLeftTrimMarker(s: string, at: number): boolean {
  return s.length >= at + 2 && s[at] === '-' && isSpace(s.charCodeAt(at + 1));
}

function hasRightTrimMarker(s: string, at: number): boolean {
  return s.length >= at + 2 && isSpace(s.charCodeAt(at)) && s[at + 1] === '-';
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Go's %#U: U+0041 'A'. */
function formatRune(r: number): string {
  if (r < 0) return 'U+FFFFFFFFFFFFFFFF';
  const code = 'U+' + r.toString(16).toUpperCase().padStart(4, '0');
  return r >= 0x20 && r !== 0x7f ? `${code} '${String.fromCodePoint(r)}'` : code;
}

type StateFn = (l: Lexer) => StateFn | null;

export class Lexer {
  private input: string;
  private pos = 0;
  private start = 0;
  private atEOF = false;
  private parenDepth = 0;
  private line = 1;
  private startLine = 1;
  private item: Item = { type: 'eof', pos: 0, val: 'EOF', line: 1 };
  private insideAction = false;

  constructor(input: string) {
    this.input = input;
  }

  /** The next item; after an error or EOF it keeps returning EOF. */
  nextItem(): Item {
    this.item = { type: 'eof', pos: this.pos, val: 'EOF', line: this.startLine };
    let state: StateFn | null = this.insideAction ? lexInsideAction : lexText;
    while (state) state = state(this);
    return this.item;
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

function rightTrimLength(s: string): number {
  return s.length - s.replace(/[ \t\r\n]+$/, '').length;
}

function leftTrimLength(s: string): number {
  return s.length - s.replace(/^[ \t\r\n]+/, '').length;
}

const lexText: StateFn = (l) => {
  const found = l.src.indexOf(LEFT_DELIM, l.at);
  if (found >= 0) {
    const x = found - l.at;
    if (x > 0) {
      l.at += x;
      let trimLength = 0;
      const delimEnd = l.at + LEFT_DELIM.length;
      if (hasLeftTrimMarker(l.src, delimEnd)) trimLength = rightTrimLength(l.src.slice(l.from, l.at));
      l.at -= trimLength;
      l.addLines(countNewlines(l.src.slice(l.from, l.at)));
      const item = l.thisItem('text');
      l.at += trimLength;
      l.ignore();
      if (item.val.length > 0) return l.emitItem(item);
    }
    return lexLeftDelim;
  }
  l.at = l.src.length;
  if (l.at > l.from) {
    l.addLines(countNewlines(l.src.slice(l.from, l.at)));
    return l.emit('text');
  }
  return l.emit('eof');
};

const lexLeftDelim: StateFn = (l) => {
  l.at += LEFT_DELIM.length;
  const trimSpace = hasLeftTrimMarker(l.src, l.at);
  const afterMarker = trimSpace ? 2 : 0;
  if (l.src.startsWith(LEFT_COMMENT, l.at + afterMarker)) {
    l.at += afterMarker;
    l.ignore();
    return lexComment;
  }
  const item = l.thisItem('leftDelim');
  l.setInsideAction(true);
  l.at += afterMarker;
  l.ignore();
  l.depth = 0;
  return l.emitItem(item);
};

const lexComment: StateFn = (l) => {
  l.at += LEFT_COMMENT.length;
  const x = l.src.indexOf(RIGHT_COMMENT, l.at);
  if (x < 0) return l.errorf('unclosed comment');
  l.at = x + RIGHT_COMMENT.length;
  const { delim, trimSpaces } = l.atRightDelim();
  if (!delim) return l.errorf('comment ends before closing delimiter');
  l.addLines(countNewlines(l.src.slice(l.from, l.at)));
  l.thisItem('comment');
  if (trimSpaces) l.at += 2;
  l.at += RIGHT_DELIM.length;
  if (trimSpaces) l.at += leftTrimLength(l.src.slice(l.at));
  l.ignore();
  return lexText;
};

const lexRightDelim: StateFn = (l) => {
  const { trimSpaces } = l.atRightDelim();
  if (trimSpaces) {
    l.at += 2;
    l.ignore();
  }
  l.at += RIGHT_DELIM.length;
  const item = l.thisItem('rightDelim');
  if (trimSpaces) {
    l.at += leftTrimLength(l.src.slice(l.at));
    l.ignore();
  }
  l.setInsideAction(false);
  return l.emitItem(item);
};

const lexInsideAction: StateFn = (l) => {
  const { delim } = l.atRightDelim();
  if (delim) {
    if (l.depth === 0) return lexRightDelim;
    return l.errorf('unclosed left paren');
  }
  const r = l.next();
  if (r === EOF) return l.errorf('unclosed action');
  if (isSpace(r)) {
    l.backup();
    return lexSpace;
  }
  const c = String.fromCodePoint(r);
  switch (c) {
    case '=':
      return l.emit('assign');
    case ':':
      if (l.next() !== 0x3d) return l.errorf('expected :=');
      return l.emit('declare');
    case '|':
      return l.emit('pipe');
    case '"':
      return lexQuote;
    case '`':
      return lexRawQuote;
    case '$':
      return lexVariable;
    case "'":
      return lexChar;
    case '.': {
      if (l.at < l.src.length) {
        const n = l.src[l.at] ?? '';
        if (n < '0' || n > '9') return lexField;
      }
      l.backup();
      return lexNumber;
    }
    case '(':
      l.depth = l.depth + 1;
      return l.emit('leftParen');
    case ')':
      l.depth = l.depth - 1;
      if (l.depth < 0) return l.errorf('unexpected right paren');
      return l.emit('rightParen');
  }
  if (c === '+' || c === '-' || (c >= '0' && c <= '9')) {
    l.backup();
    return lexNumber;
  }
  if (isAlphaNumeric(r)) {
    l.backup();
    return lexIdentifier;
  }
  if (r <= 0x7f && r >= 0x20 && r !== 0x7f) return l.emit('char');
  return l.errorf(`unrecognized character in action: ${formatRune(r)}`);
};

const lexSpace: StateFn = (l) => {
  let numSpaces = 0;
  for (;;) {
    const r = l.peek();
    if (!isSpace(r)) break;
    l.next();
    numSpaces++;
  }
  if (hasRightTrimMarker(l.src, l.at - 1) && l.src.startsWith(RIGHT_DELIM, l.at - 1 + 2)) {
    l.backup();
    if (numSpaces === 1) return lexRightDelim;
  }
  return l.emit('space');
};

const lexIdentifier: StateFn = (l) => {
  for (;;) {
    const r = l.next();
    if (isAlphaNumeric(r)) continue;
    l.backup();
    const word = l.src.slice(l.from, l.at);
    if (!l.atTerminator()) return l.errorf(`bad character ${formatRune(r)}`);
    const keyword = Object.prototype.hasOwnProperty.call(KEYWORDS, word) ? KEYWORDS[word] : undefined;
    if (keyword !== undefined && word !== '.') return l.emit(keyword);
    if (word === 'true' || word === 'false') return l.emit('bool');
    return l.emit('identifier');
  }
};

const lexField: StateFn = (l) => lexFieldOrVariable(l, 'field');

const lexVariable: StateFn = (l) => {
  if (l.atTerminator()) return l.emit('variable');
  return lexFieldOrVariable(l, 'variable');
};

function lexFieldOrVariable(l: Lexer, type: 'field' | 'variable'): null {
  if (l.atTerminator()) return l.emit(type === 'variable' ? 'variable' : 'dot');
  let r: number;
  for (;;) {
    r = l.next();
    if (!isAlphaNumeric(r)) {
      l.backup();
      break;
    }
  }
  if (!l.atTerminator()) return l.errorf(`bad character ${formatRune(r)}`);
  return l.emit(type);
}

const lexChar: StateFn = (l) => {
  for (;;) {
    const r = l.next();
    if (r === 0x5c) {
      const e = l.next();
      if (e !== EOF && e !== 0x0a) continue;
      return l.errorf('unterminated character constant');
    }
    if (r === EOF || r === 0x0a) return l.errorf('unterminated character constant');
    if (r === 0x27) break;
  }
  return l.emit('charConstant');
};

const lexNumber: StateFn = (l) => {
  if (!l.scanNumber()) return l.errorf(`bad number syntax: ${quote(l.src.slice(l.from, l.at))}`);
  const sign = l.peek();
  if (sign === 0x2b || sign === 0x2d) {
    if (!l.scanNumber() || l.src[l.at - 1] !== 'i') {
      return l.errorf(`bad number syntax: ${quote(l.src.slice(l.from, l.at))}`);
    }
    return l.emit('complex');
  }
  return l.emit('number');
};

const lexQuote: StateFn = (l) => {
  for (;;) {
    const r = l.next();
    if (r === 0x5c) {
      const e = l.next();
      if (e !== EOF && e !== 0x0a) continue;
      return l.errorf('unterminated quoted string');
    }
    if (r === EOF || r === 0x0a) return l.errorf('unterminated quoted string');
    if (r === 0x22) break;
  }
  return l.emit('string');
};

const lexRawQuote: StateFn = (l) => {
  for (;;) {
    const r = l.next();
    if (r === EOF) return l.errorf('unterminated raw quoted string');
    if (r === 0x60) break;
  }
  return l.emit('rawString');
};
