/**
 * The hashes sprig offers (sha1sum, sha256sum, adler32sum) over a string's UTF-8 bytes, written by
 * hand because the core may use neither Node's crypto nor the DOM's SubtleCrypto (which is async).
 */
import { utf8Encode } from '../../go/unicode/utf8';

const SHA256_K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
];

/** Message padding shared by SHA-1 and SHA-256: returns 32-bit big-endian words. */
function padMessage(bytes: Uint8Array): number[] {
  const data = [...bytes, 0x80];
  while (data.length % 64 !== 56) data.push(0);
  const bitLength = BigInt(bytes.length) * 8n;
  for (let k = 7; k >= 0; k--) data.push(Number((bitLength >> BigInt(8 * k)) & 255n));
  const words: number[] = [];
  for (let i = 0; i < data.length; i += 4) {
    words.push(
      (((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0)) >>> 0,
    );
  }
  return words;
}

function wordsToHex(words: readonly number[]): string {
  return words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
}

/** SHA-256 of the UTF-8 bytes, lowercase hex (sprig sha256sum). */
export function sha256Hex(text: string): string {
  const w = padMessage(utf8Encode(text));
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));
  const m = new Array<number>(64).fill(0);
  for (let block = 0; block < w.length; block += 16) {
    for (let t = 0; t < 64; t++) {
      if (t < 16) m[t] = w[block + t] ?? 0;
      else {
        const x = m[t - 15] ?? 0;
        const y = m[t - 2] ?? 0;
        const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
        const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
        m[t] = ((m[t - 16] ?? 0) + s0 + (m[t - 7] ?? 0) + s1) | 0;
      }
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + (SHA256_K[t] ?? 0) + (m[t] ?? 0)) | 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let k = 0; k < 8; k++) h[k] = ((h[k] ?? 0) + (next[k] ?? 0)) | 0;
  }
  return wordsToHex(h);
}

/** SHA-1 of the UTF-8 bytes, lowercase hex (sprig sha1sum). */
export function sha1Hex(text: string): string {
  const w = padMessage(utf8Encode(text));
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));
  const m = new Array<number>(80).fill(0);
  for (let block = 0; block < w.length; block += 16) {
    for (let t = 0; t < 80; t++) {
      m[t] =
        t < 16 ? (w[block + t] ?? 0) : rotl((m[t - 3] ?? 0) ^ (m[t - 8] ?? 0) ^ (m[t - 14] ?? 0) ^ (m[t - 16] ?? 0), 1);
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let t = 0; t < 80; t++) {
      let f: number;
      let k: number;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const temp = (rotl(a, 5) + f + e + k + (m[t] ?? 0)) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = temp;
    }
    const next = [a, b, c, d, e];
    for (let k = 0; k < 5; k++) h[k] = ((h[k] ?? 0) + (next[k] ?? 0)) | 0;
  }
  return wordsToHex(h);
}

/** hash/adler32 checksum of the UTF-8 bytes, as an unsigned decimal (sprig adler32sum). */
export function adler32(text: string): number {
  let a = 1;
  let b = 0;
  for (const byte of utf8Encode(text)) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return b * 65536 + a;
}
