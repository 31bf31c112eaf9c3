import { describe, expect, it } from 'vitest';
import { utf8Decode, utf8DecodeStrict, utf8Encode, utf8Length } from './utf8';

describe('UTF-8', () => {
  it('round-trips UTF-8 and refuses invalid sequences', () => {
    const text = 'héllo → 🌍';
    expect(utf8DecodeStrict(utf8Encode(text))).toBe(text);
    expect(utf8DecodeStrict(new Uint8Array([0xc3]))).toBeUndefined();
    expect(utf8DecodeStrict(new Uint8Array([0xed, 0xa0, 0x80]))).toBeUndefined();
  });

  it("reads each invalid byte as U+FFFD and counts Go's len", () => {
    expect(utf8Decode([0x61, 0xc3, 0x62, 0xe2, 0x82, 0xac])).toBe('a\ufffdb€');
    expect(utf8Length('h€🌍')).toBe(8);
    expect([...utf8Encode('\ud800')]).toEqual([0xef, 0xbf, 0xbd]);
  });
});
