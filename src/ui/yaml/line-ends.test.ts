import { describe, expect, it } from 'vitest';
import { lengthInEditor, normalisedInEditor, offsetIn, positionIn } from './line-ends';

describe('line ends the editor normalises', () => {
  it('are a mix, or a lone \\r; one kind throughout is kept', () => {
    expect(normalisedInEditor('a\nb\n')).toBe(false);
    expect(normalisedInEditor('a\r\nb\r\n')).toBe(false);
    expect(normalisedInEditor('a\r\nb\n')).toBe(true);
    expect(normalisedInEditor('a\nb\r\n')).toBe(true);
    expect(normalisedInEditor('a\rb')).toBe(true);
  });

  it('leave lines and columns alike: offsets map both ways through them', () => {
    const text = 'ab\r\ncd\nef\rgh';
    const lines = ['ab', 'cd', 'ef', 'gh'];
    for (let offset = 0; offset <= text.length; offset++) {
      if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // inside a \r\n
      const at = positionIn(text, offset);
      expect(at.column).toBeLessThanOrEqual(lines[at.lineNumber - 1]!.length + 1);
      expect(offsetIn(text, at)).toBe(offset);
    }
    expect(positionIn(text, text.indexOf('cd'))).toEqual({ lineNumber: 2, column: 1 });
    expect(positionIn(text, text.indexOf('gh') + 1)).toEqual({ lineNumber: 4, column: 2 });
    expect(offsetIn(text, { lineNumber: 1, column: 99 })).toBe(2);
    expect(offsetIn(text, { lineNumber: 9, column: 1 })).toBe(text.length);
  });

  it('are counted as the editor holds them', () => {
    expect(lengthInEditor('a\r\nb\nc\rd', '\n')).toBe('a\nb\nc\nd'.length);
    expect(lengthInEditor('a\r\nb\nc\rd', '\r\n')).toBe('a\r\nb\r\nc\r\nd'.length);
  });
});
