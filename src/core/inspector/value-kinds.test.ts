import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertValue, kindOf, newValue, numberOf, VALUE_KINDS } from './value-kinds';

describe('changing the kind of a value', () => {
  it('keeps what the value holds', () => {
    expect(convertValue('8080', 'number')).toEqual({ value: 8080 });
    expect(convertValue(' true ', 'true/false')).toEqual({ value: true });
    expect(convertValue(3, 'text')).toEqual({ value: '3' });
    expect(convertValue(false, 'text')).toEqual({ value: 'false' });
    expect(convertValue('a', 'list')).toEqual({ value: ['a'] });
    expect(convertValue([], 'map')).toEqual({ value: {} });
    expect(convertValue(null, 'number')).toEqual({ value: 0 });
    expect(convertValue('', 'map')).toEqual({ value: {} });
  });

  it('refuses in words what would lose it, and lets null hold nothing', () => {
    expect(convertValue('small', 'number')).toEqual({ problem: expect.stringContaining('“small” is not a number') });
    expect(convertValue('yes', 'true/false')).toEqual({ problem: expect.stringContaining('not true or false') });
    expect(convertValue(['a', 'b'], 'text')).toEqual({
      problem: 'A list with 2 items cannot become text: remove its entries first.',
    });
    expect(convertValue({ k: 1 }, 'list')).toEqual({
      problem: 'A map with 1 key cannot become a list: remove its entries first.',
    });
    expect(convertValue('x', 'map')).toEqual({ problem: expect.stringContaining('cannot become a map') });
    expect(convertValue({ k: 1 }, 'null')).toEqual({ value: null });
  });

  it('gives a value of the kind asked, or a reason, whatever the value', () => {
    const json = fc.jsonValue({ maxDepth: 2 });
    fc.assert(
      fc.property(json, fc.constantFrom(...VALUE_KINDS), (value, kind) => {
        const changed = convertValue(value, kind);
        if ('problem' in changed) return changed.problem.length > 10;
        return kindOf(changed.value) === kind;
      }),
    );
  });
});

describe('a new entry from what was typed', () => {
  it('is made of the kind chosen, or says why not', () => {
    expect(newValue('3', 'number')).toEqual({ value: 3 });
    expect(newValue('three', 'number')).toEqual({ problem: '“three” is not a number.' });
    expect(newValue('', 'number')).toEqual({ problem: 'Type its number.' });
    expect(newValue('', 'true/false')).toEqual({ value: false });
    expect(newValue('a', 'list')).toEqual({ value: ['a'] });
    expect(newValue('a', 'map')).toEqual({ problem: expect.stringContaining('A map starts empty') });
    expect(newValue(' 08 ', 'text')).toEqual({ value: ' 08 ' });
  });

  it('reads numbers as YAML and JSON write them, nothing else', () => {
    expect([' 1.5', '-2', '+3', '1e3', '.5', '1.'].map(numberOf)).toEqual([1.5, -2, 3, 1000, 0.5, 1]);
    expect(['', 'Infinity', '0x10', '1,5', 'NaN', '1e999'].map(numberOf)).toEqual(Array(6).fill(undefined));
  });
});
