import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atoi } from './atoi';
import { parseInt, parseUint } from './parseint';

describe('strconv integers', () => {
  it('reads base prefixes, underscores and ranges as ParseInt and ParseUint do', () => {
    expect(parseInt('0x1F', 0)).toBe(31n);
    expect(parseInt('-0b101', 0)).toBe(-5n);
    expect(parseInt('0o17', 0)).toBe(15n);
    expect(parseInt('017', 0)).toBe(15n);
    expect(parseInt('1_000', 0)).toBe(1000n);
    expect(parseInt('1_000', 10)).toBeNull();
    expect(parseInt('_1', 0)).toBeNull();
    expect(parseInt('9223372036854775807', 0)).toBe(9223372036854775807n);
    expect(parseInt('9223372036854775808', 0)).toBeNull();
    expect(parseInt('-9223372036854775808', 0)).toBe(-9223372036854775808n);
    expect(parseUint('18446744073709551615', 0)).toBe(18446744073709551615n);
    expect(parseUint('18446744073709551616', 0)).toBeNull();
    expect(parseUint('-1', 0)).toBeNull();
    expect(parseInt('0x', 0)).toBeNull();
  });

  it('Atoi is ParseInt(s, 10, 64)', () => {
    expect(atoi(' 9000')).toBeNull();
    expect(atoi('+7000')).toBe(7000);
    expect(atoi('-9223372036854775808')).toBe(-(2 ** 63));
    expect(atoi('9223372036854775808')).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^[ +\-_0-9x]{0,22}$/), (s) => {
        const n = parseInt(s, 10, 64);
        expect(atoi(s)).toBe(n === null ? null : Number(n));
      }),
    );
  });
});
