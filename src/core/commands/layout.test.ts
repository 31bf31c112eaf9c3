import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyEdits, checkEdits } from '../document/edits';
import { isRefusal, type CommandResult } from './command';
import { commands } from './registry';
import { detectStyle } from './style';

/** How new text follows the document's layout, and how edits stay inside their node. */

function text(result: CommandResult): string {
  if (isRefusal(result)) throw new Error(`refused: ${result.error}`);
  return result.text;
}

describe('style detection', () => {
  it('reads indentation width, list indentation, flow lists, quoting and line breaks', () => {
    const four = 'a:\n    b:\n        - x\n    c: "q"\n    d: "r"\n';
    expect(detectStyle(four, parseDocument(four).contents)).toMatchObject({
      indent: 4,
      indentSeq: true,
      strings: 'QUOTE_DOUBLE',
      eol: '\n',
      json: false,
    });
    const indentless = 'a:\r\n  b:\r\n  - x\r\n  c: [y, z]\r\n  d: [w]\r\n';
    expect(detectStyle(indentless, parseDocument(indentless).contents)).toMatchObject({
      indent: 2,
      indentSeq: false,
      flowSeqs: true,
      eol: '\r\n',
    });
    const json = '{\n    "a": {"b": 1}\n}';
    expect(detectStyle(json, parseDocument(json).contents)).toMatchObject({
      json: true,
      jsonIndent: 4,
      jsonSpace: true,
    });
  });
});

