import { describe, expect, it } from 'vitest';
import { validateText } from './index';

describe('repeated problems', () => {
  it('lists the first hundred of a kind and one line for the rest, counting them all', () => {
    let text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: keys\ncontainers:\n  web:\n    image: nginx\n';
    for (let k = 0; k < 5000; k++) text += `k${k}: ${k}\n`;
    const report = validateText(text);
    expect(report.errors).toBe(5000);
    const unknown = report.diagnostics.filter((d) => d.code === 'UNKNOWN_FIELD');
    expect(unknown).toHaveLength(101);
    expect(unknown[99]!.message).toContain('"k99"');
    expect(unknown[100]!.message).toBe(
      '…and 4,900 more problems of this kind (UNKNOWN_FIELD) from here on, not listed one by one. Fix the first ones: the rest are likely the same mistake.',
    );
    expect(unknown[100]!.range.line).toBe(107); // where k100 is
  });

  it('lists every problem when no kind repeats a hundred times', () => {
    let text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: keys\ncontainers:\n  web:\n    image: nginx\n';
    for (let k = 0; k < 100; k++) text += `k${k}: ${k}\n`;
    expect(validateText(text).diagnostics.filter((d) => d.code === 'UNKNOWN_FIELD')).toHaveLength(100);
  });
});

describe('aliases, as yaml.v3 counts them', () => {
  const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: al\n';

  it('reads thousands of plain aliases (yaml.v3 takes them), each to its anchor', () => {
    let text = `${head}  x: &limits {memory: 128Mi, cpu: 250m}\ncontainers:\n`;
    for (let i = 0; i < 3000; i++) text += `  c${i}:\n    image: nginx\n    resources:\n      limits: *limits\n`;
    const report = validateText(text);
    expect(report.diagnostics.filter((d) => d.code === 'TOO_MANY_ALIASES')).toEqual([]);
    const value = report.parsed.value as { containers: Record<string, { resources: { limits: unknown } }> };
    expect(value.containers['c2999']!.resources.limits).toEqual({ memory: '128Mi', cpu: '250m' });
  });

  it('reads 1,500 aliases to one scalar (yaml.v3 takes them; the yaml library alone stopped at 1,000)', () => {
    let text = `${head}  x: &img nginx\ncontainers:\n`;
    for (let i = 0; i < 1500; i++) text += `  c${i}:\n    image: *img\n`;
    const report = validateText(text);
    expect(report.valid).toBe(true);
  });

  it('refuses expansion past 99 % aliases, as yaml.v3 does ("excessive aliasing")', () => {
    // Each level doubles: 2^12 copies of a list of ten, nearly all of the decoded nodes from aliases.
    let text = `${head}a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n`;
    for (let i = 1; i <= 12; i++) text += `a${i}: &a${i} [*a${i - 1}, *a${i - 1}]\n`;
    const report = validateText(text);
    expect(report.parsed.syntax.map((d) => d.code)).toEqual(['TOO_MANY_ALIASES']);
  });
});
