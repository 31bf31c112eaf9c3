import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeSchema, composeSchemaFile } from '../../../../test/support/compose-spec';
import { scanPlaceholders } from '../../workload/placeholder-syntax';
import { exportCompose, type ComposeExport } from '../../export/compose';
import { resourceUid } from '../../provisioners/uid';
import { validateText } from '../../validate';
import { importCompose, type ComposeImport, type ServiceMapping } from './index';
import { shellWords } from './values';
import { wellKnown } from './well-known';

/**
 * The issue's round trip: Compose files in the style of docker/awesome-compose (our own, in
 * test/support/compose-imports, covering every feature the import reads) are imported, the
 * workloads exported again with our Compose export (as `score-compose generate` would, with the
 * `--publish` entries the import gives), and the result compared with the original: the same
 * services and images, published ports, environment (the values resources now give read back to the
 * original ones), volumes (shared where they were shared), health checks and start order, except
 * where a diagnostic of the import says it could not be kept. Each exported file must be valid by
 * the Compose Specification's schema.
 */

const dir = fileURLToPath(new URL('../../../../test/support/compose-imports', import.meta.url));
const inputs = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const schema = composeSchema();
if (!schema) console.warn(`[compose import] ${composeSchemaFile} is absent: the Compose schema checks are skipped.`);

type Data = Record<string, unknown>;
const data = (v: unknown): Data => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Data) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

interface RoundTrip {
  original: Data;
  imported: ComposeImport;
  exported: ComposeExport;
  compose: Data;
}

function roundTrip(file: string): RoundTrip {
  const text = readFileSync(path.join(dir, file), 'utf8');
  const imported = importCompose(text, { file });
  expect(imported.errors, JSON.stringify(imported.diagnostics, null, 2)).toBe(0);
  for (const w of imported.workloads) {
    const report = validateText(w.text);
    expect(report.errors, `${w.name}:\n${w.text}\n${JSON.stringify(report.diagnostics)}`).toBe(0);
  }
  const exported = exportCompose(
    imported.workloads.map((w) => ({ file: `${w.name}.score.yaml`, text: w.text })),
    { projectName: 'roundtrip', seed: 7, publish: imported.publish },
  );
  expect(exported.errors).toEqual([]);
  return { original: data(parse(text, { merge: true })), imported, exported, compose: data(parse(exported.compose)) };
}

/** Whether the import said, at this place of the Compose file or within it, that something is not kept. */
function flagged(imported: ComposeImport, pointer: string, severities = ['warning']): boolean {
  return imported.diagnostics.some(
    (d) => severities.includes(d.severity) && (d.path === pointer || d.path.startsWith(pointer + '/')),
  );
}

const tally = { services: 0, variables: 0, ports: 0, mounts: 0, orders: 0, checks: 0, valid: 0 };
afterAll(() => {
  console.info(
    `[compose import] ${inputs.length} inputs: ${tally.services} services, ${tally.variables} variables, ${tally.ports} published ports, ${tally.mounts} volumes, ${tally.orders} start orders, ${tally.checks} health checks compared; ${tally.valid} exported files valid by the Compose schema`,
  );
});

