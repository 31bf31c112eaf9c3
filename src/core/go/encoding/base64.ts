/** Go's encoding/base64: StdEncoding (the standard alphabet, padded) and RawURLEncoding. */
import { decodePadded, type Decoded } from './quantum';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encode(bytes: ArrayLike<number>, alphabet: string, pad: boolean): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += alphabet[(n >> 6) & 63]!;
    else if (pad) out += '=';
    if (i + 2 < bytes.length) out += alphabet[n & 63]!;
    else if (pad) out += '=';
  }
  return out;
}

/** StdEncoding.EncodeToString. */
export function base64Encode(bytes: ArrayLike<number>): string {
  return encode(bytes, ALPHABET, true);
}

/** RawURLEncoding.EncodeToString: the URL-safe alphabet (- and _), no padding. */
export function base64RawUrlEncode(bytes: ArrayLike<number>): string {
  return encode(bytes, URL_ALPHABET, false);
}

/** StdEncoding.DecodeString: padding required, CR and LF skipped; Go's error text otherwise. */
export function base64Decode(text: string): Decoded {
  return decodePadded(text, ALPHABET, 4, 6, 'base64');
}
