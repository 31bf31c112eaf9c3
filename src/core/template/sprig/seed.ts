/*
 * Apart from random.ts, which the first page loads (the built-in provisioners draw from it): only the
 * Kubernetes export, loaded later, makes its seeds from text.
 */

/** A seed from any text (e.g. a project name), so callers need not invent numbers. */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
