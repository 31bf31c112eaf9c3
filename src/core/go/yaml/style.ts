/**
 * Which style a scalar gets: the style its Go value asks for (encode.go stringv: plain when the text
 * reads back as a string, double-quoted when not, literal with a line break) and what the emitter
 * allows it (emitterc.go yaml_emitter_analyze_scalar and select_scalar_style).
 */
import { codePoints, isBlank, isBlankOrBreakOrNul, isBreak, isPrintable, isSpace } from './chars';
import { resolveTag } from './resolve';

export type RequestedStyle = 'plain' | 'double' | 'literal';
export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

export interface ScalarRequest {
  chars: number[];
  style: RequestedStyle;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encode.go stringv: plain when the text reads back as a string, literal block when it has a newline. */
export function stringScalar(input: string): ScalarRequest {
  // A Go string decoded from JSON never holds a lone surrogate: it would be U+FFFD.
  const s = input.replace(LONE_SURROGATE, '\uFFFD');
  const canUsePlain = resolveTag(s) === 'str' && !isBase60Float(s) && !isOldBool(s);
  const style: RequestedStyle = s.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  return { chars: codePoints(s), style };
}

export function plainScalar(text: string): ScalarRequest {
  return { chars: codePoints(text), style: 'plain' };
}

function isOldBool(s: string): boolean {
  return OLD_BOOLS.has(s);
}

// YAML 1.1 booleans: exactly these spellings, not every mix of case.
const OLD_BOOLS = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'off',
  'Off',
  'OFF',
]);

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

function isBase60Float(s: string): boolean {
  const c = s.charCodeAt(0);
  if (!(c === 0x2b || c === 0x2d || (c >= 0x30 && c <= 0x39)) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}

export interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

export function analyzeScalar(v: number[]): ScalarAnalysis {
  if (v.length === 0) {
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let tabCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;

  const starts = (a: number, b: number, c: number) => v[0] === a && v[1] === b && v[2] === c;
  if (v.length >= 3 && (starts(0x2d, 0x2d, 0x2d) || starts(0x2e, 0x2e, 0x2e))) blockIndicators = true;

  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    const followedByWhitespace = i + 1 >= v.length || isBlank(v[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':' || ch === '-') && followedByWhitespace) blockIndicators = true;
    } else if ((ch === ':' && followedByWhitespace) || (ch === '#' && precededByWhitespace)) {
      blockIndicators = true;
    }

    if (c === 0x09) tabCharacters = true;
    else if (!isPrintable(c)) specialCharacters = true;

    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === v.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === v.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrBreakOrNul(c);
  }

  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace || spaceBreak || tabCharacters || specialCharacters) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) blockAllowed = false;
  if (lineBreaks || blockIndicators) blockPlainAllowed = false;
  // The flow-context flags are left out: every scalar here is written in block context.
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

export function selectStyle(
  requested: RequestedStyle,
  a: ScalarAnalysis,
  simpleKey: boolean,
  empty = false,
): ScalarStyle {
  let style: ScalarStyle = requested;
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain' && (!a.blockPlainAllowed || (empty && simpleKey))) style = 'single';
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}