describe('new nodes follow the document', () => {
  it('indents by four in a four-space document', () => {
    const doc = 'containers:\n    web:\n        image: x\n';
    expect(text(commands.setVariable(doc, { container: 'web', name: 'A', value: 'b' }))).toBe(
      doc + '        variables:\n            A: b\n',
    );
  });

  it('keeps indentless lists indentless', () => {
    const doc = 'containers:\n  web:\n    image: x\n    args:\n    - a\n';
    expect(text(commands.setField(doc, { pointer: '/containers/web/command', value: ['run'] }))).toBe(
      'containers:\n  web:\n    image: x\n    command:\n    - run\n    args:\n    - a\n',
    );
  });

  it('writes lists of scalars in flow style when the document does', () => {
    const doc = 'containers:\n  web:\n    image: x\n    command: ["/bin/sh", "-c"]\n';
    expect(text(commands.setField(doc, { pointer: '/containers/web/args', value: ['hello'] }))).toBe(
      doc + '    args: ["hello"]\n',
    );
  });

  it('keeps flow mappings flow, in their own padding', () => {
    const doc = 'containers:\n  web: { image: x, variables: { A: b } }\n';
    expect(text(commands.setVariable(doc, { container: 'web', name: 'C', value: 'd, e' }))).toBe(
      'containers:\n  web: { image: x, variables: { A: b, C: "d, e" } }\n',
    );
    expect(text(commands.addContainer(doc, { name: 'api', image: 'y' }))).toBe(doc + '  api: { image: y }\n');
  });

  it('keeps JSON valid JSON, pretty-printed like the document', () => {
    const doc = '{\n    "containers": {\n        "web": {\n            "image": "x"\n        }\n    }\n}\n';
    const out = text(commands.setVariable(doc, { container: 'web', name: 'A', value: 'b' }));
    expect(out).toBe(
      '{\n    "containers": {\n        "web": {\n            "image": "x",\n            "variables": {\n                "A": "b"\n            }\n        }\n    }\n}\n',
    );
    expect(JSON.parse(out)).toEqual({ containers: { web: { image: 'x', variables: { A: 'b' } } } });
    const removed = text(commands.unsetField(out, { pointer: '/containers/web/image' }));
    expect(JSON.parse(removed)).toEqual({ containers: { web: { variables: { A: 'b' } } } });
    expect(removed).toBe(
      '{\n    "containers": {\n        "web": {\n            "variables": {\n                "A": "b"\n            }\n        }\n    }\n}\n',
    );
  });

  it('keeps one-line JSON on one line', () => {
    const doc = '{"containers":{"web":{"image":"x"}}}';
    expect(text(commands.setVariable(doc, { container: 'web', name: 'A', value: 'b' }))).toBe(
      '{"containers":{"web":{"image":"x","variables":{"A":"b"}}}}',
    );
  });

  it('uses CRLF in a CRLF document', () => {
    const doc = 'containers:\r\n  web:\r\n    image: x\r\n';
    const out = text(commands.setField(doc, { pointer: '/containers/web/files/~1a/content', value: 'one\ntwo' }));
    expect(out).toBe(doc + '    files:\r\n      /a:\r\n        content: |-\r\n          one\r\n          two\r\n');
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('adds a line break before new lines at the end of a text without a final one', () => {
    const doc = 'containers:\n  web:\n    image: x';
    expect(text(commands.setVariable(doc, { container: 'web', name: 'A', value: 'b' }))).toBe(
      doc + '\n    variables:\n      A: b',
    );
  });
});

describe('edits stay inside their node', () => {
  it('adds before the comment lines that close a mapping, so that removing the entry again keeps them', () => {
    const doc = 'containers:\n  web:\n    image: x\n    # command: [a]\n\n  # api:\n  #   image: y\nresources: {}\n';
    const added = text(commands.setVariable(doc, { container: 'web', name: 'A', value: 'b' }));
    expect(added).toBe(
      'containers:\n  web:\n    image: x\n    variables:\n      A: b\n    # command: [a]\n\n  # api:\n  #   image: y\nresources: {}\n',
    );
    // The comment closing web stayed its own: it was a start order's, and went with it (a data loss).
    const note = 'containers:\n  web:\n    image: nginx\n    # note about web\n  worker:\n    image: worker\n';
    const ordered = text(commands.setBefore(note, { container: 'web', target: 'worker', ready: 'started' }));
    expect(text(commands.removeBefore(ordered, { container: 'web', target: 'worker' }))).toBe(note);
    expect(text(commands.removeVariable(added, { container: 'web', name: 'A' }))).toBe(doc);
  });

  it('keeps a comment on the key line when a value changes shape', () => {
    const doc = 'containers:\n  web:\n    image: x # was a string\n';
    expect(text(commands.setField(doc, { pointer: '/containers/web/image', value: { name: 'x' } }))).toBe(
      'containers:\n  web:\n    image: # was a string\n      name: x\n',
    );
  });

  it('removes the first key of a list item by moving the next key onto the dash line', () => {
    const doc = 'containers:\n  web:\n    image: x\n    files:\n      - target: /a\n        content: one\n';
    expect(text(commands.unsetField(doc, { pointer: '/containers/web/files/0/target' }))).toBe(
      'containers:\n  web:\n    image: x\n    files:\n      - content: one\n',
    );
  });

  it('removes an entry with its own comment lines, and leaves the header of the file alone', () => {
    const doc =
      '# header\napiVersion: score.dev/v1b1\n# about metadata\nmetadata:\n  name: x\ncontainers:\n  a:\n    image: i\n';
    expect(text(commands.unsetField(doc, { pointer: '/apiVersion' }))).toBe(
      '# header\n# about metadata\nmetadata:\n  name: x\ncontainers:\n  a:\n    image: i\n',
    );
    expect(text(commands.unsetField(doc, { pointer: '/metadata' }))).toBe(
      '# header\napiVersion: score.dev/v1b1\ncontainers:\n  a:\n    image: i\n',
    );
  });

  it('refuses to edit through an alias, and renames a placeholder in an anchored string once', () => {
    const doc =
      'x-env: &env\n  A: ${resources.db.host}\ncontainers:\n  web:\n    image: i\n    variables: *env\n  api:\n    image: j\n    variables: *env\nresources:\n  db:\n    type: postgres\n';
    const result = commands.setVariable(doc, { container: 'web', name: 'B', value: 'c' });
    expect(isRefusal(result) && result.error).toMatch(/alias/);
    const renamed = commands.renameResource(doc, { from: 'db', to: 'store' });
    expect(text(renamed)).toBe(
      doc.replace('${resources.db.host}', '${resources.store.host}').replace('  db:\n', '  store:\n'),
    );
  });
});

describe('edits', () => {
  it('applies edits given in any order, inserts at one offset in their given order', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 5, insert: 'E' },
        { start: 0, end: 1, insert: 'A' },
        { start: 2, end: 2, insert: '1' },
        { start: 2, end: 2, insert: '2' },
      ]),
    ).toBe('Ab12cdEf');
  });

  it('reports overlapping or out-of-range edits, and skips them when applied anyway', () => {
    expect(
      checkEdits('abc', [
        { start: 0, end: 2, insert: '' },
        { start: 1, end: 3, insert: '' },
      ]),
    ).toMatch(/overlap/);
    expect(checkEdits('abc', [{ start: 2, end: 9, insert: '' }])).toMatch(/outside/);
    expect(
      checkEdits('abc', [
        { start: 0, end: 1, insert: 'x' },
        { start: 1, end: 3, insert: 'y' },
      ]),
    ).toBeUndefined();
    expect(
      applyEdits('abc', [
        { start: 0, end: 2, insert: 'X' },
        { start: 1, end: 3, insert: 'Y' },
      ]),
    ).toBe('Xc');
  });
});

