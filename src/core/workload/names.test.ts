import { describe, expect, it } from 'vitest';
import { uniqueName } from './names';

describe('a name for something new', () => {
  it('is the base, or the base numbered, the first not taken', () => {
    expect(uniqueName('db', [])).toBe('db');
    expect(uniqueName('db', ['db', 'db-2'])).toBe('db-3');
  });

  it('stays within the 63 characters of a Score name when numbered', () => {
    const base = 'a'.repeat(63);
    const name = uniqueName(base, [base]);
    expect(name).toBe(`${'a'.repeat(60)}-2`);
    expect(name.length).toBeLessThanOrEqual(63);
  });
});
