import { describe, expect, it } from 'vitest';
import { marshal } from './json';

describe('json.Marshal', () => {
  it('JSON-encodes like encoding/json: sorted keys, HTML-safe', () => {
    expect(marshal({ b: 1, a: 'x<y>&' })).toBe('{"a":"x\\u003cy\\u003e\\u0026","b":1}');
    expect(marshal(5432)).toBe('5432');
    expect(marshal([true, null])).toBe('[true,null]');
  });

  it('encodes a Map as a map, its keys sorted', () => {
    expect(
      marshal(
        new Map<string, unknown>([
          ['b', 2],
          ['a', [1]],
        ]),
      ),
    ).toBe('{"a":[1],"b":2}');
  });

  it('writes \\b and \\f short and U+2028 escaped, as Go 1.22 and later do', () => {
    expect(marshal('a\bb\fc\u2028\u0001')).toBe('"a\\bb\\fc\\u2028\\u0001"');
  });

  it("spells floats as Go: 'e' below 1e-6 and from 1e21, one exponent digit where one is enough", () => {
    expect(marshal([1.5e-7, 0.000001, 1e21, 123456.5])).toBe('[1.5e-7,0.000001,1e+21,123456.5]');
  });

  it("refuses NaN and infinities with Go's error", () => {
    expect(() => marshal({ a: NaN })).toThrow('json: unsupported value: NaN');
    expect(() => marshal(-Infinity)).toThrow('json: unsupported value: -Inf');
  });

  it('indents as MarshalIndent and leaves <>& alone without HTML escaping', () => {
    expect(marshal({ a: [1, 2], b: {} }, { indent: '  ' })).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}');
    expect(marshal('<&>', { escapeHTML: false })).toBe('"<&>"');
  });
});
