import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { reparseWorkloadText } from '../document/incremental';
import { validateParsed, validateText } from '../validate';
import { deriveGraph } from './derive';
import { accessibleName } from './describe';
import type {
  ContainerNode,
  GraphEdge,
  MountEdge,
  ResourceNode,
  StartOrderEdge,
  UsesEdge,
  WorkloadGraph,
} from './types';

const graphOf = (text: string): WorkloadGraph => {
  const report = validateText(text);
  return deriveGraph(report.parsed, report.diagnostics);
};
const node = <T>(g: WorkloadGraph, id: string) => g.nodes.find((n) => n.id === id) as T | undefined;
const edge = <T extends GraphEdge>(g: WorkloadGraph, id: string) => g.edges.find((e) => e.id === id) as T | undefined;

const shop = `apiVersion: score.dev/v1b1
metadata:
  name: shop
service:
  ports:
    web:
      port: 80
      targetPort: 8080
containers:
  web:
    image: nginx:1.27
    variables:
      DB_HOST: \${resources.db.host}
      DB_PORT: \${resources.db.port}
      DSN: postgres://\${resources.db.username}@\${resources.db.host}/x
      LITERAL: $\${resources.db.password}
    volumes:
      /data:
        source: \${resources.data}
    readinessProbe:
      httpGet:
        port: 8080
        path: /healthz
  migrate:
    image: flyway:10
    before:
      web:
        ready: complete
resources:
  db:
    type: postgres
    class: large
  data:
    type: volume
    id: shared-data
`;

describe('deriveGraph: nodes', () => {
  it('has one node per container and resource, with stable ids, after the workload', () => {
    const g = graphOf(shop);
    expect(g.nodes.map((n) => n.id)).toEqual([
      'workload',
      'container:web',
      'container:migrate',
      'resource:db',
      'resource:data',
    ]);
    expect(g.name).toBe('shop');
  });

  it('shows what a container is: image, probe, init badge, served ports', () => {
    const g = graphOf(shop);
    const web = node<ContainerNode>(g, 'container:web')!;
    expect(web.image).toBe('nginx:1.27');
    expect(web.probes).toEqual({ liveness: false, readiness: true });
    expect(web.init).toBe(false);
    // Two containers: web serves port 80→8080 because its probe checks 8080; migrate serves nothing.
    expect(web.ports.map((p) => `${p.name} ${p.port}->${p.targetPort}/${p.protocol}`)).toEqual(['web 80->8080/TCP']);
    const migrate = node<ContainerNode>(g, 'container:migrate')!;
    expect(migrate.init).toBe(true);
    expect(migrate.ports).toEqual([]);
  });

  it('shows what a resource is: type, class, id and whether it is shared', () => {
    const g = graphOf(shop);
    expect(node<ResourceNode>(g, 'resource:db')).toMatchObject({ type: 'postgres', class: 'large', shared: false });
    expect(node<ResourceNode>(g, 'resource:data')).toMatchObject({
      type: 'volume',
      resourceId: 'shared-data',
      shared: true,
    });
  });

  it('a single container serves every service port', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: one}
service:
  ports:
    http: {port: 80}
    grpc: {port: 9000, targetPort: 9001, protocol: UDP}
containers:
  app: {image: busybox}
`);
    expect(
      node<ContainerNode>(g, 'container:app')!.ports.map((p) => `${p.port}->${p.targetPort}/${p.protocol}`),
    ).toEqual(['80->80/TCP', '9000->9001/UDP']);
  });

  it('names nodes for screen readers with their problems', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  web:
    image: nginx:1.27
    variables:
      A: \${resources.nope.host}
      B: \${metadata.missing}
`);
    expect(accessibleName(node<ContainerNode>(g, 'container:web')!)).toBe(
      'container web, image nginx:1.27, 2 problems',
    );
    expect(accessibleName(g.nodes[0]!)).toBe('workload demo');
  });
});

