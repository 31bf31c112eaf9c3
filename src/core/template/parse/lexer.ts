/**
 * Tokens of a Go text/template, scanned the way Go's parse/lex.go scans them (same states, same
 * trim-marker and comment rules, same error texts), so that the parser sees the same items and
 * reports the same lines.
 */
import { quote } from '../../go/strconv';
import { KEYWORDS, type Item } from './items';
import {
  countNewlines,
  EOF,
  formatRune,
  hasLeftTrimMarker,
  hasRightTrimMarker,
  isAlphaNumeric,
  isSpace,
  LEFT_COMMENT,
  LEFT_DELIM,
  RIGHT_COMMENT,
  RIGHT_DELIM,
  Scanner,
} from './scanner';

export { itemString, type Item, type ItemType } from './items';

type StateFn = (l: Lexer) => StateFn | null;

/** The lexer: a scanner run through the states of lex.go, one item at a time. */
export class Lexer extends Scanner {
  /** The next item; after an error or EOF it keeps returning EOF. */
  nextItem(): Item {
    this.item = { type: 'eof', pos: this.pos, val: 'EOF', line: this.startLine };
    let state: StateFn | null = this.insideAction ? lexInsideAction : lexText;
    while (state) state = state(this);
    return this.item;
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
