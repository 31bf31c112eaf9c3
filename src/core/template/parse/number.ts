/** The value of a number literal in a template (parse.newNumber), read with Go's strconv. */
import * as strconv from '../../go/strconv';
import type { NumberNode } from './ast';
import type { Item } from './items';

/** parse.newNumber: which Go types a number literal can be, and its value; errorf throws Go's parse error. */
export function newNumber(token: Item, errorf: (message: string) => never): NumberNode {
  const text = token.val;
  const n: NumberNode = {
    type: 'number',
    pos: token.pos,
    text,
    isInt: false,
    isUint: false,
    isFloat: false,
    isComplex: false,
    int: 0,
    float: 0,
  };
  if (token.type === 'charConstant') {
    let rune: number;
    let tail: string;
    try {
      ({ rune, tail } = strconv.unquoteCharLiteral(text));
    } catch {
      return errorf('invalid syntax');
    }
    if (tail !== "'") errorf(`malformed character constant: ${text}`);
    return { ...n, isInt: true, isUint: true, isFloat: true, int: rune, float: rune };
  }
  if (token.type === 'complex' || text.endsWith('i')) {
    // Complex constants have no JavaScript value; they are kept so that execution can say so.
    const imaginary = token.type === 'number' ? strconv.parseFloat(text.slice(0, -1)) : null;
    if (token.type === 'number' && imaginary === null) errorf(`illegal number syntax: ${strconv.quote(text)}`);
    if (imaginary === 0) return { ...n, isInt: true, isUint: true, isFloat: true };
    return { ...n, isComplex: true };
  }
  const asUint = strconv.parseUint(text, 0, 64);
  if (asUint !== null) n.isUint = true;
  const asInt = strconv.parseInt(text, 0, 64);
  if (asInt !== null) {
    n.isInt = true;
    n.int = Number(asInt);
    if (asInt === 0n) n.isUint = true; // -0
  }
  if (n.isInt || n.isUint) {
    n.isFloat = true;
    n.float = Number(asInt ?? asUint);
    return n;
  }
  const f = strconv.parseFloat(text);
  if (f !== null) {
    if (!/[.eEpP]/.test(text)) errorf(`integer overflow: ${strconv.quote(text)}`);
    n.isFloat = true;
    n.float = f;
    if (Number.isInteger(f) && Math.abs(f) < 2 ** 63) {
      n.isInt = true;
      n.int = f;
    }
    if (Number.isInteger(f) && f >= 0 && f < 2 ** 64) n.isUint = true;
    return n;
  }
  return errorf(`illegal number syntax: ${strconv.quote(text)}`);
}
