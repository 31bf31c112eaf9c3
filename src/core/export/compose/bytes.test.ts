import { describe, expect, it } from 'vitest';
import { base64Decode, utf8DecodeStrict, utf8Encode } from './bytes';

describe('bytes', () => {
  it('decodes standard base64 strictly', () => {
    expect(base64Decode('aGVsbG8gd29ybGQ=')).toEqual({ bytes: utf8Encode('hello world') });
    expect(base64Decode('aGk=\n')).toEqual({ bytes: utf8Encode('hi') });
    expect(base64Decode('a$b=')).toEqual({ error: 'illegal base64 data at input byte 1' });
    expect('error' in base64Decode('aGk')).toBe(true);
  });

  it('round-trips UTF-8 and refuses invalid sequences', () => {
    const text = 'héllo → 🌍';
    expect(utf8DecodeStrict(utf8Encode(text))).toBe(text);
    expect(utf8DecodeStrict(new Uint8Array([0xc3]))).toBeUndefined();
    expect(utf8DecodeStrict(new Uint8Array([0xed, 0xa0, 0x80]))).toBeUndefined();
  });
});
