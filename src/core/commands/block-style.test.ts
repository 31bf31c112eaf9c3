import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { applyEdits } from '../document/edits';
import { parseWorkloadText } from '../document/parse';
import { isRefusal, runCommand } from './index';

/**
 * Issue 39, item 7: the YAML new values are written as. Text with line breaks (a file's content) is
 * written as a literal block (`|`, with the chomping and indentation indicators it needs) in block
 * style, whatever the quoting of its neighbours; a new mapping beside a flow list (`command: [sh]`)
 * follows the block style of the container it goes into.
 */

const twoSpaces = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: "nginx:1.27"
    command: ["sh", "-c"]
    files:
      /etc/app.conf:
        content: "old"
`;
const fourSpaces = `apiVersion: "score.dev/v1b1"
metadata:
    name: "shop"
containers:
    web:
        image: "nginx:1.27"
        command: ["sh", "-c"]
        files:
        -   target: /etc/app.conf
            content: "old"
`;

function run(name: Parameters<typeof runCommand>[0], text: string, args: unknown) {
  const result = runCommand(name, text, args);
  if (isRefusal(result)) throw new Error(result.error);
  expect(applyEdits(text, result.edits)).toBe(result.text);
  return result.text;
}

/** The style of the scalar at a path of the new text. */
function scalarType(text: string, path: Array<string | number>): string | undefined {
  const node = parseDocument(text).getIn(path, true) as { type?: string } | undefined;
  return node?.type;
}

/**
 * Text a block scalar can hold: no carriage return, no control character but tab, no Unicode line
 * breaks. Not a line of spaces alone either: the library does not write one as a block's content
 * line, so such a text stays double-quoted (it reads back right either way).
 */
const blockable = fc
  .array(
    fc.oneof(
      fc.constantFrom('\n', '\n\n', '  ', ' ', '\t', '#', ': ', '- ', '|', '>', '"', "'", '${x}', 'é', '😀'),
      fc.stringMatching(/^[a-z0-9 ]{1,8}$/),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => s.includes('\n') && s.trim() !== '' && !s.split('\n').some((line) => /^[ \t]+$/.test(line)));

describe('multi-line text is written as a literal block', () => {
  it('for a new file, beside double-quoted neighbours, with the chomping the text needs', () => {
    const cases: Array<[string, RegExp]> = [
      ['server {\n  listen 80;\n}\n', /content: \|\n {10}server \{\n {12}listen 80;\n {10}\}\n/],
      ['no final break\nhere', /content: \|-\n {10}no final break\n {10}here\n/],
      ['two breaks\n\n', /content: \|\+\n {10}two breaks\n\n/],
      ['  indented first line\nnext\n', /content: \|2\n {12}indented first line\n {10}next\n/],
    ];
    for (const [content, written] of cases) {
      const text = run('addFile', twoSpaces, { container: 'web', target: '/etc/new.conf', content });
      expect(text).toMatch(written);
      expect(scalarType(text, ['containers', 'web', 'files', '/etc/new.conf', 'content'])).toBe('BLOCK_LITERAL');
      expect(parseWorkloadText(text).value).toMatchObject({
        containers: { web: { files: { '/etc/new.conf': { content } } } },
      });
    }
  });

  it('when a double-quoted value is replaced by text with line breaks', () => {
    const text = run('setField', twoSpaces, {
      pointer: '/containers/web/files/~1etc~1app.conf/content',
      value: 'a = 1\nb = 2\n',
    });
    expect(text).toContain('        content: |\n          a = 1\n          b = 2\n');
  });

  it('with the right indentation indicator under a four-space indentation', () => {
    const content = '  lead\nnext';
    const text = run('setField', fourSpaces, { pointer: '/containers/web/files/0/content', value: content });
    expect(text).toContain('            content: |4-\n                  lead\n                next\n');
    expect(parseWorkloadText(text).value).toMatchObject({ containers: { web: { files: [{ content }] } } });
  });

  it('for any text a block can hold, in two- and four-space documents (property)', () => {
    fc.assert(
      fc.property(blockable, fc.boolean(), (content, four) => {
        const text = four
          ? run('setField', fourSpaces, { pointer: '/containers/web/files/0/content', value: content })
          : run('addFile', twoSpaces, { container: 'web', target: '/etc/new.conf', content });
        const path = four
          ? ['containers', 'web', 'files', 0, 'content']
          : ['containers', 'web', 'files', '/etc/new.conf', 'content'];
        const read = parseWorkloadText(text);
        expect(read.syntax.filter((d) => d.severity === 'error')).toEqual([]);
        expect(parseDocument(text).getIn(path)).toBe(content);
        expect(scalarType(text, path)).toBe('BLOCK_LITERAL');
      }),
      { numRuns: 300 },
    );
  });

  it('stays double-quoted where a block cannot hold the text, or in flow style', () => {
    const cr = run('addFile', twoSpaces, { container: 'web', target: '/etc/x', content: 'a\r\nb\n' });
    expect(cr).toContain('content: "a\\r\\nb\\n"');
    const flow = run('setField', twoSpaces, { pointer: '/containers/web/command/1', value: 'echo 1\necho 2\n' });
    expect(flow).toContain('command: ["sh", "echo 1\\necho 2\\n"]');
  });
});

describe('new mappings follow the block style of the mapping they go into', () => {
  it('a container whose command is a flow list gets its variables as a block mapping', () => {
    const onlyFlowLists = twoSpaces.replace(/ {4}files:[^]*/, '');
    const text = run('setVariable', onlyFlowLists, { container: 'web', name: 'GREETING', value: 'hello' });
    expect(text).toContain('    variables:\n      GREETING: "hello"\n');
    expect(text).not.toMatch(/variables: \{/);
  });

  it('among flow mappings, a new mapping is a flow mapping; in a flow mapping, it is one too', () => {
    const flowNeighbours = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web: {image: nginx}
`;
    const added = run('addContainer', flowNeighbours, { name: 'api', image: 'api:1' });
    expect(added).toContain('  api: {image: api:1}\n');
    const inFlow = run('setVariable', flowNeighbours, { container: 'web', name: 'A', value: 'b' });
    expect(inFlow).toContain('web: {image: nginx, variables: {A: b}}');
  });

  it('for any container with flow lists and a new variable or file (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray(['command: [sh, -c]', 'args: ["--port", "80"]', 'image: nginx'], { minLength: 1 }),
        fc.constantFrom('setVariable', 'addFile', 'setProbe'),
        (fields, command) => {
          const text = `apiVersion: score.dev/v1b1\nmetadata:\n  name: a\ncontainers:\n  web:\n${fields.map((f) => `    ${f}\n`).join('')}`;
          const args =
            command === 'setVariable'
              ? { container: 'web', name: 'A', value: 'b' }
              : command === 'addFile'
                ? { container: 'web', target: '/etc/x', content: 'x' }
                : { container: 'web', kind: 'liveness', probe: { httpGet: { port: 80, path: '/' } } };
          const out = run(command, text, args);
          // Every line added is in block style: no `{` opens a new mapping.
          const before = text.split('\n');
          const added = out.split('\n').filter((line) => !before.includes(line));
          expect(added.length).toBeGreaterThan(1);
          for (const line of added) expect(line).not.toContain('{');
        },
      ),
    );
  });
});
