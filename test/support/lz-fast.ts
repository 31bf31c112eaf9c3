/**
 * lz-string's `compressToEncodedURIComponent`, written with a trie instead of string keys, for tests
 * that need the link of a huge text: lz-string builds a string per step as long as the phrase it
 * matches, which takes minutes for a text of 16 million characters; this takes well under a second.
 * The output is the same, character for character (its test checks that on random texts).
 */
const KEYS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

export function compressToEncodedURIComponentFast(text: string): string {
  const out: string[] = [];
  let val = 0;
  let position = 0;
  const bit = (b: number) => {
    val = (val << 1) | b;
    if (position === 5) {
      out.push(KEYS[val]!);
      val = 0;
      position = 0;
    } else position++;
  };
  const emit = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++, value >>= 1) bit(value & 1);
  };

  const single = new Map<string, number>();
  const toCreate = new Set<string>();
  const children = new Map<number, Map<string, number>>();
  let enlargeIn = 2;
  let dictSize = 3;
  let numBits = 2;
  const enlarge = () => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  let w = -1;
  let wChar: string | null = null;
  const output = () => {
    if (wChar !== null && toCreate.has(wChar)) {
      const code = wChar.charCodeAt(0);
      if (code < 256) {
        emit(0, numBits);
        emit(code, 8);
      } else {
        emit(1, numBits);
        emit(code, 16);
      }
      enlarge();
      toCreate.delete(wChar);
    } else emit(w, numBits);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!single.has(c)) {
      single.set(c, dictSize++);
      toCreate.add(c);
    }
    if (w < 0) {
      [w, wChar] = [single.get(c)!, c];
      continue;
    }
    const next = children.get(w)?.get(c);
    if (next !== undefined) {
      [w, wChar] = [next, null];
      continue;
    }
    output();
    enlarge();
    if (!children.has(w)) children.set(w, new Map());
    children.get(w)!.set(c, dictSize++);
    [w, wChar] = [single.get(c)!, c];
  }
  if (w >= 0) {
    output();
    enlarge();
  }
  emit(2, numBits);
  for (;;) {
    val <<= 1;
    if (position === 5) {
      out.push(KEYS[val]!);
      break;
    }
    position++;
  }
  return out.join('');
}
