import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, readWorkloadBody } from './workload-body';

const yaml = 'application/x-yaml';
const json = 'application/json';

describe('reading a workload sent to the server', () => {
  it('keeps the text exactly and reads its data, from YAML and from JSON', () => {
    const text = '# c\napiVersion: score.dev/v1b1   # v\r\nmetadata: {name: "w"}\n';
    expect(readWorkloadBody(text, yaml)).toEqual({
      ok: true,
      text,
      value: { apiVersion: 'score.dev/v1b1', metadata: { name: 'w' } },
    });
    expect(readWorkloadBody('{"a": [1, {"b": null}]}', json)).toMatchObject({
      ok: true,
      value: { a: [1, { b: null }] },
    });
  });

  it.each([
    ['JSON that is not JSON', '{"a": ', json, 'SYNTAX_ERROR', /not JSON/],
    ['YAML that is not YAML', 'a: [1,\n', yaml, 'SYNTAX_ERROR', /not readable YAML/],
    ['a NUL in JSON', '{"a": "\u0000"}', json, 'BINARY_CONTENT', /binary/],
    ['a NUL in YAML', 'a: b\u0000\n', yaml, 'BINARY_CONTENT', /binary/],
    [
      '__proto__ in JSON',
      '{"metadata": {"__proto__": {"x": 1}}}',
      json,
      'FORBIDDEN_KEY',
      /"__proto__" at \/metadata\/__proto__/,
    ],
    [
      '__proto__ in YAML',
      'containers:\n  web:\n    __proto__: 1\n',
      yaml,
      'FORBIDDEN_KEY',
      /\/containers\/web\/__proto__/,
    ],
    ['constructor.prototype', '{"constructor": {"prototype": {}}}', json, 'FORBIDDEN_KEY', /"constructor"/],
    [
      'deep nesting',
      '['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1),
      json,
      'TOO_DEEP',
      /more than 64 levels/,
    ],
    [
      'an alias bomb',
      'a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n',
      yaml,
      undefined,
      /alias bomb/,
    ],
    [
      'an alias inside its own anchor',
      'resources: {db: {type: postgres, params: &p {self: *p}}}\n',
      yaml,
      'ALIAS_CYCLE',
      /alias \*p is inside the value of its own anchor &p/,
    ],
  ])('refuses %s with the reason', (_what, text, type, code, reason) => {
    const body = readWorkloadBody(text, type);
    expect(body.ok).toBe(false);
    if (body.ok) return;
    expect(body.message).toMatch(reason);
    expect(body.problems.length).toBeGreaterThan(0);
    if (code) expect(body.problems[0]?.code).toBe(code);
  });

  it('lets a key named constructor without a prototype through, and nesting up to the limit', () => {
    expect(readWorkloadBody('{"variables": {"constructor": "x"}}', json).ok).toBe(true);
    expect(readWorkloadBody('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH), json).ok).toBe(true);
  });
});
