/**
 * Go's encoding/base64 encoders over bytes: StdEncoding (how a ConfigMap's binaryData is written in
 * JSON) and RawURLEncoding (no padding, `-` and `_`; score-k8s's secret reference names).
 */
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function base64Std(bytes: Uint8Array): string {
  return encode(bytes, STANDARD, true);
}

export function base64RawUrl(bytes: Uint8Array): string {
  return encode(bytes, URL_SAFE, false);
}

function encode(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const n = (bytes[i]! << 16) | ((rest > 1 ? bytes[i + 1]! : 0) << 8) | (rest > 2 ? bytes[i + 2]! : 0);
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!;
    if (rest > 1) out += alphabet[(n >> 6) & 63]!;
    else if (pad) out += '=';
    if (rest > 2) out += alphabet[n & 63]!;
    else if (pad) out += '=';
  }
  return out;
}
