import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from './parse';
import {
  findExpandableStrings,
  findUnterminatedPlaceholder,
  findWorkloadPlaceholders,
  parseReference,
  renameInPlaceholders,
  renameResourceInPlaceholders,
  resolvePlaceholders,
  scanPlaceholders,
} from './placeholders';

const contents = (s: string) => scanPlaceholders(s).map((t) => t.content);
/** Substitutes every placeholder with its parts joined by '|', as a visible stand-in for a lookup. */
const substitute = (s: string) => resolvePlaceholders(s, (parts) => `<${parts.join('|')}>`).text;

describe('scanPlaceholders', () => {
  it('finds ${…} with offsets and raw text', () => {
    const s = 'url=${resources.db.host}:${resources.db.port}';
    const tokens = scanPlaceholders(s);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toEqual({ start: 4, end: 24, raw: '${resources.db.host}', content: 'resources.db.host' });
    expect(s.slice(tokens[1]!.start, tokens[1]!.end)).toBe('${resources.db.port}');
  });

  it('treats $${x} as an escape and $$ as a dollar', () => {
    expect(contents('$${a.b}')).toEqual([]);
    expect(contents('$$${a.b}')).toEqual(['a.b']);
    expect(contents('$$$${a.b}')).toEqual([]);
    expect(contents('$$$$${a.b}')).toEqual(['a.b']);
    expect(contents('cost: $$5 ${a.b}')).toEqual(['a.b']);
  });

  it('ends the content at the first } (no nesting)', () => {
    expect(contents('${a.${b.c}}')).toEqual(['a.${b.c']);
    expect(contents('${}')).toEqual(['']);
  });

  it('yields nothing for an unterminated ${ and keeps scanning after a closed one', () => {
    expect(contents('${a.b')).toEqual([]);
    expect(contents('${a.b} then ${c.d')).toEqual(['a.b']);
    expect(contents('$a $ {a.b}')).toEqual([]);
  });

  it('reports where an unterminated ${ starts', () => {
    expect(findUnterminatedPlaceholder('${a.b} ${oops')).toBe(7);
    expect(findUnterminatedPlaceholder('${a.b} }')).toBe(-1);
    expect(findUnterminatedPlaceholder('$${not-a-placeholder')).toBe(-1);
    expect(findUnterminatedPlaceholder('plain')).toBe(-1);
  });

  it('stays linear on hostile input', () => {
    const hostile = '${'.repeat(200_000);
    const t0 = Date.now();
    expect(scanPlaceholders(hostile)).toEqual([]);
    expect(findUnterminatedPlaceholder(hostile)).toBe(0);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

describe('parseReference', () => {
  it('splits on dots and keeps \\. inside a part', () => {
    expect(parseReference('resources.db.host')).toEqual(['resources', 'db', 'host']);
    expect(parseReference('metadata.annotations.key\\.com/foo')).toEqual(['metadata', 'annotations', 'key.com/foo']);
    expect(parseReference('resources')).toEqual(['resources']);
    expect(parseReference('')).toEqual(['']);
    expect(parseReference('a..b')).toEqual(['a', '', 'b']);
  });
});

describe('resolvePlaceholders', () => {
  it('un-escapes as score-go does', () => {
    expect(substitute('$$')).toBe('$');
    expect(substitute('$${abc}')).toBe('${abc}');
    expect(substitute('$$${a.b}')).toBe('$<a|b>');
    expect(substitute('$$$${abc}')).toBe('$${abc}');
    expect(substitute('$abc and $')).toBe('$abc and $');
    expect(substitute('x${a.b\\.c}y')).toBe('x<a|b.c>y');
  });

  it('leaves what the lookup cannot resolve as written, and lists it', () => {
    const result = resolvePlaceholders('${metadata.name}-${resources.nope.x}', (parts) =>
      parts[0] === 'metadata' ? 'web' : undefined,
    );
    expect(result.text).toBe('web-${resources.nope.x}');
    expect(result.unresolved.map((t) => t.content)).toEqual(['resources.nope.x']);
  });

  it('is the identity when no $ is present', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('$')),
        (s) => substitute(s) === s,
      ),
    );
  });
});

describe('renameResourceInPlaceholders', () => {
  it('renames only references to that resource and leaves the rest byte-identical', () => {
    const before = '$${resources.db.x} ${resources.db.host}:${resources.dbx.port} ${resources.db} ${metadata.db}';
    expect(renameResourceInPlaceholders(before, 'db', 'main-db')).toBe(
      '$${resources.db.x} ${resources.main-db.host}:${resources.dbx.port} ${resources.main-db} ${metadata.db}',
    );
    expect(renameResourceInPlaceholders('no refs', 'db', 'x')).toBe('no refs');
  });

  it('round-trips', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    fc.assert(
      fc.property(name, name, fc.string(), (from, to, noise) => {
        fc.pre(from !== to && !noise.includes(from) && !noise.includes(to));
        const s = `${noise}\${resources.${from}.host}${noise}`;
        return renameResourceInPlaceholders(renameResourceInPlaceholders(s, from, to), to, from) === s;
      }),
    );
  });
});

