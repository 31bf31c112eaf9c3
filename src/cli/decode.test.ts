import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidUtf8 } from './decode';

const strict = new TextDecoder('utf-8', { fatal: true });
const decodes = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('firstInvalidUtf8', () => {
  it('finds a bad byte exactly when the platform decoder refuses the bytes, and everything before it decodes', () => {
    // Bytes biased towards the lead and continuation ranges, so that long valid runs occur.
    const byte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.array(byte, { maxLength: 40 }), (random, biased) => {
        for (const bytes of [random, Uint8Array.from(biased)]) {
          const bad = firstInvalidUtf8(bytes);
          expect(bad === bytes.length).toBe(decodes(bytes));
          expect(decodes(bytes.subarray(0, bad))).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every code point written as UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const bytes = new TextEncoder().encode(text);
        expect(firstInvalidUtf8(bytes)).toBe(bytes.length);
      }),
    );
  });
});

describe('decodeUtf8', () => {
  it('drops a UTF-8 byte order mark', () => {
    const result = decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3a, 0x20, 0x31]));
    expect(result).toEqual({ ok: true, text: 'a: 1' });
  });

  it('keeps text that is not at the start, BOM-like or not, as it is', () => {
    const text = 'a: "\uFEFF"\nb: é\n';
    expect(decodeUtf8(new TextEncoder().encode(text))).toEqual({ ok: true, text });
  });

  it("names UTF-32 files as such, not as UTF-16 (the little-endian mark begins with UTF-16's)", () => {
    const le = decodeUtf8(new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]));
    const be = decodeUtf8(new Uint8Array([0x00, 0x00, 0xfe, 0xff, 0x00, 0x00, 0x00, 0x61]));
    expect(!le.ok && le.diagnostic.message).toMatch(/UTF-32 \(little-endian\)/);
    expect(!be.ok && be.diagnostic.message).toMatch(/UTF-32 \(big-endian\)/);
    expect(!le.ok && le.diagnostic.code).toBe('INVALID_ENCODING');
  });

  it('reads a valid UTF-8 file that holds U+FFFD as text', () => {
    const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: caf\ufffd\n';
    expect(decodeUtf8(new TextEncoder().encode(text))).toEqual({ ok: true, text });
  });

  it('names UTF-16 files as such', () => {
    const result = decodeUtf8(new Uint8Array([0xff, 0xfe, 0x61, 0x00]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.diagnostic.code).toBe('INVALID_ENCODING');
      expect(result.diagnostic.message).toContain('UTF-16');
    }
  });

  it('points at the line and column of the first bad byte', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a: 1\nbé: '), 0xe9, 0x0a]);
    const result = decodeUtf8(bytes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostic.range).toMatchObject({ line: 2, column: 5, endLine: 2, endColumn: 6 });
  });
});