describe('deriveGraph: edges', () => {
  it('draws one edge per container and resource used, labelled with the outputs read', () => {
    const g = graphOf(shop);
    const uses = edge<UsesEdge>(g, 'uses:container:web->resource:db')!;
    expect(uses).toMatchObject({ kind: 'uses', source: 'container:web', target: 'resource:db' });
    // host, port, username: each output once, in the order first used; the escaped $${…} is not a placeholder.
    expect(uses.outputs).toEqual(['host', 'port', 'username']);
    expect(uses.label).toBe('host, port, username');
    expect(uses.references.map((r) => r.pointer)).toEqual([
      '/containers/web/variables/DB_HOST',
      '/containers/web/variables/DB_PORT',
      '/containers/web/variables/DSN',
      '/containers/web/variables/DSN',
    ]);
    expect(uses.pointer).toBe('/containers/web/variables/DB_HOST');
  });

  it('draws a volume mount as its own edge, labelled with the mount path', () => {
    const g = graphOf(shop);
    const mount = edge<MountEdge>(g, 'mount:container:web->resource:data')!;
    expect(mount).toMatchObject({
      kind: 'mount',
      source: 'container:web',
      target: 'resource:data',
      targets: ['/data'],
    });
    expect(mount.label).toBe('mounted at /data');
    expect(mount.pointer).toBe('/containers/web/volumes/~1data');
    expect(g.edges.some((e) => e.id === 'uses:container:web->resource:data')).toBe(false);
  });

  it('draws the start order from the container that starts first to the one that waits, in words', () => {
    const g = graphOf(shop);
    const order = edge<StartOrderEdge>(g, 'before:migrate->web')!;
    expect(order).toMatchObject({
      source: 'container:migrate',
      target: 'container:web',
      first: 'migrate',
      then: 'web',
    });
    expect(order.ready).toBe('complete');
    expect(order.label).toBe('web starts after migrate completes');
    expect(order.pointer).toBe('/containers/migrate/before/web');
  });

  it('says each start condition in words', () => {
    const text = (ready: string) => `apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api
    livenessProbe: {exec: {command: [true]}}
    before: {web: {ready: ${ready}}}
  web: {image: web}
`;
    expect(edge(graphOf(text('started')), 'before:api->web')!.label).toBe('web starts after api has started');
    expect(edge(graphOf(text('healthy')), 'before:api->web')!.label).toBe('web starts after api is healthy');
    expect(edge(graphOf(text('complete')), 'before:api->web')!.label).toBe('web starts after api completes');
  });

  it('draws nothing for a start order naming an unknown container or itself, and shows the problem on the container', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api
    before:
      ghost: {ready: started}
      api: {ready: started}
`);
    expect(g.edges).toEqual([]);
    const codes = node<ContainerNode>(g, 'container:api')!
      .problems.map((p) => p.code)
      .sort();
    expect(codes).toEqual(['BEFORE_SELF_REFERENCE', 'BEFORE_UNKNOWN_CONTAINER']);
  });

  it('draws a resource param that reads another resource as an edge between resources', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api: {image: api}
resources:
  dns: {type: dns}
  route:
    type: route
    params:
      host: \${resources.dns.host}
      port: 80
`);
    expect(edge<UsesEdge>(g, 'uses:resource:route->resource:dns')).toMatchObject({ outputs: ['host'] });
  });
});

describe('deriveGraph: problems as badges', () => {
  it('puts a start-order problem on its edge', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api
    before: {web: {ready: healthy}}
  web: {image: web}
`);
    expect(edge(g, 'before:api->web')!.problems.map((p) => p.code)).toEqual(['HEALTHY_WITHOUT_PROBE']);
    expect(node<ContainerNode>(g, 'container:api')!.problems).toEqual([]);
  });

  it('puts a placeholder problem on the edge it draws, and keeps the index to open it', () => {
    const text = `apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api
    variables:
      WHOLE: \${resources.db}
resources:
  db: {type: postgres}
`;
    const report = validateText(text);
    const g = deriveGraph(report.parsed, report.diagnostics);
    const problems = edge(g, 'uses:container:api->resource:db')!.problems;
    expect(problems.map((p) => p.code)).toEqual(['MISSING_OUTPUT_KEY']);
    expect(report.diagnostics[problems[0]!.index]!.code).toBe('MISSING_OUTPUT_KEY');
  });

  it('puts a placeholder problem in a resource on the edge drawn from that resource', () => {
    const report = validateText(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api
    variables: {URL: '\${resources.db}'}
resources:
  db: {type: postgres}
  cache:
    type: redis
    params: {URL: '\${resources.db}'}
`);
    const g = deriveGraph(report.parsed, report.diagnostics);
    const paths = (id: string) => edge(g, id)!.problems.map((p) => report.diagnostics[p.index]!.path);
    expect(paths('uses:container:api->resource:db')).toEqual(['/containers/api/variables/URL']);
    expect(paths('uses:resource:cache->resource:db')).toEqual(['/resources/cache/params/URL']);
  });

  it('puts a problem in a resource on the resource, and the rest on the workload', () => {
    const g = graphOf(`apiVersion: score.dev/v1b1
metadata: {}
containers:
  api: {image: api}
resources:
  db: {class: large}
`);
    expect(node<ResourceNode>(g, 'resource:db')!.problems.map((p) => p.code)).toContain('REQUIRED_FIELD');
    expect(g.nodes[0]!.problems.map((p) => p.code)).toContain('REQUIRED_FIELD'); // metadata.name
  });

  it('every diagnostic lands somewhere, exactly once', () => {
    const report = validateText(`apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  a:
    image: a
    variables: {X: '\${resources.db.host} \${resources.ghost.x}'}
    before: {b: {ready: healthy}, c: {}}
  b: {image: b, before: {a: {ready: started}}}
resources:
  db: {type: postgres}
`);
    const g = deriveGraph(report.parsed, report.diagnostics);
    const indices = [...g.nodes, ...g.edges].flatMap((e) => e.problems.map((p) => p.index)).sort((a, b) => a - b);
    expect(indices).toEqual(report.diagnostics.map((_, i) => i));
  });

  it('places problems alike whatever their number', () => {
    // Container i reads resource db's output `host` (fine) and output-less `${resources.db}` (a problem)
    // in one string, and waits for itself to be healthy (a start-order problem on no edge).
    const workload = (containers: number) =>
      `apiVersion: score.dev/v1b1\nmetadata: {name: demo}\ncontainers:\n` +
      Array.from(
        { length: containers },
        (_, i) =>
          `  c${i}:\n    image: app\n    variables: {X: '\${resources.db.host} \${resources.db}'}\n` +
          (i > 0 ? `    before: {c${i - 1}: {ready: healthy}}\n` : ''),
      ).join('') +
      `resources:\n  db: {type: postgres}\n`;
    for (const containers of [2, 30]) {
      const report = validateText(workload(containers));
      const g = deriveGraph(report.parsed, report.diagnostics);
      const where = [...g.nodes, ...g.edges].flatMap((e) => e.problems.map((p) => `${e.id} ${p.code}`)).sort();
      const expected = Array.from({ length: containers }, (_, i) => [
        `uses:container:c${i}->resource:db MISSING_OUTPUT_KEY`,
        ...(i > 0 ? [`before:c${i}->c${i - 1} HEALTHY_WITHOUT_PROBE`] : []),
      ])
        .flat()
        .sort();
      expect(where).toEqual(expected);
    }
  });
});

