/**
 * UTF-8 and base64 by hand: the core may not use TextEncoder/TextDecoder or atob (they are DOM and
 * Node APIs, outside the core's ES-only type environment), and Go's rules must be matched anyway.
 */

export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate, as Go writes it
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** The text, or undefined when the bytes are not valid UTF-8 (Go's utf8.Valid). */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let c: number;
    let min: number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, c, min] = [1, b & 0x1f, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, c, min] = [2, b & 0x0f, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, c, min] = [3, b & 0x07, 0x10000];
    else return undefined;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return undefined;
      c = (c << 6) | (next & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return undefined;
    out += String.fromCodePoint(c);
    i += need + 1;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Go's base64.StdEncoding.DecodeString: padded, standard alphabet, newlines ignored. */
export function base64Decode(text: string): { bytes: Uint8Array } | { error: string } {
  const clean: Array<{ ch: string; at: number }> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\n' && ch !== '\r') clean.push({ ch, at: i });
  }
  const out: number[] = [];
  for (let q = 0; q < clean.length; q += 4) {
    const quantum = clean.slice(q, q + 4);
    const values: number[] = [];
    let padding = 0;
    for (let k = 0; k < quantum.length; k++) {
      const { ch, at } = quantum[k]!;
      if (ch === '=' && k >= 2) {
        padding++;
        continue;
      }
      const v = ALPHABET.indexOf(ch);
      if (v < 0 || padding > 0) return { error: `illegal base64 data at input byte ${at}` };
      values.push(v);
    }
    const last = quantum[quantum.length - 1];
    if (quantum.length < 4) return { error: `illegal base64 data at input byte ${last ? last.at + 1 : 0}` };
    if (padding > 0 && q + 4 < clean.length) return { error: `illegal base64 data at input byte ${clean[q + 4]!.at}` };
    const [a = 0, b = 0, c = 0, d = 0] = values;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out.push((n >> 16) & 255);
    if (values.length > 2) out.push((n >> 8) & 255);
    if (values.length > 3) out.push(n & 255);
  }
  return { bytes: Uint8Array.from(out) };
}
