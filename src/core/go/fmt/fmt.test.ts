import { describe, expect, it } from 'vitest';
import { formatValue, sprint, sprintf } from './index';
import { formatFloat, quote } from '../strconv';

/** Expected texts are what Go's fmt prints for the same verbs and values (pkg.go.dev/fmt). */
describe('sprintf verbs', () => {
  it.each<[string, unknown[], string]>([
    ['%s|%v|%q', ['x', 'y', 'z'], 'x|y|"z"'],
    ['%d %5d|%-5d|%05d|%+d|% d', [42, 42, 42, -42, 5, 5], '42    42|42   |-0042|+5| 5'],
    ['%x %X %#x %o %#o %O %b %#b', [255, 255, 255, 8, 8, 8, 5, 5], 'ff FF 0xff 10 010 0o10 101 0b101'],
    ['%c %q %U %#U', [65, 65, 0x1f600, 0x41], "A 'A' U+1F600 U+0041 'A'"],
    ['%.3d|%.0d|%8.3d', [7, 0, -7], '007||    -007'],
    [
      '%v %f %.2f %8.3f %e %E',
      [1.5, 1.5, 3.14159, 3.14159, 1234.5678, 1234.5678],
      '1.5 1.500000 3.14    3.142 1.234568e+03 1.234568E+03',
    ],
    [
      '%g %.3g %g %G %g %g',
      [1234.5678, 1234.5678, 1e-7, 1e-7, 100000.5, 1000000.5],
      '1234.5678 1.23e+03 1e-07 1E-07 100000.5 1.0000005e+06',
    ],
    ['%6.2f|%06.2f|%-8.1f|%+.1e', [-1.5, -1.5, 2.5, 12345.678], ' -1.50|-01.50|2.5     |+1.2e+04'],
    ['%.0f %.0f %.1f %.2f', [2.5, 3.5, 0.25, 1.005], '2 4 0.2 1.00'],
    // An integral number is an int, and Go refuses float verbs for ints.
    ['%e %g %v', [0, 2, 0.5], '%!e(int=0) %!g(int=2) 0.5'],
    ['%v %v %v %5.1f', [NaN, Infinity, -Infinity, Infinity], 'NaN +Inf -Inf  +Inf'],
    ['%t %t', [true, 1], 'true %!t(int=1)'],
    ['%x % x %X %#x', ['hi', 'hi', 'hi', 'hi'], '6869 68 69 6869 0x6869'],
    ['%q|%#q|%+q|%.2s|%5.1s|', ['a"b\n', 'ab', 'é', 'héllo', 'xyz'], '"a\\"b\\n"|`ab`|"\\u00e9"|hé|    x|'],
    [
      '%T %T %T %T %T %T',
      [1, 1.5, 'a', [1], { a: 1 }, null],
      'int float64 string []interface {} map[string]interface {} <nil>',
    ],
    ['%[2]s %[1]s', ['a', 'b'], 'b a'],
    ['%*d|%-*d|%.*f', [5, 42, 4, 7, 2, 3.14159], '   42|7   |3.14'],
    ['100%%', [], '100%'],
  ])('%j %j → %j', (format, args, expected) => {
    expect(sprintf(format, args)).toBe(expected);
  });

  it.each<[string, unknown[], string]>([
    ['%d', ['x'], '%!d(string=x)'],
    ['%s', [1], '%!s(int=1)'],
    ['%s %d', [null, null], '%!s(<nil>) %!d(<nil>)'],
    ['%v', [null], '<nil>'],
    ['%d', [], '%!d(MISSING)'],
    ['x', ['a', 1], 'x%!(EXTRA string=a, int=1)'],
    ['%z', [1], '%!z(int=1)'],
    ['abc%', [], 'abc%!(NOVERB)'],
    ['%*d', ['x', 1], '%!(BADWIDTH)1'],
    ['%[3]d', [1], '%!d(BADINDEX)'],
    ['%!', [], '%!!(MISSING)'],
  ])('%j %j reports %j', (format, args, expected) => {
    expect(sprintf(format, args)).toBe(expected);
  });

  it('applies the verb and width to every element of lists and maps', () => {
    expect(sprintf('%s', [['a', 1]])).toBe('[a %!s(int=1)]');
    expect(sprintf('%d', [[1, 2]])).toBe('[1 2]');
    expect(sprintf('%q', [['a', 'b']])).toBe('["a" "b"]');
    expect(sprintf('%5v|', [[1, 2]])).toBe('[    1     2]|');
    expect(sprintf('%v', [{ b: ['x', 'y'], a: 1 }])).toBe('map[a:1 b:[x y]]');
    expect(sprintf('%d', [{ a: 1 }])).toBe('map[%!d(string=a):1]');
    expect(sprintf('%s', [[null]])).toBe('[<nil>]');
    expect(sprintf('%#v', [{ a: [1, 'x'] }])).toBe('map[string]interface {}{"a":[]interface {}{1, "x"}}');
  });

  it('shows the character of %#U only when it is printable', () => {
    expect(sprintf('%#U|%#U|%#U|%#U', [0x20ac, 0x0a, 0xa0, -1])).toBe("U+20AC '€'|U+000A|U+00A0|U+FFFFFFFFFFFFFFFF");
  });
});

describe('Sprint and value printing', () => {
  it('adds spaces only between operands that are both non-strings', () => {
    expect(sprint([1, 2, 'a', 'b', 3, true])).toBe('1 2ab3 true');
    expect(sprint([])).toBe('');
  });

  it('prints floats as %v does (shortest, exponent from 1e21 and below 1e-4)', () => {
    expect([0.1, 0.0001, 0.00001, 123456.75, 1e21, -2.5e-10].map(formatValue)).toEqual([
      '0.1',
      '0.0001',
      '1e-05',
      '123456.75',
      '1e+21',
      '-2.5e-10',
    ]);
  });

  it('prints integral numbers as ints', () => {
    expect([5432, -1, 0, 2 ** 53].map(formatValue)).toEqual(['5432', '-1', '0', '9007199254740992']);
  });
});

describe('strconv', () => {
  it('quotes like strconv.Quote', () => {
    expect(quote('a"\\\u0007\u007f\u00a0é😀\u2028')).toBe('"a\\"\\\\\\a\\x7f\\u00a0é😀\\u2028"');
  });

  it('formats floats exactly, rounding ties to even', () => {
    expect(formatFloat(0.125, 'f', 2)).toBe('0.12');
    expect(formatFloat(0.375, 'f', 2)).toBe('0.38');
    expect(formatFloat(1e23, 'f', 1)).toBe('99999999999999991611392.0');
    expect(formatFloat(9.999, 'f', 2)).toBe('10.00');
    expect(formatFloat(5e-324, 'g', -1)).toBe('5e-324');
    expect(formatFloat(123, 'e', 0)).toBe('1e+02');
    expect([formatFloat(0, 'e', 6), formatFloat(0, 'g', -1), formatFloat(-0, 'f', 1)]).toEqual([
      '0.000000e+00',
      '0',
      '-0.0',
    ]);
  });
});
