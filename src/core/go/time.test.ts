import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './time';

describe('Go durations', () => {
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
});