describe('Compose import round trip', () => {
  it('has at least fifteen inputs', () => {
    expect(inputs.length).toBeGreaterThanOrEqual(15);
  });

  it.each(inputs)('%s exports again to an equivalent Compose file', (file) => {
    const trip = roundTrip(file);
    const { original, imported, compose } = trip;
    const services = data(original.services);
    const exported = data(compose.services);
    expect(Object.keys(services).sort()).toEqual(imported.services.map((m) => m.service).sort());
    for (const mapping of imported.services) {
      const service = data(services[mapping.service]);
      const at = `/services/${mapping.service}`;
      tally.services++;
      if (mapping.kind === 'resource') sameResource(trip, mapping, service);
      else sameContainer(trip, mapping, service, data(exported[`${mapping.workload}-${mapping.container}`]), at);
    }
    samePorts(trip);
    sameVolumeSharing(trip);
  });

  it('cover every feature the import reads (derived from what they import to)', () => {
    const seen = new Set<string>();
    for (const file of inputs) {
      const imported = importCompose(readFileSync(path.join(dir, file), 'utf8'), { file });
      for (const m of imported.services) if (m.kind === 'resource') seen.add(`resource ${m.type}`);
      for (const d of imported.diagnostics) if (d.severity === 'warning') seen.add('not converted, with its line');
      for (const w of imported.workloads) {
        const score = data(parse(w.text));
        for (const c of Object.values(data(score.containers)).map(data)) {
          if (c.command && c.args) seen.add('entrypoint and command');
          if (c.readinessProbe) seen.add('probe');
          for (const b of Object.values(data(c.before))) seen.add(`before ${String(data(b).ready)}`);
          for (const v of Object.values(data(c.variables))) {
            if (String(v).includes('${resources.env.')) seen.add('variable from the environment');
            else if (String(v).includes('${resources.')) seen.add('variable from a resource output');
          }
        }
        for (const r of Object.values(data(score.resources)).map(data)) {
          if (r.type === 'volume') seen.add(r.id ? 'shared volume' : 'volume');
        }
        for (const p of Object.values(data(data(score.service).ports)).map(data)) {
          seen.add(`port ${String(p.protocol ?? 'TCP')}`);
        }
      }
      if (imported.publish.length > 0) seen.add('published port');
    }
    expect([...seen].sort()).toEqual(
      [
        'resource postgres',
        'resource mysql',
        'resource redis',
        'resource mongodb',
        'resource amqp',
        'not converted, with its line',
        'entrypoint and command',
        'probe',
        'before started',
        'before healthy',
        'before complete',
        'variable from the environment',
        'variable from a resource output',
        'volume',
        'shared volume',
        'port TCP',
        'port UDP',
        'published port',
      ].sort(),
    );
  });

  it.skipIf(!schema).each(inputs)('%s exports a file the Compose Specification schema takes', (file) => {
    const { compose } = roundTrip(file);
    expect(schema!.validate(compose), schema!.errors()).toBe(true);
    tally.valid++;
  });
});

type ContainerMapping = Extract<ServiceMapping, { kind: 'container' }>;

function sameContainer(trip: RoundTrip, m: ContainerMapping, original: Data, exported: Data, at: string): void {
  const { imported } = trip;
  expect(exported, `no exported service ${m.workload}-${m.container}`).not.toEqual({});
  // Image, and entrypoint / command word for word.
  expect(exported.image).toBe(original.image ?? '.');
  for (const key of ['entrypoint', 'command'] as const) {
    if (original[key] === undefined || flagged(imported, `${at}/${key}`)) continue;
    const words = typeof original[key] === 'string' ? shellWords(original[key]) : list(original[key]).map(String);
    expect(exported[key], `${at}/${key}`).toEqual(words);
  }
  // Health check: the same test, CMD-SHELL run as sh -c.
  const check = data(original.healthcheck);
  if (check.test !== undefined && !flagged(imported, `${at}/healthcheck`)) {
    const test = check.test;
    const expected =
      typeof test === 'string'
        ? ['CMD', 'sh', '-c', test]
        : list(test)[0] === 'CMD-SHELL'
          ? ['CMD', 'sh', '-c', list(test)[1]]
          : test;
    expect(data(exported.healthcheck).test, `${at}/healthcheck`).toEqual(expected);
    tally.checks++;
  }
  sameEnvironment(trip, m, original, exported, at);
  sameMounts(trip, original, exported, at);
  sameStartOrder(trip, m, original, exported, at);
}

/**
 * Compose's environment in either form, by name: the value (null for a variable passed on from
 * Compose's own environment) and the entry's place.
 */
function environmentOf(service: Data, at: string): Map<string, { value: string | null; pointer: string }> {
  const env = service.environment;
  const out = new Map<string, { value: string | null; pointer: string }>();
  if (Array.isArray(env)) {
    (env as string[]).forEach((item, i) => {
      const eq = item.indexOf('=');
      out.set(eq < 0 ? item : item.slice(0, eq), {
        value: eq < 0 ? null : item.slice(eq + 1),
        pointer: `${at}/environment/${i}`,
      });
    });
  } else {
    for (const [k, v] of Object.entries(data(env))) {
      out.set(k, { value: v === null ? null : String(v), pointer: `${at}/environment/${k}` });
    }
  }
  return out;
}

