/** Go's strconv: quoting, integer and float parsing, float formatting. */
export { canBackquote, InvalidSyntax, quote, quoteRune, unquote, unquoteCharLiteral } from './quote';
export { atoi } from './atoi';
export { parseInt, parseUint } from './parseint';
export { parseFloat } from './atof';
export { formatFloat } from './ftoa';
