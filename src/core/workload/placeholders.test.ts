import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { findExpandableStrings, findWorkloadPlaceholders } from './placeholders';

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
