import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, type Document } from 'yaml';
import { findBinary, parseWorkloadText } from './parse';

const hello = `apiVersion: score.dev/v1b1
metadata:
  name: hello # the workload
containers:
  main:
    image: nginx:1.27
`;

describe('parseWorkloadText', () => {
  it('reads a workload into plain data and keeps its comments in the document', () => {
    const parsed = parseWorkloadText(hello);
    expect(parsed.blocked).toBe(false);
    expect(parsed.syntax).toEqual([]);
    expect(parsed.value).toEqual({
      apiVersion: 'score.dev/v1b1',
      metadata: { name: 'hello' },
      containers: { main: { image: 'nginx:1.27' } },
    });
    expect(parsed.doc?.toString()).toContain('# the workload');
  });

  it('reads JSON, including tab indentation', () => {
    const parsed = parseWorkloadText('{\n\t"apiVersion": "score.dev/v1b1",\n\t"metadata": {"name": "x1"}\n}\n');
    expect(parsed.syntax).toEqual([]);
    expect(parsed.value).toEqual({ apiVersion: 'score.dev/v1b1', metadata: { name: 'x1' } });
  });

  it('reports a syntax error at its line and column', () => {
    const parsed = parseWorkloadText('apiVersion: score.dev/v1b1\nmetadata:\n  name: [unclosed\n');
    expect(parsed.blocked).toBe(true);
    expect(parsed.syntax[0]).toMatchObject({ severity: 'error', code: 'SYNTAX_ERROR', source: 'syntax' });
    expect(parsed.syntax[0]!.range.line).toBeGreaterThanOrEqual(3);
  });

  it('reports a duplicate key on the second occurrence', () => {
    const parsed = parseWorkloadText('metadata:\n  name: a1\n  name: b2\n');
    expect(parsed.syntax).toHaveLength(1);
    expect(parsed.syntax[0]).toMatchObject({ code: 'DUPLICATE_KEY', range: { line: 3, column: 3 } });
    expect(parsed.syntax[0]!.message).toMatch(/appears twice/);
  });

  it('says an empty file is empty', () => {
    for (const text of ['', '   \n', '# only a comment\n']) {
      const parsed = parseWorkloadText(text);
      expect(parsed.syntax.map((d) => d.code)).toEqual(['EMPTY_DOCUMENT']);
    }
  });

  it('refuses a top level that is not a mapping, naming what it is', () => {
    expect(parseWorkloadText('blah\n').syntax[0]).toMatchObject({ code: 'NOT_A_MAPPING' });
    expect(parseWorkloadText('blah\n').syntax[0]!.message).toContain('"blah"');
    expect(parseWorkloadText('- a\n- b\n').syntax[0]!.message).toContain('a list');
  });

  it('warns that only the first of several documents is read', () => {
    const parsed = parseWorkloadText(hello + '---\napiVersion: score.dev/v1b1\n');
    expect(parsed.blocked).toBe(false);
    expect(parsed.syntax).toEqual([expect.objectContaining({ code: 'MULTIPLE_DOCUMENTS', severity: 'warning' })]);
    expect((parsed.value as { metadata: unknown }).metadata).toEqual({ name: 'hello' });
  });

  it('recognises binary data without parsing it', () => {
    const parsed = parseWorkloadText('PK\u0003\u0004\u0000\u0000binary');
    expect(parsed.syntax.map((d) => d.code)).toEqual(['BINARY_CONTENT']);
    expect(parsed.doc).toBeNull();
  });

  it('stops alias bombs instead of expanding them', () => {
    let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      text += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const parsed = parseWorkloadText(text);
    expect(parsed.syntax.map((d) => d.code)).toEqual(['TOO_MANY_ALIASES']);
    expect(parsed.blocked).toBe(true);
    // Placed at the first alias to a list that holds aliases itself (a2's *a1), not at line 1.
    expect(parsed.syntax[0]!.range).toEqual({ line: 3, column: 10, endLine: 3, endColumn: 13 });
  });

  it.each([
    ['in a flow mapping', 'resources: {db: {type: postgres, params: &p {self: *p}}}\n', 1, 52],
    ['deeper in a block mapping', 'params: &p\n  a:\n    b: [1, *p]\n', 3, 12],
    ['as a merge key', 'base: &b\n  x: 1\n  <<: *b\n', 3, 7],
  ])('refuses an alias inside its own anchor (%s), at the alias', (_, text, line, column) => {
    const parsed = parseWorkloadText(text);
    expect(parsed.syntax.map((d) => d.code)).toEqual(['ALIAS_CYCLE']);
    expect(parsed.blocked).toBe(true);
    expect(parsed.value).toBeUndefined();
    expect(parsed.syntax[0]!.range).toMatchObject({ line, column });
    expect(parsed.syntax[0]!.message).toMatch(/alias \*[pb] is inside the value of its own anchor &[pb]/);
  });

  it('follows an alias to an inner anchor of the same name, which is no cycle', () => {
    const parsed = parseWorkloadText('a: &p {x: &p 1, y: *p}\nb: *p\n');
    expect(parsed.syntax).toEqual([]);
    expect(parsed.value).toEqual({ a: { x: 1, y: 1 }, b: 1 });
  });

  it.each([
    ['a value', 'web: *nope\n', 1, 6],
    ['in a flow mapping', 'c: {image: *nope}\n', 1, 12],
    ['before its anchor', 'a: *nope\nb: &nope 1\n', 1, 4],
  ])('says an alias names an undefined anchor (%s), at the alias', (_, text, line, column) => {
    const parsed = parseWorkloadText(text);
    expect(parsed.syntax.map((d) => d.code)).toEqual(['UNKNOWN_ANCHOR']);
    expect(parsed.blocked).toBe(true);
    expect(parsed.syntax[0]!.range).toMatchObject({ line, column });
    expect(parsed.syntax[0]!.message).toMatch(/alias \*nope names an anchor that is not defined/);
  });

  it('keeps a few honest aliases working', () => {
    const parsed = parseWorkloadText('x: &img nginx\ncontainers:\n  a1: {image: *img}\n');
    expect(parsed.syntax).toEqual([]);
    expect(parsed.value).toMatchObject({ containers: { a1: { image: 'nginx' } } });
  });

  it.each([
    ['flow sequences', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['flow mappings', '{a: '.repeat(10_000) + '1' + '}'.repeat(10_000)],
    ['block sequences', Array.from({ length: 1500 }, (_, i) => ' '.repeat(i) + '- ').join('\n')],
  ])('reports 10,000-deep %s as too deep, without overflowing', (_, text) => {
    const parsed = parseWorkloadText(text);
    expect(parsed.syntax.map((d) => d.code)).toEqual(['NESTING_TOO_DEEP']);
  });

  it('keeps __proto__ and constructor as plain keys, polluting nothing', () => {
    const parsed = parseWorkloadText('__proto__: {polluted: yes}\nconstructor: {prototype: {polluted: yes}}\n');
    expect(Object.keys(parsed.value as object)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
  });

  it('reads a 5 MB workload', () => {
    let text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: big\ncontainers:\n';
    for (let i = 0; text.length < 5 * 1024 * 1024; i++) {
      text += `  c${i}:\n    image: busybox:${i}\n    variables:\n      VALUE: "${'x'.repeat(200)}"\n`;
    }
    const parsed = parseWorkloadText(text);
    expect(parsed.blocked).toBe(false);
    expect(Object.keys((parsed.value as { containers: object }).containers).length).toBeGreaterThan(10_000);
  });

  it('refuses text over the size limit with a message, without parsing', () => {
    const parsed = parseWorkloadText('a'.repeat(17 * 1024 * 1024));
    expect(parsed.syntax[0]!.message).toMatch(/MB/);
    expect(parsed.doc).toBeNull();
  });
});

describe('findBinary', () => {
  /** The rule spelled out one character at a time, to hold the fast version to. */
  function firstBinary(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const control = c < 32 && c !== 9 && c !== 10 && c !== 13;
      if (i < 65536 ? control : c === 0) return i;
    }
    return -1;
  }

  it('finds NUL and the other C0 controls, and lets tabs, line breaks and U+FFFD be', () => {
    expect(findBinary('key:\tvalue\r\nnext: 1\n')).toBe(-1);
    expect(findBinary('a\u0000b')).toBe(1);
    expect(findBinary('ab\u001bc')).toBe(2);
    expect(findBinary('abc\u000b')).toBe(3);
    // U+FFFD is a character like any other (YAML and yaml.v3 accept it); issue 39, item 2b.
    expect(findBinary('caf\ufffd')).toBe(-1);
    expect(findBinary('caf\u00e9 \u{1f600}')).toBe(-1);
  });

  it('looks past the first 64 KiB for a NUL only', () => {
    const long = 'a'.repeat(70000);
    expect(findBinary(`${long}\u001b`)).toBe(-1);
    expect(findBinary(`${long}\u0000`)).toBe(70000);
    expect(findBinary(`${'a'.repeat(65535)}\u001b`)).toBe(65535);
  });

  it('agrees with the rule on any text', () => {
    const character = fc.oneof(
      fc.constantFrom('\u0000', '\t', '\n', '\r', '\u001f', '\u007f', '\ufffd', 'a', ' ', ':'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    const far = 'x'.repeat(65530); // put before the characters now and then, so some land past 64 KiB
    fc.assert(
      fc.property(fc.array(character, { maxLength: 200 }), fc.nat(3), (parts, pad) => {
        const text = (pad === 0 ? far : '') + parts.join('');
        return findBinary(text) === firstBinary(text);
      }),
    );
  });
});

describe('duplicate keys', () => {
  // Found in one pass over each mapping, where the yaml library compares every key with all before it.
  const cases = [
    'a: 1\nb: 2\na: 3\n',
    'a:\n  x: 1\n  x: 2\nb: [ {k: 1, k: 2} ]\n',
    '- a: 1\n  a: 2\n- {b: 1, c: 2, b: 3}\n',
    '1: a\n"1": b\n1: c\n',
    'a: 1\n!!str a: 2\n',
    '{a: 1, b: {c: 1, c: 2}, a: 2}\n',
    'x: &m {a: 1}\ny: *m\nx: 2\n',
  ];
  it('are reported where, and as often as, the yaml library reports them', () => {
    for (const text of cases) {
      const theirs = (parseAllDocuments(text, { prettyErrors: false }) as Document.Parsed[])[0]!.errors
        .filter((e) => e.code === 'DUPLICATE_KEY')
        .map((e) => e.pos[0]);
      const parsed = parseWorkloadText(text);
      const ours = parsed.syntax
        .filter((d) => d.code === 'DUPLICATE_KEY')
        .map((d) => parsed.lines.offset(d.range.line, d.range.column));
      expect(theirs.length, text).toBeGreaterThan(0);
      expect(ours, text).toEqual(theirs);
      expect(parsed.blocked).toBe(true);
    }
  });

  it('in a mapping of 20,000 keys are found without comparing every pair', () => {
    const text = Array.from({ length: 20000 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk7: again\n';
    const parsed = parseWorkloadText(text);
    expect(parsed.syntax.filter((d) => d.code === 'DUPLICATE_KEY').map((d) => d.range.line)).toEqual([20001]);
  });
});