describe('a new key goes where the schema puts it', () => {
  const doc = [
    'resources:',
    '  db:',
    '    type: postgres # the engine',
    '',
    '    # sized for production',
    '    params:',
    '      size: 1',
    '',
  ].join('\n');

  it("puts a resource's class after its type, ahead of the comment about params", () => {
    expect(text(commands.setField(doc, { pointer: '/resources/db/class', value: 'large' }))).toBe(
      doc.replace('# the engine\n', '# the engine\n    class: large\n'),
    );
  });

  it('puts id after class when both are there', () => {
    const withClass = doc.replace('# the engine\n', '# the engine\n    class: large\n');
    expect(text(commands.setField(withClass, { pointer: '/resources/db/id', value: 'main' }))).toBe(
      withClass.replace('class: large\n', 'class: large\n    id: main\n'),
    );
  });

  it('puts a key after a whole nested value (a list, a map)', () => {
    const container =
      'containers:\n  web:\n    image: x\n    variables:\n      A: b\n    resources:\n      limits: {}\n';
    expect(
      text(commands.setField(container, { pointer: '/containers/web/files/~1etc~1a', value: { content: 'x' } })),
    ).toBe(container.replace('      A: b\n', '      A: b\n    files:\n      /etc/a:\n        content: x\n'));
  });

  it('puts the service after the metadata at the top level', () => {
    const workload = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: a\ncontainers:\n  web:\n    image: x\n';
    expect(text(commands.setField(workload, { pointer: '/service/ports/web/port', value: 80 }))).toBe(
      workload.replace('containers:', 'service:\n  ports:\n    web:\n      port: 80\ncontainers:'),
    );
  });

  it('inserts into a flow mapping and into pretty JSON at the same place', () => {
    expect(
      text(
        commands.setField('resources:\n  db: {type: postgres, params: {a: 1}}\n', {
          pointer: '/resources/db/class',
          value: 'c',
        }),
      ),
    ).toBe('resources:\n  db: {type: postgres, class: c, params: {a: 1}}\n');
    const json = '{\n  "resources": {\n    "db": {\n      "type": "postgres",\n      "params": {}\n    }\n  }\n}\n';
    expect(text(commands.setField(json, { pointer: '/resources/db/class', value: 'c' }))).toBe(
      json.replace('"postgres",\n', '"postgres",\n      "class": "c",\n'),
    );
  });

  it('appends a key the schema has no place for, and any key when nothing present comes before it', () => {
    expect(text(commands.setField(doc, { pointer: '/resources/db/extra', value: 1 }))).toBe(doc + '    extra: 1\n');
    const onlyParams = 'resources:\n  db:\n    params: {}\n';
    expect(text(commands.setField(onlyParams, { pointer: '/resources/db/type', value: 'x' }))).toBe(
      onlyParams + '    type: x\n',
    );
    const vars = 'containers:\n  web:\n    variables:\n      B: 1\n';
    expect(text(commands.setVariable(vars, { container: 'web', name: 'A', value: 'x' }))).toBe(vars + '      A: x\n');
  });
});