function sameEnvironment(trip: RoundTrip, m: ContainerMapping, original: Data, exported: Data, at: string): void {
  const { imported } = trip;
  const env = environmentOf(original, at);
  const out = data(exported.environment);
  expect(Object.keys(out).sort(), `${at}/environment`).toEqual([...env.keys()].sort());
  for (const [key, { value, pointer }] of env) {
    const variable = m.variables[key]!;
    tally.variables++;
    // What each placeholder stands for, put back, gives the Compose file's value (`- KEY` reads ${KEY}),
    // with the names of containers now reached at localhost written so.
    let expected = value ?? '${' + key + '}';
    for (const name of variable.localhost) {
      expected = expected.replace(new RegExp(`(//|^)${name}(?=[:/]|$)`), '$1localhost');
    }
    if (!flagged(imported, pointer)) expect(standsFor(variable.value, variable.pairs), pointer).toBe(expected);
    // Exported, each placeholder is what score-compose fills in: ${NAME} for the environment, an output for a resource.
    expect(out[key], pointer).toBe(exportedValue(trip, m.workload, variable.value));
  }
}

function standsFor(value: string, pairs: ReadonlyArray<[string, string]>): string {
  let out = '';
  let at = 0;
  let next = 0;
  for (const token of scanPlaceholders(value)) {
    const pair = pairs[next++]!;
    expect(token.raw).toBe(pair[0]);
    out += value.slice(at, token.start) + pair[1];
    at = token.end;
  }
  return out + value.slice(at);
}

function exportedValue(trip: RoundTrip, workload: string, value: string): string {
  const score = data(parse(trip.imported.workloads.find((w) => w.name === workload)!.text));
  const resources = data(score.resources);
  let out = '';
  let at = 0;
  for (const token of scanPlaceholders(value)) {
    const [root, name, output] = token.content.split('.');
    expect(root).toBe('resources');
    const declared = data(resources[name!]);
    let resolved: string;
    if (declared.type === 'environment') resolved = '${' + output + '}';
    else {
      const uid = resourceUid(workload, name!, String(declared.type), undefined, declared.id as string | undefined);
      const provisioned = trip.exported.resources.find((r) => r.uid === uid);
      expect(provisioned, uid).toBeDefined();
      const given = provisioned!.outputs[output!];
      resolved = typeof given === 'string' ? given : JSON.stringify(given);
    }
    out += value.slice(at, token.start) + resolved;
    at = token.end;
  }
  return out + value.slice(at);
}

function sameMounts(trip: RoundTrip, original: Data, exported: Data, at: string): void {
  const mounts = list(exported.volumes).map(data);
  list(original.volumes).forEach((item, i) => {
    if (flagged(trip.imported, `${at}/volumes/${i}`)) return;
    const long = data(item);
    const short = typeof item === 'string' ? item.split(':') : [];
    const target = typeof item === 'string' ? (short.length === 1 ? short[0] : short[1]) : long.target;
    const readOnly = typeof item === 'string' ? short[2] === 'ro' : long.read_only === true;
    const mount = mounts.find((x) => x.target === target);
    expect(mount, `${at}/volumes/${i}`).toBeDefined();
    expect(mount!.type).toBe('volume');
    expect(mount!.read_only === true).toBe(readOnly);
    tally.mounts++;
  });
}

/** Two mounts of one named volume in Compose are mounts of one volume after the round trip; of two, of two. */
function sameVolumeSharing(trip: RoundTrip): void {
  const sources = new Map<string, Set<string>>();
  for (const m of trip.imported.services) {
    if (m.kind !== 'container') continue;
    const original = data(data(trip.original.services)[m.service]);
    const exported = list(data(data(trip.compose.services)[`${m.workload}-${m.container}`]).volumes).map(data);
    list(original.volumes).forEach((item) => {
      const named =
        typeof item === 'string' ? (item.includes(':') ? item.split(':')[0] : undefined) : data(item).source;
      const target = typeof item === 'string' ? item.split(':').slice(-2)[0] : data(item).target;
      if (typeof named !== 'string' || named.startsWith('.') || named.startsWith('/')) return;
      const mount = exported.find((x) => x.target === target || x.target === item);
      if (mount) sources.set(named, new Set([...(sources.get(named) ?? []), String(mount.source)]));
    });
  }
  const seen = new Set<string>();
  for (const [volume, exported] of sources) {
    expect(exported.size, `volume ${volume} is one volume`).toBe(1);
    const [source] = exported;
    expect(seen.has(source!), `volume ${volume} is a volume of its own`).toBe(false);
    seen.add(source!);
  }
}

