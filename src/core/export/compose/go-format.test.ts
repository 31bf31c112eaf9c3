import { describe, expect, it } from 'vitest';
import { compareGoStrings, formatDuration, goJson, parseDuration } from './go-format';

describe('Go formats', () => {
  it('prints durations as time.Duration.String', () => {
    const cases: Array<[string, string]> = [
      ['2s', '2s'],
      ['90s', '1m30s'],
      ['1h', '1h0m0s'],
      ['1.5s', '1.5s'],
      ['500ms', '500ms'],
      ['0', '0s'],
      ['1m30s', '1m30s'],
    ];
    for (const [input, printed] of cases) expect(formatDuration(parseDuration(input)!)).toBe(printed);
  });

  it('rejects what is not a duration', () => {
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('5')).toBeUndefined();
  });

  it('JSON-encodes like encoding/json: sorted keys, HTML-safe', () => {
    expect(goJson({ b: 1, a: 'x<y>&' })).toBe('{"a":"x\\u003cy\\u003e\\u0026","b":1}');
    expect(goJson(5432)).toBe('5432');
    expect(goJson([true, null])).toBe('[true,null]');
  });

  it('orders strings by code point', () => {
    expect(['b', 'B', 'a', '_'].sort(compareGoStrings)).toEqual(['B', '_', 'a', 'b']);
  });
});
