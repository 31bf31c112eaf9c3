import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseTemplate, renderTemplate, SeededRandom, sprigFunctions, TemplateError } from './index';

/**
 * Runs score-compose's own provisioner templates (read from the reference folder at test time) the
 * way score-compose does (REPORT.md §3): init, state, shared, outputs, directories, files, networks,
 * services, volumes, models, info_logs; each rendered with sprig, YAML-decoded and fed forward.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const reference = path.resolve(repoRoot, '../shared/reference/score-compose');
const defaultsFile = path.join(reference, 'default.provisioners.yaml');
const haveDefaults = existsSync(defaultsFile);
if (!haveDefaults) console.log(`default provisioners: skipped, ${defaultsFile} is absent`);

const ORDER = [
  'init',
  'state',
  'shared',
  'outputs',
  'directories',
  'files',
  'networks',
  'services',
  'volumes',
  'models',
  'info_logs',
] as const;
type TemplateKey = (typeof ORDER)[number];

type Provisioner = { uri: string; type: string } & Partial<Record<TemplateKey, string>>;
type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON merge patch (RFC 7386), as score-compose's util.PatchMap applies the shared template. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObj(patch)) return patch;
  const out: Obj = isObj(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

interface ResourceInput {
  uid: string;
  type: string;
  id: string;
  params?: Obj;
  metadata?: Obj;
  sourceWorkload: string;
  workloadServices: Obj;
}

interface Provisioned {
  init: unknown;
  state: unknown;
  outputs: unknown;
  rendered: Partial<Record<TemplateKey, string>>;
  decoded: Partial<Record<TemplateKey, unknown>>;
}

const functions = sprigFunctions(new SeededRandom(7));
/** Types whose info_logs text needs a lenient YAML reader (reported, not failed). */
const yamlLeniency = new Set<string>();
const functionNames = Object.keys(functions);

/** Provisions one resource; `shared` is the shared state, updated in place like score-compose's. */
function provision(p: Provisioner, r: ResourceInput, shared: { value: unknown }, previousState: Obj = {}): Provisioned {
  const data: Obj = {
    Uid: r.uid,
    Type: r.type,
    Class: 'default',
    Id: r.id,
    Params: r.params ?? {},
    Metadata: r.metadata ?? {},
    Init: {},
    State: previousState,
    Shared: shared.value,
    SourceWorkload: r.sourceWorkload,
    WorkloadServices: r.workloadServices,
    ComposeProjectName: 'demo',
    MountsDirectory: '/home/me/demo/.score-compose/mounts',
  };
  const rendered: Provisioned['rendered'] = {};
  const decoded: Provisioned['decoded'] = {};
  for (const key of ORDER) {
    const source = p[key];
    if (typeof source !== 'string') continue;
    const text = renderTemplate('', source, data, { functions });
    rendered[key] = text;
    if (key === 'info_logs') {
      // Log lines only: two default templates emit a quoted scalar continued at column 0, which Go's
      // lenient yaml.v3 reads but the strict `yaml` package rejects. Not a template matter.
      try {
        decoded[key] = parseYaml(text);
      } catch {
        yamlLeniency.add(r.type);
      }
      continue;
    }
    const value: unknown = parseYaml(text);
    decoded[key] = value;
    if (key === 'init') data.Init = value ?? {};
    if (key === 'state') data.State = value ?? {};
    if (key === 'shared') {
      shared.value = mergePatch(shared.value, value ?? {});
      data.Shared = shared.value;
    }
  }
  return { init: data.Init, state: data.State, outputs: decoded.outputs, rendered, decoded };
}

function port(name: string, portNumber: number, target: number): Obj {
  return { Name: name, Port: portNumber, TargetPort: target, Protocol: 'TCP' };
}

/** Two workloads with service ports, indexed by name and by port number as score-compose does. */
const WORKLOAD_SERVICES: Obj = {
  web: {
    ServiceName: 'web',
    Ports: { http: port('http', 80, 8080), '80': port('http', 80, 8080) },
  },
  api: {
    ServiceName: 'api',
    Ports: { grpc: port('grpc', 9000, 9000), '9000': port('grpc', 9000, 9000) },
  },
};

const PARAMS: Record<string, Obj> = {
  'service-port': { workload: 'api', port: 'grpc' },
  route: { host: 'web.localhost', path: '/api', port: 80 },
};

const ANNOTATED: Obj = {
  annotations: {
    'compose.score.dev/publish-port': '15432',
    'compose.score.dev/publish-management-port': '15672',
    'compose.score.dev/route-provisioner-path-type': 'Exact',
    'compose.score.dev/route-provisioner-location-snippet': 'add_header X-Test 1;',
  },
};

function resource(type: string, name: string, metadata?: Obj): ResourceInput {
  return {
    uid: `${type}.default#web.${name}`,
    type,
    id: `web.${name}`,
    params: PARAMS[type] ?? {},
    ...(metadata ? { metadata } : {}),
    sourceWorkload: 'web',
    workloadServices: WORKLOAD_SERVICES,
  };
}