describe('renameInPlaceholders', () => {
  it('renames the one part of a metadata reference at its depth, escapes and other references kept', () => {
    const before =
      '${metadata.owner.email} ${metadata.email} ${metadata.owner.email.x} $${metadata.owner.email} ${metadata.owner} ${metadata.own\\.er.email}';
    expect(renameInPlaceholders(before, ['metadata', 'owner'], 'email', 'mail')).toBe(
      '${metadata.owner.mail} ${metadata.email} ${metadata.owner.mail.x} $${metadata.owner.email} ${metadata.owner} ${metadata.own\\.er.email}',
    );
    expect(renameInPlaceholders('${metadata.team}', ['metadata'], 'team', 'squad')).toBe('${metadata.squad}');
  });

  it('escapes a dot in the new name and finds a part written with one', () => {
    expect(renameInPlaceholders('${metadata.a\\.b.c}', ['metadata'], 'a.b', 'x')).toBe('${metadata.x.c}');
    expect(renameInPlaceholders('${metadata.x}', ['metadata'], 'x', 'a.b')).toBe('${metadata.a\\.b}');
  });
});

/** The text the located offsets point at. */
function located(text: string) {
  const parsed = parseWorkloadText(text);
  return findWorkloadPlaceholders(parsed).map((p) => ({
    at: text.slice(p.start, p.end),
    pointer: p.pointer,
    context: p.context,
    exact: p.exact,
  }));
}

