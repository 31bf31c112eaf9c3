/** Characters as libyaml sees them (yamlprivateh.go), on code points instead of UTF-8 bytes. */
import { runeLength } from '../unicode/utf8';

export function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

/** The UTF-8 length of code points (libyaml counts keys in bytes). */
export function utf8Length(chars: readonly number[]): number {
  let n = 0;
  for (const cp of chars) n += runeLength(cp);
  return n;
}

/** Printable without escaping. Note: nothing above U+FFFF is (emoji are escaped as \U…). */
export function isPrintable(cp: number): boolean {
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

export function isBreak(cp: number | undefined): boolean {
  return cp === 0x0d || cp === 0x0a || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
}

export function isSpace(cp: number | undefined): boolean {
  return cp === 0x20;
}

export function isBlank(cp: number | undefined): boolean {
  return cp === 0x20 || cp === 0x09;
}

export function isBlankOrBreakOrNul(cp: number | undefined): boolean {
  return isBlank(cp) || isBreak(cp) || cp === 0;
}
