/** Go's encoding/base64 StdEncoding: the standard alphabet, padded. */
import { decodePadded, type Decoded } from './quantum';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** StdEncoding.EncodeToString. */
export function base64Encode(bytes: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** StdEncoding.DecodeString: padding required, CR and LF skipped; Go's error text otherwise. */
export function base64Decode(text: string): Decoded {
  return decodePadded(text, ALPHABET, 4, 6, 'base64');
}
