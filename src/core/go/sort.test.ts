import { describe, expect, it } from 'vitest';
import { compareStrings, sortedKeys } from './sort';

describe("Go's string order", () => {
  it('orders strings by code point', () => {
    expect(['b', 'B', 'a', '_'].sort(compareStrings)).toEqual(['B', '_', 'a', 'b']);
  });

  it('puts a character beyond U+FFFF after U+FFFD, as UTF-8 bytes do (UTF-16 order would not)', () => {
    expect(['😀', '\ufffd', 'z'].sort(compareStrings)).toEqual(['z', '\ufffd', '😀']);
    expect(sortedKeys({ '😀': 1, '\ufffd': 2, a: 3 })).toEqual(['a', '\ufffd', '😀']);
  });
});
