import { describe, expect, it } from 'vitest';
import { validateText } from '../../core/validate';
import { toMarkers } from './markers';

const severities = { error: 8, warning: 4, info: 2 };

describe('diagnostics as editor markers', () => {
  it('keep the exact range, severity and message of each diagnostic', () => {
    const text =
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    variables:\n      A: ${resources.db.host}\n';
    const { diagnostics, parsed } = validateText(text);
    expect(diagnostics.length).toBeGreaterThan(0);
    const lines = text.split('\n');
    const markers = toMarkers(diagnostics, severities, (n) => lines[n - 1]!.length);
    diagnostics.forEach((d, i) => {
      const m = markers[i]!;
      expect(m.severity).toBe(severities[d.severity]);
      expect(m.message).toBe(d.message);
      expect(m.code).toBe(d.code);
      expect([m.startLineNumber, m.startColumn, m.endLineNumber]).toEqual([
        d.range.line,
        d.range.column,
        d.range.endLine,
      ]);
    });
    const unknown = diagnostics.findIndex((d) => d.code === 'UNKNOWN_RESOURCE');
    expect(unknown).toBeGreaterThanOrEqual(0);
    const m = markers[unknown]!;
    const marked = parsed.text.split('\n')[m.startLineNumber - 1]!.slice(m.startColumn - 1, m.endColumn - 1);
    expect(marked).toContain('db');
  });

  it('widens an empty range to one character, within the line', () => {
    const d = {
      severity: 'warning' as const,
      code: 'YAML_WARNING' as const,
      message: 'x',
      path: '',
      source: 'syntax' as const,
      range: { line: 2, column: 3, endLine: 2, endColumn: 3 },
    };
    expect(toMarkers([d], severities, () => 10)[0]).toMatchObject({ startColumn: 3, endColumn: 4 });
    expect(toMarkers([d], severities, () => 2)[0]).toMatchObject({ startColumn: 3, endColumn: 3 });
  });
});
