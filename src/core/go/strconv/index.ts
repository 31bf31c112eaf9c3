/** Go's strconv: quoting, integer and float parsing, float formatting. */
export { canBackquote, InvalidSyntax, quote, quoteRune, unquote, unquoteCharLiteral } from './quote';
export { atoi, parseInt, parseUint } from './atoi';
export { parseFloat } from './atof';
export { formatFloat } from './ftoa';