describe('findWorkloadPlaceholders', () => {
  it('walks variables, files, volumes, params, command and args', () => {
    const text = `apiVersion: score.dev/v1b1
metadata: {name: web}
containers:
  main:
    image: nginx
    command: ["sh", "-c", "echo \${metadata.name}"]
    args: ["\${resources.db.port}"]
    variables:
      DB: postgres://\${resources.db.host}
      ESCAPED: $\${resources.db.host}
    files:
      /etc/app.conf:
        content: "name=\${metadata.name}"
      /etc/raw.conf:
        content: "\${not.expanded}"
        noExpand: true
    volumes:
      /data:
        source: \${resources.vol}
resources:
  db:
    type: postgres
    params:
      nested:
        list: [a, "\${metadata.name}"]
  vol:
    type: volume
`;
    expect(located(text)).toEqual([
      { at: '${resources.db.host}', pointer: '/containers/main/variables/DB', context: 'variable', exact: true },
      {
        at: '${metadata.name}',
        pointer: '/containers/main/files/~1etc~1app.conf/content',
        context: 'file-content',
        exact: true,
      },
      {
        at: '${resources.vol}',
        pointer: '/containers/main/volumes/~1data/source',
        context: 'volume-source',
        exact: true,
      },
      { at: '${metadata.name}', pointer: '/containers/main/command/2', context: 'command', exact: true },
      { at: '${resources.db.port}', pointer: '/containers/main/args/0', context: 'args', exact: true },
      { at: '${metadata.name}', pointer: '/resources/db/params/nested/list/1', context: 'resource-param', exact: true },
    ]);
  });

  it('walks the deprecated list forms of files and volumes', () => {
    const text = `containers:
  main:
    files:
      - target: /a
        content: \${metadata.a}
    volumes:
      - target: /b
        source: \${resources.b}
`;
    expect(located(text).map((p) => [p.pointer, p.at])).toEqual([
      ['/containers/main/files/0/content', '${metadata.a}'],
      ['/containers/main/volumes/0/source', '${resources.b}'],
    ]);
  });

  it('locates placeholders exactly in plain, single- and double-quoted scalars', () => {
    const text = `containers:
  c:
    variables:
      A: x \${metadata.a} y \${metadata.b}
      B: 'it''s \${metadata.c}'
      C: "tab\\t \${metadata.d}"
      D: "plain \${metadata.e}"
`;
    const found = located(text);
    expect(found.map((p) => p.at)).toEqual([
      '${metadata.a}',
      '${metadata.b}',
      '${metadata.c}',
      '${metadata.d}',
      '${metadata.e}',
    ]);
    expect(found.every((p) => p.exact)).toBe(true);
  });

  it('locates placeholders in literal and folded blocks', () => {
    const text = `containers:
  c:
    files:
      /a:
        content: |
          first \${metadata.a}
            indented \${metadata.b}
      /b:
        content: >-
          folded \${metadata.c}
          more \${metadata.d}
      /c:
        content: |2-
            extra \${metadata.e}
`;
    const found = located(text);
    expect(found.map((p) => p.at)).toEqual([
      '${metadata.a}',
      '${metadata.b}',
      '${metadata.c}',
      '${metadata.d}',
      '${metadata.e}',
    ]);
    expect(found.every((p) => p.exact)).toBe(true);
  });

  it('falls back to the whole scalar when the value cannot be mapped back', () => {
    // The escape \x24 is a `$`: the value holds a placeholder that the text does not spell out.
    const text = `containers:
  c:
    variables:
      A: "\\x24{metadata.a}"
`;
    const [p] = findWorkloadPlaceholders(parseWorkloadText(text));
    expect(p?.token.content).toBe('metadata.a');
    expect(p?.exact).toBe(false);
    expect(text.slice(p!.start, p!.end)).toBe('"\\x24{metadata.a}"');
  });

  it('locates a placeholder that spans lines in a literal block', () => {
    const text = `containers:
  c:
    files:
      /a:
        content: |
          \${metadata.
          a}
`;
    const [p] = located(text);
    expect(p).toMatchObject({ at: '${metadata.\n          a}', exact: true });
  });

  it('ignores shapes that are not workloads without throwing', () => {
    for (const text of [
      'containers: 5',
      'containers: [a, b]',
      'containers: {a: "str", b: null, c: {variables: [x], files: 3, volumes: "v"}}',
      'resources: {db: {params: "${metadata.x}"}}',
      '[1, 2]',
      '',
      'a: [',
    ]) {
      expect(() => findWorkloadPlaceholders(parseWorkloadText(text))).not.toThrow();
    }
    // A scalar params is still a resource param value.
    expect(located('resources: {db: {params: "${metadata.x}"}}')).toHaveLength(1);
  });

  it('follows aliases to the anchor text, and survives an alias cycle in params', () => {
    const text = `containers:
  c:
    variables:
      A: &v "\${metadata.a}"
      B: *v
resources:
  r:
    params: &p
      self: *p
      x: \${metadata.b}
`;
    const found = located(text);
    expect(found.map((p) => [p.pointer, p.at])).toEqual([
      ['/containers/c/variables/A', '${metadata.a}'],
      ['/containers/c/variables/B', '${metadata.a}'],
      ['/resources/r/params/x', '${metadata.b}'],
    ]);
  });

  it('walks deep params without recursion', () => {
    let params = '"${metadata.deep}"';
    for (let i = 0; i < 900; i++) params = `{k: ${params}}`;
    const text = `resources:\n  r:\n    params: ${params}\n`;
    const found = findWorkloadPlaceholders(parseWorkloadText(text));
    expect(found).toHaveLength(1);
    expect(found[0]!.pointer.split('/k').length - 1).toBe(900);
  });

  it('is fast on a 100-container workload', () => {
    let text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: big\ncontainers:\n';
    for (let c = 0; c < 100; c++) {
      text += `  c${c}:\n    image: nginx\n    variables:\n`;
      for (let v = 0; v < 20; v++) text += `      V${v}: "\${resources.db.host}:\${resources.db.port}"\n`;
      text += `    files:\n      /etc/f${c}:\n        content: |\n          a \${metadata.name}\n          b \${resources.db.user}\n`;
    }
    text += 'resources:\n  db:\n    type: postgres\n';
    const parsed = parseWorkloadText(text);
    const t0 = performance.now();
    const found = findWorkloadPlaceholders(parsed);
    const ms = performance.now() - t0;
    expect(found).toHaveLength(100 * 42);
    expect(ms).toBeLessThan(500);
    expect(findExpandableStrings(parsed)).toHaveLength(100 * 21);
  });
});

describe('placeholders remembered by string', () => {
  it('answer the same for a string seen before, past the bound of strings kept, and for long strings', () => {
    const value = 'postgres://${resources.db.user}@${resources.db.host}:$${literal} ${open';
    const first = scanPlaceholders(value).map((t) => ({ ...t }));
    for (let i = 0; i < 12_000; i++) scanPlaceholders(`\${resources.r${i}.host}`);
    expect(scanPlaceholders(value)).toEqual(first);
    expect(findUnterminatedPlaceholder(value)).toBe(value.lastIndexOf('${open'));
    const long = 'x'.repeat(5_000) + value;
    expect(scanPlaceholders(long).map((t) => t.start - 5_000)).toEqual(first.map((t) => t.start));
    expect(scanPlaceholders(long)).not.toBe(scanPlaceholders(long));
  });
});
