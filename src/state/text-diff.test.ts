import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../core/commands';
import { diffText, invertEdits } from './text-diff';

describe('the smallest edit between two texts', () => {
  it('replaces only what changed', () => {
    expect(diffText('image: nginx\n', 'image: nginx:1.27\n')).toEqual({ start: 12, end: 12, insert: ':1.27' });
    expect(diffText('abc', 'abc')).toEqual({ start: 3, end: 3, insert: '' });
    expect(diffText('a\nb\nc', 'a\nc')).toEqual({ start: 2, end: 4, insert: '' });
  });

  it('never splits a character outside the basic plane', () => {
    const edit = diffText('x😀y', 'x😃y');
    expect(edit.start).toBe(1);
    expect(edit.insert).toBe('😃');
  });

  it('always turns the first text into the second, and its inverse turns it back', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ', '😀', ':') });
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edit = diffText(before, after);
        expect(applyEdits(before, [edit])).toBe(after);
        expect(applyEdits(after, invertEdits(before, [edit]))).toBe(before);
      }),
    );
  });

  it('inverts several edits at once', () => {
    const before = 'one two three';
    const edits = [
      { start: 0, end: 3, insert: '1' },
      { start: 8, end: 13, insert: 'THREE!' },
    ];
    const after = applyEdits(before, edits);
    expect(after).toBe('1 two THREE!');
    expect(applyEdits(after, invertEdits(before, edits))).toBe(before);
  });
});
