import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal';

describe('text printed to a terminal', () => {
  it('shows control characters as escapes instead of letting them act', () => {
    expect(terminalText('web\u001b[2J\u001b]0;title\u0007')).toBe('web\\x1b[2J\\x1b]0;title\\x07');
    expect(terminalText('a\u0000b\u007fc\u009bd')).toBe('a\\x00b\\x7fc\\x9bd');
    expect(terminalText('evil\u202eexe.yaml\u2066')).toBe('evil\\u202eexe.yaml\\u2066');
    expect(terminalText('over\rwrite')).toBe('over\\x0dwrite');
  });

  it('keeps tabs, line ends (CRLF too) and every other character as they are', () => {
    const text = 'name:\tweb\r\nimage: "é ünï 日本 🚀"\n';
    expect(terminalText(text)).toBe(text);
  });
});