describe('deriveGraph: any input', () => {
  it.each([
    ['empty text', ''],
    ['not YAML', 'a: [b'],
    ['a list', '- a\n- b\n'],
    ['containers as a list', 'containers: [a, b]\nresources: 3\n'],
    [
      'null fields',
      'metadata: null\ncontainers:\n  a: null\n  b: {before: null, variables: null}\nresources: {r: null}\n',
    ],
    ['HTML in names', 'metadata: {name: "<b>x</b>"}\ncontainers:\n  "<img src=x>": {image: "<script>"}\n'],
  ])('does not throw on %s', (_, text) => {
    const parsed = parseWorkloadText(text);
    expect(() => deriveGraph(parsed, [])).not.toThrow();
    expect(deriveGraph(parsed, []).nodes[0]!.id).toBe('workload');
  });
});

describe('deriveGraph after an edit', () => {
  const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: web:1
  worker:
    image: worker:1
    variables:
      DB: \${resources.db.host}
resources:
  db:
    type: postgres
  cache:
    type: redis
`;
  const edited = text.replace('web:1', 'web:2');
  const at = text.indexOf('web:1');
  const derive = (parsed: ReturnType<typeof parseWorkloadText>) => {
    const report = validateParsed(parsed);
    return deriveGraph(report.parsed, report.diagnostics);
  };

  it('keeps the nodes of the parts the edit did not touch (the canvas then skips them), and makes the edited one anew', () => {
    const before = parseWorkloadText(text);
    const first = derive(before);
    const second = derive(reparseWorkloadText(before, edited, [{ start: at, end: at + 5, insert: 'web:2' }]));
    expect(node<ContainerNode>(second, 'container:web')!.image).toBe('web:2');
    expect(node(second, 'container:web')).not.toBe(node(first, 'container:web'));
    expect(node(second, 'container:worker')).toBe(node(first, 'container:worker'));
    expect(node(second, 'resource:db')).toBe(node(first, 'resource:db'));
  });

  it('puts problems on copies: a node kept from the last check has none of this one’s', () => {
    const parsed = parseWorkloadText(text);
    const clean = derive(parsed);
    const problem = {
      severity: 'error' as const,
      code: 'x',
      message: 'bad',
      path: '/containers/web/image',
      range: { line: 6, column: 11, endLine: 6, endColumn: 16 },
    };
    const withProblem = deriveGraph(parsed, [problem as never]);
    expect(node<ContainerNode>(withProblem, 'container:web')!.problems).toHaveLength(1);
    expect(node<ContainerNode>(clean, 'container:web')!.problems).toHaveLength(0);
    expect(node<ContainerNode>(deriveGraph(parsed), 'container:web')!.problems).toHaveLength(0);
    expect(node(withProblem, 'container:worker')).toBe(node(clean, 'container:worker'));
  });
});