describe('the lines an entry owns', () => {
  it('removing an entry that ends in a comment of its own keeps the comments about what follows', () => {
    const doc = [
      'containers:',
      '  web:',
      '    image: nginx',
      '    variables:',
      '      A: "1"',
      '      # end of vars',
      '  # the api container: keep it first in rollouts',
      '  api:',
      '    image: api',
      'resources:',
      '  db:',
      '    type: postgres',
      '    # end of db',
      '# Notes for the team',
      '',
    ].join('\n');
    expect(text(commands.removeContainer(doc, { name: 'web' }))).toBe(
      doc.replace('  web:\n    image: nginx\n    variables:\n      A: "1"\n      # end of vars\n', ''),
    );
    expect(text(commands.removeResource(doc, { name: 'db' }))).toBe(
      doc.replace('resources:\n  db:\n    type: postgres\n    # end of db\n', ''),
    );
  });

  it('the blank lines a |+ block keeps are its value: what is added goes after them', () => {
    const doc = 'containers:\n  web:\n    image: nginx\n    variables:\n      BANNER: |+\n        Welcome\n\n';
    const added = text(commands.setVariable(doc, { container: 'web', name: 'PORT', value: '8080' }));
    expect(added).toBe(`${doc}      PORT: "8080"\n`);
    expect(parse(added)).toEqual({
      containers: { web: { image: 'nginx', variables: { BANNER: 'Welcome\n\n', PORT: '8080' } } },
    });
  });

  it('a |+ block given new text holds exactly that text', () => {
    const doc =
      'containers:\n  web:\n    image: nginx\n    files:\n      /etc/motd:\n        content: |+\n          hello\n\n    variables:\n      A: a\n';
    const pointer = '/containers/web/files/~1etc~1motd/content';
    for (const value of ['bye\n\n', 'bye\n', 'bye', 'a\nb\n\n\n']) {
      const changed = text(commands.setField(doc, { pointer, value }));
      expect(parseDocument(changed).getIn(['containers', 'web', 'files', '/etc/motd', 'content']), value).toBe(value);
      expect(changed.endsWith('    variables:\n      A: a\n')).toBe(true);
    }
  });
});

describe('moving a list item', () => {
  const doc = [
    'containers:',
    '  web:',
    '    image: nginx',
    '    args:',
    '    - "--port"   # listen port',
    "    - '8080'",
    '    # verbose flag below',
    '    - -v',
    '',
  ].join('\n');
  const args = (t: string) => (parse(t) as { containers: { web: { args: string[] } } }).containers.web.args;

  it('moves the item with its own text and comments; the others keep their bytes', () => {
    const up = text(commands.moveItem(doc, { pointer: '/containers/web/args/2', to: 1 }));
    expect(up).toBe(
      doc.replace(
        "    - '8080'\n    # verbose flag below\n    - -v\n",
        "    # verbose flag below\n    - -v\n    - '8080'\n",
      ),
    );
    expect(args(up)).toEqual(['--port', '-v', '8080']);
    const down = text(commands.moveItem(doc, { pointer: '/containers/web/args/0', to: 2 }));
    expect(args(down)).toEqual(['8080', '-v', '--port']);
    expect(down).toContain('    - -v\n    - "--port"   # listen port\n');
  });

  it('keeps a file without a final line break without one', () => {
    const bare = 'containers:\n  web:\n    image: x\n    args:\n      - a\n      - b';
    expect(text(commands.moveItem(bare, { pointer: '/containers/web/args/1', to: 0 }))).toBe(
      'containers:\n  web:\n    image: x\n    args:\n      - b\n      - a',
    );
    expect(text(commands.moveItem(bare, { pointer: '/containers/web/args/0', to: 1 }))).toBe(
      'containers:\n  web:\n    image: x\n    args:\n      - b\n      - a',
    );
  });

  it('in a flow list or JSON, the items trade places and the commas stay', () => {
    const flow = 'containers:\n  web:\n    image: x\n    args: ["a",  b, \'c\']\n';
    expect(text(commands.moveItem(flow, { pointer: '/containers/web/args/2', to: 0 }))).toBe(
      'containers:\n  web:\n    image: x\n    args: [\'c\',  "a", b]\n',
    );
    const json = '{"containers": {"web": {"image": "x", "args": ["a", "b"]}}}';
    expect(text(commands.moveItem(json, { pointer: '/containers/web/args/1', to: 0 }))).toBe(
      '{"containers": {"web": {"image": "x", "args": ["b", "a"]}}}',
    );
  });

  it('refuses a place outside the list, and what is not a list item', () => {
    expect(commands.moveItem(doc, { pointer: '/containers/web/args/0', to: 3 })).toEqual({
      error: '/containers/web/args has 3 items; an item cannot move to place 3.',
    });
    expect(commands.moveItem(doc, { pointer: '/containers/web/image', to: 0 })).toHaveProperty('error');
    expect(commands.moveItem(doc, { pointer: '/containers/web/args/0', to: 0 })).toEqual({
      text: doc,
      edits: [],
      selection: '/containers/web/args/0',
    });
  });
});

