/** Go's encoding/base32 StdEncoding: RFC 4648's alphabet, padded. */
import { decodePadded, type Decoded } from './quantum';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** StdEncoding.EncodeToString. */
export function base32Encode(bytes: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 5) {
    const count = Math.min(5, bytes.length - i);
    let bits = 0n;
    for (let k = 0; k < 5; k++) bits = (bits << 8n) | BigInt(k < count ? bytes[i + k]! : 0);
    const emitted = Math.ceil((count * 8) / 5);
    for (let k = 0; k < 8; k++) out += k < emitted ? ALPHABET[Number((bits >> BigInt(35 - 5 * k)) & 31n)]! : '=';
  }
  return out;
}

/** StdEncoding.DecodeString: padding required, CR and LF skipped; Go's error text otherwise. */
export function base32Decode(text: string): Decoded {
  return decodePadded(text, ALPHABET, 8, 5, 'base32');
}
