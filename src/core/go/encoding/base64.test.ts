import { describe, expect, it } from 'vitest';
import { utf8Encode } from '../unicode/utf8';
import { base32Decode, base32Encode } from './base32';
import { base64Decode, base64Encode, base64RawUrlEncode } from './base64';

describe('base64', () => {
  it('decodes standard base64 strictly', () => {
    expect(base64Decode('aGVsbG8gd29ybGQ=')).toEqual({ bytes: utf8Encode('hello world') });
    expect(base64Decode('aGk=\n')).toEqual({ bytes: utf8Encode('hi') });
    expect(base64Decode('a$b=')).toEqual({ error: 'illegal base64 data at input byte 1' });
    expect('error' in base64Decode('aGk')).toBe(true);
  });

  it('names the byte where a short quantum starts, as Go does', () => {
    expect(base64Decode('aGk')).toEqual({ error: 'illegal base64 data at input byte 0' });
    expect(base64Decode('aGk=aGk=')).toEqual({ error: 'illegal base64 data at input byte 4' });
  });

  it('encodes bytes, padded, and base32 the same way', () => {
    expect(base64Encode([0xff, 0xfe, 0x00, 0x41])).toBe('//4AQQ==');
    expect(base64RawUrlEncode([0xff, 0xfe, 0x00, 0x41])).toBe('__4AQQ');
    expect(base64RawUrlEncode(utf8Encode('hello world'))).toBe('aGVsbG8gd29ybGQ');
    expect(base32Encode(utf8Encode('hi'))).toBe('NBUQ====');
    expect(base32Decode('NBUQ====')).toEqual({ bytes: utf8Encode('hi') });
  });
});
