import { describe, expect, it } from 'vitest';
import { statusText } from './status-text';

describe('statusText', () => {
  it('says Valid when nothing is wrong, and counts warnings without calling them errors', () => {
    expect(statusText({ errors: 0, warnings: 0 })).toBe('Valid');
    expect(statusText({ errors: 0, warnings: 1 })).toBe('Valid, 1 warning');
    expect(statusText({ errors: 0, warnings: 2 })).toBe('Valid, 2 warnings');
  });

  it('counts errors first, singular and plural', () => {
    expect(statusText({ errors: 1, warnings: 0 })).toBe('1 error');
    expect(statusText({ errors: 3, warnings: 1 })).toBe('3 errors, 1 warning');
    expect(statusText({ errors: 2, warnings: 5 })).toBe('2 errors, 5 warnings');
  });
});
