/**
 * Go's unicode/utf8. Go strings are UTF-8 bytes and JavaScript strings UTF-16 units, so wherever Go
 * counts, indexes, encodes or validates bytes, these say what Go sees. Written by hand because the
 * core may use neither the DOM's TextEncoder nor Node's Buffer (it type-checks with neither).
 */

/** utf8.RuneLen: the bytes of one code point (a lone surrogate counts as U+FFFD, 3 bytes). */
export function runeLength(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** len(s): the number of UTF-8 bytes of a string. */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) n += runeLength(ch.codePointAt(0)!);
  return n;
}

/** []byte(s): the UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as Go would hold it. */
export function utf8Encode(text: string): Uint8Array {
  const out = new Uint8Array(utf8Length(text));
  let i = 0;
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out[i++] = c;
    else if (c < 0x800) {
      out[i++] = 0xc0 | (c >> 6);
      out[i++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      out[i++] = 0xe0 | (c >> 12);
      out[i++] = 0x80 | ((c >> 6) & 63);
      out[i++] = 0x80 | (c & 63);
    } else {
      out[i++] = 0xf0 | (c >> 18);
      out[i++] = 0x80 | ((c >> 12) & 63);
      out[i++] = 0x80 | ((c >> 6) & 63);
      out[i++] = 0x80 | (c & 63);
    }
  }
  return out;
}

/**
 * utf8.DecodeRune at byte i (not ASCII): the code point and its size, or size 0 where the bytes there are not
 * valid UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
 */
function decodeRune(bytes: ArrayLike<number>, i: number): { cp: number; size: number } {
  const b = bytes[i]!;
  let need: number;
  let cp: number;
  let min: number;
  if (b >= 0xc2 && b <= 0xdf) [need, cp, min] = [1, b & 0x1f, 0x80];
  else if (b >= 0xe0 && b <= 0xef) [need, cp, min] = [2, b & 0x0f, 0x800];
  else if (b >= 0xf0 && b <= 0xf4) [need, cp, min] = [3, b & 0x07, 0x10000];
  else return { cp: 0xfffd, size: 0 };
  for (let k = 1; k <= need; k++) {
    const next = bytes[i + k];
    if (next === undefined || (next & 0xc0) !== 0x80) return { cp: 0xfffd, size: 0 };
    cp = (cp << 6) | (next & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return { cp: 0xfffd, size: 0 };
  return { cp, size: need + 1 };
}

function decode(bytes: ArrayLike<number>, strict: boolean): string | undefined {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const { cp, size } = decodeRune(bytes, i);
    if (size === 0 && strict) return undefined;
    out += String.fromCodePoint(cp);
    i += size === 0 ? 1 : size;
  }
  return out;
}

/** The text of UTF-8 bytes, each invalid byte read as U+FFFD (as Go's range over a string reads it). */
export function utf8Decode(bytes: ArrayLike<number>): string {
  return decode(bytes, false)!;
}

/** The text, or undefined when the bytes are not valid UTF-8 (utf8.Valid). */
export function utf8DecodeStrict(bytes: ArrayLike<number>): string | undefined {
  return decode(bytes, true);
}
