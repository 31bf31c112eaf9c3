import { describe, expect, it } from 'vitest';
import { workloadName } from './workload-name';

describe('workloadName', () => {
  it('is metadata.name when that is text', () => {
    expect(workloadName({ metadata: { name: 'shop' } })).toBe('shop');
    expect(workloadName({ metadata: { name: '<img src=x onerror=alert(1)>' } })).toBe('<img src=x onerror=alert(1)>');
  });

  it('is nothing for any other shape', () => {
    for (const value of [
      undefined,
      null,
      'x',
      [],
      { metadata: [] },
      { metadata: { name: 7 } },
      { metadata: { name: ' ' } },
    ]) {
      expect(workloadName(value)).toBeUndefined();
    }
  });
});