describe.skipIf(!haveDefaults)('score-compose default provisioners', () => {
  const provisioners = haveDefaults ? (parseYaml(readFileSync(defaultsFile, 'utf8')) as Provisioner[]) : [];
  const templated = provisioners.filter((p) => p.uri.startsWith('template://'));
  const tally = { rendered: 0, failures: [] as string[] };

  afterAll(() => {
    console.log(
      `default provisioners: ${tally.rendered}/${templated.length} template provisioners rendered` +
        ` (${provisioners.length - templated.length} non-template skipped)` +
        (yamlLeniency.size ? `; info_logs needing lenient YAML: ${[...yamlLeniency].sort().join(', ')}` : '') +
        (tally.failures.length ? `; failures: ${tally.failures.join('; ')}` : ''),
    );
  });

  it('parses every template string in the file', () => {
    let count = 0;
    for (const p of provisioners) {
      for (const key of ORDER) {
        const source = p[key];
        if (typeof source !== 'string') continue;
        expect(() => parseTemplate('', source, { functions: functionNames }), `${p.uri} ${key}`).not.toThrow();
        count++;
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it('renders every template provisioner, twice, with and without annotations, into valid YAML', () => {
    for (const p of templated) {
      try {
        const shared = { value: {} as unknown };
        const first = provision(p, resource(p.type, 'one'), shared);
        const second = provision(p, resource(p.type, 'two', ANNOTATED), shared);
        for (const run of [first, second]) {
          for (const key of ['outputs', 'services', 'volumes', 'files'] as const) {
            if (p[key] !== undefined) expect(run.rendered[key], `${p.uri} ${key}`).toBeTypeOf('string');
          }
        }
        tally.rendered++;
      } catch (e) {
        tally.failures.push(`${p.uri}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    expect(tally.failures).toEqual([]);
    expect(tally.rendered).toBe(templated.length);
  });

  const byType = (type: string): Provisioner => {
    const p = provisioners.find((x) => x.type === type);
    if (!p) throw new Error(`the reference file has no ${type} provisioner any more`);
    return p;
  };

  it('volume: a random name derived from the id, kept in state and used for the compose volume', () => {
    const run = provision(byType('volume'), resource('volume', 'data'), { value: {} });
    const name = (run.state as Obj).name as string;
    expect(name).toMatch(/^web-data-[A-Za-z0-9]{6}$/);
    expect(run.outputs).toEqual({ type: 'volume', source: name });
    expect(run.decoded.volumes).toEqual({
      [name]: { name, driver: 'local', labels: { 'dev.score.compose.res.uid': 'volume.default#web.data' } },
    });
    // A second generate keeps the name: dig finds it in the previous state.
    const again = provision(byType('volume'), resource('volume', 'data'), { value: {} }, run.state as Obj);
    expect((again.state as Obj).name).toBe(name);
  });

  it('service-port: resolves the workload and port, and fails as score-compose does on unknown ones', () => {
    const run = provision(byType('service-port'), resource('service-port', 'sp'), { value: {} });
    expect(run.outputs).toEqual({ hostname: 'api', port: 9000 });
    const bad = { ...resource('service-port', 'sp'), params: { workload: 'nope', port: 'grpc' } };
    expect(() => provision(byType('service-port'), bad, { value: {} })).toThrow(
      /error calling fail: unknown workload$/,
    );
    const badPort = { ...resource('service-port', 'sp'), params: { workload: 'api', port: 'http' } };
    expect(() => provision(byType('service-port'), badPort, { value: {} })).toThrow(/unknown service port$/);
  });

  it('postgres: two databases share one instance, and the publish-port annotation adds ports', () => {
    const shared = { value: {} as unknown };
    const a = provision(byType('postgres'), resource('postgres', 'db1'), shared);
    const b = provision(byType('postgres'), resource('postgres', 'db2', ANNOTATED), shared);
    const host = (a.outputs as Obj).host as string;
    expect(host).toMatch(/^pg-[A-Za-z0-9]{6}$/);
    expect((b.outputs as Obj).host).toBe(host);
    expect((a.outputs as Obj).port).toBe(5432);
    expect((a.outputs as Obj).database).not.toBe((b.outputs as Obj).database);
    const services = b.decoded.services as Obj;
    expect(Object.keys(services).sort()).toEqual([host, `${host}-init`]);
    expect((services[host] as Obj).ports).toEqual([{ target: 5432, published: 15432 }]);
    expect((a.decoded.services as Obj)[host]).not.toHaveProperty('ports');
  });

  it('rabbitmq: publish ports are built with list/append/dict and written with toJson', () => {
    const run = provision(byType('amqp'), resource('amqp', 'mq', ANNOTATED), { value: {} });
    const host = (run.outputs as Obj).host as string;
    const service = (run.decoded.services as Obj)[host] as Obj;
    expect(service.ports).toEqual([
      { target: 5672, published: 15432 },
      { target: 15672, published: 15672 },
    ]);
  });

  it('route: nginx.conf gets a location per path; the path-type annotation drops the prefix variant', () => {
    const shared = { value: {} as unknown };
    provision(byType('route'), resource('route', 'r1'), shared);
    const exact = {
      ...resource('route', 'r2', ANNOTATED),
      params: { host: 'web.localhost', path: '/exact', port: 'http' },
    };
    const run = provision(byType('route'), exact, shared);
    const files = run.decoded.files as Obj;
    const conf = Object.values(files)[0] as string;
    expect(conf).toContain('location ~ ^/api$');
    expect(conf).toContain('location ~ ^/api/.*');
    expect(conf).toContain('location ~ ^/exact$');
    expect(conf).not.toContain('location ~ ^/exact/.*');
    expect(conf).toContain('set $backend web:8080;');
    expect(conf).toContain('      add_header X-Test 1;');
  });
});

const golden31 = path.join(reference, 'golden/31-workload-port-custom-provisioner');
const golden37 = path.join(reference, 'golden/37-route-resource-state');
const haveGolden = existsSync(golden31) && existsSync(golden37);
if (!haveGolden) console.log(`provisioner goldens 31/37: skipped, ${path.join(reference, 'golden')} is absent`);

describe.skipIf(!haveGolden || !haveDefaults)('score-compose golden provisioner runs', () => {
  it('31: a custom init template fails with the exact Go error text, or gives the expected state', () => {
    const provisioners = parseYaml(
      readFileSync(path.join(golden31, '00-custom.provisioners.yaml'), 'utf8'),
    ) as Provisioner[];
    const p = provisioners[0] as Provisioner;
    const services = (ports: Obj): Obj => ({ example: { ServiceName: 'example', Ports: ports } });
    const withWeb = services({ web: port('web', 8080, 80), '8080': port('web', 8080, 80) });
    const base = { uid: 'workload-port.default#example.first', type: 'workload-port', id: 'example.first' };
    const cases: { file: string; params: Obj; workloadServices: Obj }[] = [
      { file: 'fail-unknown-workload', params: { workload: 'example-2', port: 'web' }, workloadServices: services({}) },
      { file: 'fail-unknown-port', params: { workload: 'example', port: 'web' }, workloadServices: services({}) },
    ];
    for (const c of cases) {
      const expected = readFileSync(path.join(golden31, `expected-error.${c.file}.txt`), 'utf8').trim();
      const goText = /failed to execute template: (.*)$/.exec(expected)?.[1];
      expect(goText, 'the golden error text changed shape').toBeDefined();
      let message = '';
      try {
        provision(p, { ...base, ...c, sourceWorkload: 'example' }, { value: {} });
      } catch (e) {
        expect(e).toBeInstanceOf(TemplateError);
        message = (e as Error).message;
      }
      expect(message).toBe(goText);
    }
    const ok = provision(
      p,
      { ...base, params: { workload: 'example', port: 'web' }, workloadServices: withWeb, sourceWorkload: 'example' },
      { value: {} },
    );
    const expectedState = parseYaml(
      readFileSync(path.join(golden31, 'expected-state.succeed.yaml'), 'utf8'),
    ) as unknown;
    expect(ok.state).toEqual(expectedState);
  });

  it('37: three routes build the expected shared state and nginx.conf', () => {
    const provisioners = parseYaml(readFileSync(defaultsFile, 'utf8')) as Provisioner[];
    const p = provisioners.find((x) => x.type === 'route') as Provisioner;
    const score = parseYaml(readFileSync(path.join(golden37, 'score.yaml'), 'utf8')) as {
      resources: Record<string, { params: Obj; metadata?: Obj }>;
    };
    const workloadServices = {
      example: { ServiceName: 'example', Ports: { foo: port('foo', 80, 8080), '80': port('foo', 80, 8080) } },
    };
    const shared = { value: {} as unknown };
    let last: Provisioned | null = null;
    for (const [name, res] of Object.entries(score.resources)) {
      last = provision(
        p,
        {
          uid: `route.default#example.${name}`,
          type: 'route',
          id: `example.${name}`,
          params: res.params,
          ...(res.metadata ? { metadata: res.metadata } : {}),
          sourceWorkload: 'example',
          workloadServices,
        },
        shared,
      );
    }
    const state = shared.value as Record<string, Obj>;
    const instance = state['default-provisioners-routing-instance'] as Obj;
    expect(instance.instanceServiceName).toMatch(/routing-/);
    delete instance.instanceServiceName;
    const expected = parseYaml(readFileSync(path.join(golden37, 'expected-shared-state.yaml'), 'utf8')) as unknown;
    expect(state).toEqual(expected);

    const conf = Object.values((last as Provisioned).decoded.files as Obj)[0] as string;
    const lines = (file: string): string[] =>
      readFileSync(path.join(golden37, file), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
    for (const line of lines('expected-nginx-conf-contains.txt')) expect(conf).toContain(line);
    for (const line of lines('expected-nginx-conf-not-contains.txt')) expect(conf).not.toContain(line);
  });
});
