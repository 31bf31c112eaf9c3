import { describe, expect, it } from 'vitest';
import { effectiveTheme } from './theme';

describe('the theme', () => {
  it('follows the system unless the user chose one', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });
});
