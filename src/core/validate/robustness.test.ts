import { describe, expect, it } from 'vitest';
import { validateText } from './index';

/**
 * Whatever the input, validation returns diagnostics: it never throws, never hangs, never pollutes
 * prototypes. Each case names what a user would see.
 */
const nested = (open: string, close: string, depth: number, inner = '') =>
  open.repeat(depth) + inner + close.repeat(depth);

let aliasBomb = 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
for (let i = 1; i < 10; i++)
  aliasBomb += `a${i}: &a${i} [${Array(10)
    .fill(`*a${i - 1}`)
    .join(', ')}]\n`;

const cases: Array<[string, string, string[]]> = [
  ['empty input', '', ['EMPTY_DOCUMENT']],
  ['binary garbage', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', ['BINARY_CONTENT']],
  ['10,000-deep flow nesting', nested('[', ']', 10_000), ['NESTING_TOO_DEEP']],
  ['10,000-deep mapping nesting', nested('{k: ', '}', 10_000, '1'), ['NESTING_TOO_DEEP']],
  ['an alias bomb', aliasBomb, ['TOO_MANY_ALIASES']],
  ['duplicate keys', 'apiVersion: score.dev/v1b1\napiVersion: score.dev/v1b1\n', ['DUPLICATE_KEY']],
  ['a scalar document', 'just text', ['NOT_A_MAPPING']],
];

describe('validation never throws', () => {
  it.each(cases)('%s gives a clear diagnostic', (_, text, codes) => {
    const report = validateText(text);
    expect(report.valid).toBe(false);
    expect(report.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(codes));
    for (const d of report.diagnostics) {
      expect(d.message.length).toBeGreaterThan(10);
      expect(d.range.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('says what the file holds for .nan, .inf and numbers too large to hold, never NaN or Infinity', () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: numbers
containers:
  web:
    image: nginx
service:
  ports:
    a: {port: .nan, targetPort: -.inf}
    b: {port: .inf}
    c: {port: 123456789012345678901234567890}
`;
    const messages = validateText(text).diagnostics.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('not the number .nan (not a number)'),
        expect.stringContaining('not the number -.inf (minus infinity)'),
        expect.stringContaining('not the number .inf (infinity)'),
        expect.stringContaining('Port about 1.23 × 10^29 (too large to be held exactly) of service port "c"'),
      ]),
    );
    for (const message of messages) expect(message).not.toMatch(/NaN|Infinity|undefined|e\+\d/);
  });

  it('validates a workload with __proto__ and constructor keys everywhere without polluting anything', () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: proto
  __proto__: {polluted: true}
containers:
  __proto__:
    image: nginx
  constructor:
    image: nginx
    variables:
      __proto__: "\${resources.__proto__.x}"
resources:
  constructor:
    type: postgres
    params: {__proto__: {polluted: true}}
`;
    const report = validateText(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'image')).toBe(false);
    // The names break the RFC 1123 pattern, and the placeholder names no declared resource.
    expect(report.diagnostics.some((d) => d.path === '/containers/__proto__')).toBe(true);
    expect(report.diagnostics.some((d) => d.code === 'UNKNOWN_RESOURCE')).toBe(true);
  });

  it('validates several documents in one file by the first, with a warning', () => {
    const text =
      'apiVersion: score.dev/v1b1\nmetadata: {name: one}\ncontainers: {main: {image: nginx}}\n---\nfoo: bar\n';
    const report = validateText(text);
    expect(report.valid).toBe(true);
    expect(report.diagnostics.map((d) => d.code)).toEqual(['MULTIPLE_DOCUMENTS']);
  });

  it('validates JSON input', () => {
    const report = validateText(
      '{"apiVersion": "score.dev/v1b1", "metadata": {"name": "j1"}, "containers": {"main": {"image": 42}}}',
    );
    expect(report.diagnostics).toEqual([
      expect.objectContaining({
        code: 'TYPE_MISMATCH',
        path: '/containers/main/image',
        range: expect.objectContaining({ line: 1 }),
      }),
    ]);
  });

  it('survives every shape a field can wrongly take', () => {
    const shapes = ['null', '42', '"text"', '[]', '[1, [2]]', '{}', '{a: {b: null}}', 'true'];
    const fields = [
      'metadata',
      'containers',
      'containers.main',
      'containers.main.before',
      'containers.main.files',
      'containers.main.volumes',
      'containers.main.variables',
      'containers.main.resources',
      'containers.main.livenessProbe',
      'resources',
      'resources.db',
      'resources.db.params',
      'service',
      'service.ports',
    ];
    for (const field of fields) {
      for (const shape of shapes) {
        const value: Record<string, unknown> = {
          apiVersion: 'score.dev/v1b1',
          metadata: { name: 'shapes' },
          containers: { main: { image: 'nginx', before: { other: { ready: 'healthy' } } }, other: { image: 'x' } },
          resources: { db: { type: 'postgres' } },
        };
        const path = field.split('.');
        let at = value;
        for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
        at[path[path.length - 1]!] = JSON.parse(shape.replace(/(\w+):/g, '"$1":').replace(/'/g, '"'));
        expect(() => validateText(JSON.stringify(value))).not.toThrow();
      }
    }
  });
});
