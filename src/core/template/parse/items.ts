/**
 * The items (tokens) of a Go text/template, as parse/lex.go names them, and how Go prints one in
 * "unexpected …" messages.
 */
import { quote } from '../../go/strconv';

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

export const KEYWORDS: Partial<Record<string, ItemType>> = {
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
