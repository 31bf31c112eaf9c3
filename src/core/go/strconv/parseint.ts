/**
 * Go's strconv.ParseUint and ParseInt (atoi.go). Base 0 reads the prefixes 0b, 0o, 0x and a leading
 * 0 for octal, and lets underscores separate digits. The value comes back as a bigint (a uint64
 * does not fit a number), or null where Go returns an error (bad syntax or out of range).
 */

/** strconv's underscoreOK: underscores only between digits (a base prefix counts as a digit). */
export function underscoreOK(text: string): boolean {
  let s = text;
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1);
  let hexDigits = false;
  const p = (s[1] ?? '').toLowerCase();
  if (s.length >= 2 && s[0] === '0' && (p === 'b' || p === 'o' || p === 'x')) {
    i = 2;
    saw = '0';
    hexDigits = p === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i] ?? '';
    const lc = c.toLowerCase();
    if ((c >= '0' && c <= '9') || (hexDigits && lc >= 'a' && lc <= 'f')) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

const PREFIX_BASES: Readonly<Record<string, number>> = { b: 2, o: 8, x: 16 };

/** A digit of any base up to 36, or 99 when the character is not one. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a ? lower - 0x61 + 10 : 99;
}

/** strconv.ParseUint(text, base, bitSize): no sign allowed. */
export function parseUint(text: string, base: number, bitSize = 64): bigint | null {
  if (text === '') return null;
  let s = text;
  let radix = base;
  const base0 = base === 0;
  if (base0) {
    radix = 10;
    if (s[0] === '0') {
      const prefixed = s.length >= 3 ? PREFIX_BASES[(s[1] ?? '').toLowerCase()] : undefined;
      radix = prefixed ?? 8;
      s = s.slice(prefixed === undefined ? 1 : 2);
    }
  } else if (base < 2 || base > 36) return null;
  const max = (1n << BigInt(bitSize)) - 1n;
  const big = BigInt(radix);
  let underscores = false;
  let n = 0n;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5f && base0) {
      underscores = true;
      continue;
    }
    const d = digitValue(c);
    if (d >= radix) return null;
    n = n * big + BigInt(d);
    if (n > max) return null;
  }
  if (underscores && !underscoreOK(text)) return null;
  return n;
}

/** strconv.ParseInt(text, base, bitSize): an optional sign, then ParseUint's digits. */
export function parseInt(text: string, base: number, bitSize = 64): bigint | null {
  if (text === '') return null;
  const negative = text[0] === '-';
  const digits = text[0] === '+' || negative ? text.slice(1) : text;
  const un = parseUint(digits, base, bitSize);
  if (un === null) return null;
  const cutoff = 1n << BigInt(bitSize - 1);
  if (negative ? un > cutoff : un >= cutoff) return null;
  return negative ? -un : un;
}