describe('a flow mapping written one entry a line', () => {
  it("puts a new entry on a line of its own, after the last one's comment", () => {
    const doc = [
      'containers: {',
      '  web: {',
      '    image: nginx,',
      '    variables: {',
      '      A: "1",   # first',
      '      B: "2",   # second: used by the healthcheck',
      '    },',
      '  },',
      '}',
      '',
    ].join('\n');
    expect(text(commands.setVariable(doc, { container: 'web', name: 'C', value: '3' }))).toBe(
      doc.replace('healthcheck\n', 'healthcheck\n      C: "3",\n'),
    );
  });
});

describe('JSON written partly on one line', () => {
  it('writes a new value on one line among neighbours on one line, and pretty among pretty ones', () => {
    const json =
      '{\n  "containers": {\n    "web": {"image": "nginx"}\n  },\n  "resources": {\n    "db": {\n      "type": "postgres"\n    }\n  }\n}\n';
    expect(
      text(
        commands.bindOutputToVariable(json, { container: 'web', variable: 'DB_HOST', resource: 'db', output: 'host' }),
      ),
    ).toBe(json.replace('{"image": "nginx"}', '{"image": "nginx", "variables": {"DB_HOST": "${resources.db.host}"}}'));
    expect(text(commands.addResource(json, { name: 'cache', type: 'redis' }))).toBe(
      json.replace(
        '      "type": "postgres"\n    }\n',
        '      "type": "postgres"\n    },\n    "cache": {\n      "type": "redis"\n    }\n',
      ),
    );
  });
});

describe('values with Unicode line separators', () => {
  it('are written so that they read back the same (NEL, LS, PS), whatever the old quoting', () => {
    const doc = "containers:\n  web:\n    image: x\n    variables:\n      A: plain\n      B: 'single'\n";
    for (const value of ['\u0085start', 'mid\u0085dle', '\u2028x', 'a\u2029'])
      for (const name of ['A', 'B', 'NEW']) {
        const written = text(commands.setVariable(doc, { container: 'web', name, value }));
        const read = parse(written) as { containers: { web: { variables: Record<string, string> } } };
        expect(read.containers.web.variables[name], `${JSON.stringify(value)} in ${name}`).toBe(value);
      }
  });
});

describe('item 0 of a list that is not there yet', () => {
  it('starts a list where the schema has only a list, and stays a key where a mapping may be', () => {
    const doc = 'containers:\n  web:\n    image: x\n    args: null\n';
    expect(text(commands.setField(doc, { pointer: '/containers/web/args/0', value: 'a' }))).toBe(
      'containers:\n  web:\n    image: x\n    args:\n      - a\n',
    );
    const bare = 'containers:\n  web:\n    image: x\n';
    expect(text(commands.setField(bare, { pointer: '/containers/web/command/0', value: 'run' }))).toBe(
      'containers:\n  web:\n    image: x\n    command:\n      - run\n',
    );
    expect(text(commands.setField(bare, { pointer: '/containers/web/variables/0', value: 'a' }))).toBe(
      `${bare}    variables:\n      "0": a\n`,
    );
  });
});
