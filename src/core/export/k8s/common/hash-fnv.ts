/**
 * Go's hash/fnv New128 (FNV-1, 128 bits): score-k8s names the hidden environment variables that
 * carry secret references after it (__ref_<hash>).
 */
const OFFSET_128 = 0x6c62272e07bb014262b821756295c58dn;
const PRIME_128 = 0x0000000001000000000000000000013bn;
const MASK_128 = (1n << 128n) - 1n;

/** The 16-byte big-endian sum of FNV-1 over the bytes. */
export function fnv128(bytes: Uint8Array): Uint8Array {
  let hash = OFFSET_128;
  for (const byte of bytes) {
    hash = (hash * PRIME_128) & MASK_128;
    hash ^= BigInt(byte);
  }
  const out = new Uint8Array(16);
  for (let i = 15; i >= 0; i--) {
    out[i] = Number(hash & 0xffn);
    hash >>= 8n;
  }
  return out;
}