const CONDITIONS: Record<string, string> = {
  started: 'service_started',
  healthy: 'service_healthy',
  complete: 'service_completed_successfully',
};

function sameStartOrder(trip: RoundTrip, m: ContainerMapping, original: Data, exported: Data, at: string): void {
  const depends = original.depends_on;
  const edges: Array<[string, string]> = Array.isArray(depends)
    ? depends.map((s) => [String(s), 'service_started'])
    : Object.entries(data(depends)).map(([s, e]) => [s, String(data(e).condition ?? 'service_started')]);
  const waits = data(exported.depends_on);
  for (const [service, condition] of edges) {
    const pointer = `${at}/depends_on${Array.isArray(depends) ? '' : `/${service}`}`;
    if (flagged(trip.imported, pointer)) continue;
    const target = trip.imported.services.find((x) => x.service === service)!;
    tally.orders++;
    if (target.kind === 'resource') {
      expect(Object.keys(waits), pointer).toContain('wait-for-resources');
      continue;
    }
    const wait = data(waits[`${target.workload}-${target.container}`]);
    // A healthy wait on a service with no health check Score can run was said to become started.
    const downgraded = flagged(trip.imported, pointer, ['info']) && condition === 'service_healthy';
    expect(wait.condition, pointer).toBe(downgraded ? CONDITIONS.started : condition);
  }
}

/** The published ports of each workload's services are those the Compose file published (TCP). */
function samePorts(trip: RoundTrip): void {
  const expected = new Map<string, string[]>();
  const got = new Map<string, string[]>();
  const services = data(trip.original.services);
  for (const m of trip.imported.services) {
    const owner = m.kind === 'container' ? m.workload : `resource ${m.resource}`;
    list(data(services[m.service]).ports).forEach((port, i) => {
      if (flagged(trip.imported, `/services/${m.service}/ports/${i}`)) return;
      for (const pair of publishedPairs(port)) {
        expected.set(owner, [...(expected.get(owner) ?? []), pair]);
        tally.ports++;
      }
    });
  }
  for (const [name, service] of Object.entries(data(trip.compose.services))) {
    const mapping = trip.imported.services.find(
      (m) => m.kind === 'container' && `${m.workload}-${m.container}` === name,
    );
    const owner = mapping?.kind === 'container' ? mapping.workload : `resource ${resourceServing(trip, data(service))}`;
    for (const port of list(data(service).ports).map(data)) {
      got.set(owner, [...(got.get(owner) ?? []), `${port.published}:${port.target}`]);
    }
  }
  const sorted = (m: Map<string, string[]>) => [...m].map(([k, v]) => [k, [...v].sort()]).sort();
  expect(sorted(got)).toEqual(sorted(expected));
}

/** The resource whose provisioned server this exported service is (by its image's kind), when it publishes ports. */
function resourceServing(trip: RoundTrip, service: Data): string | undefined {
  if (list(service.ports).length === 0) return undefined;
  const type = wellKnown(String(service.image))?.type;
  const mapping = trip.imported.services.find((m) => m.kind === 'resource' && m.type === type);
  return mapping?.kind === 'resource' ? mapping.resource : undefined;
}

/** `HOST:CONTAINER` for each port Compose publishes on a given host port (ranges spread). */
function publishedPairs(port: unknown): string[] {
  if (typeof port === 'object' && port !== null) {
    const p = data(port);
    return p.published === undefined ? [] : [`${p.published}:${p.target}`];
  }
  const parts = String(port).split('/')[0]!.split(':');
  if (parts.length < 2) return [];
  const [host, container] = parts.slice(-2) as [string, string];
  const [h1, h2 = h1] = host.split('-').map(Number) as [number, number?];
  const [c1] = container.split('-').map(Number) as [number];
  return Array.from({ length: h2! - h1 + 1 }, (_, i) => `${h1 + i}:${c1 + i}`);
}

function sameResource(trip: RoundTrip, m: Extract<ServiceMapping, { kind: 'resource' }>, original: Data): void {
  expect(wellKnown(String(original.image))?.type).toBe(m.type);
  // The provisioner's server runs an image of the same kind.
  const servers = Object.values(data(trip.compose.services)).filter(
    (s) => wellKnown(String(data(s).image))?.type === m.type,
  );
  expect(servers.length, `a ${m.type} server`).toBeGreaterThan(0);
}
