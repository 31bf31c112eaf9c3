import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportCompose } from '../export/compose';
import { defaultProvisioners } from '../provisioners/builtin';
import { buildCatalog } from './build';
import { builtinCatalog, catalogTypes, matchEntry, searchCatalog } from './catalog';
import { provisionersFromFiles } from './load';
import { namePatterns } from './sample';

const CUSTOM = `
- uri: template://acme/postgres-large
  type: postgres
  class: large
  description: A big PostgreSQL on the shared cluster.
  supported_params: [size]
  expected_outputs: [host, port, dsn]
  outputs: |
    host: big-pg
    port: 5432
    dsn: postgres://big-pg:5432/{{ .Id }}
- uri: template://acme/thing
  type: thing
  outputs: |
    colour: blue
    size: {{ randInt 1 2 }}
- uri: cmd://acme/legacy
  type: mainframe
  expected_outputs: [queue]
- uri: local-env://acme/environment
  type: environment
`;

const workload = (resources: string, variables = '') => `apiVersion: score.dev/v1b1
metadata:
  name: my-workload
containers:
  main:
    image: busybox
${variables ? `    variables:\n${variables}` : ''}resources:
${resources}`;

describe('built-in catalog', () => {
  const catalog = builtinCatalog();

  it('has one entry per default provisioner, then the environment resource, in match order', () => {
    expect(catalog.entries.map((e) => e.uri)).toEqual([
      ...defaultProvisioners().map((p) => p.uri),
      'local-env://default-provisioners/environment',
    ]);
    expect(catalog.provisioners).toHaveLength(catalog.entries.length);
    expect(catalog.entries.every((e) => e.source.kind === 'built-in')).toBe(true);
  });

  it('is what building from no files gives (the app starts with it, without the file reader)', () => {
    expect(buildCatalog([])).toEqual({ catalog, errors: [] });
    expect(buildCatalog([]).catalog.provisioners.map((p) => p.provision)).toEqual(
      catalog.provisioners.map((p) => p.provision),
    );
  });

  it('says what the provisioners declare: names, meanings and secret flags, written once', () => {
    for (const p of defaultProvisioners()) {
      const entry = catalog.entries.find((e) => e.uri === p.uri)!;
      expect(entry.type).toBe(p.type);
      expect(entry.description).toBe(p.description);
      expect(entry.outputs.map((o) => [o.name, o.description, o.secret])).toEqual(
        p.outputs.map((o) => [o.name, o.description, o.secret ?? false]),
      );
      expect(entry.params.map((o) => [o.name, o.description, o.required])).toEqual(
        p.params.map((o) => [o.name, o.description, o.required ?? false]),
      );
      expect(entry.outputsDeclared && entry.paramsDeclared).toBe(true);
    }
  });

  it('gives example outputs that the Compose export really produces, and never one for a secret', () => {
    for (const entry of catalog.entries.filter(
      (e) => !e.anyOutput && e.type !== 'route' && e.type !== 'service-port',
    )) {
      const out = exportCompose([{ text: workload(`  ${entry.type}:\n    type: ${entry.type}\n`) }], { seed: 1 });
      expect(out.errors, entry.type).toEqual([]);
      const outputs = out.resources[0]!.outputs;
      for (const o of entry.outputs) {
        if (o.secret) expect(o.example, `${entry.type}.${o.name}`).toBeUndefined();
        else expect(o.example, `${entry.type}.${o.name}`).toEqual(outputs[o.name]);
      }
    }
  });

  it('lists the compose services each type adds, with random parts named <random>', () => {
    const services = (type: string) => catalog.entries.find((e) => e.type === type)!.services;
    expect(services('postgres')).toEqual([
      { name: 'pg-<random>', image: 'mirror.gcr.io/postgres:17-alpine' },
      { name: 'pg-<random>-init', image: 'mirror.gcr.io/postgres:17-alpine' },
    ]);
    expect(services('redis').map((s) => s.name)).toEqual(['redis-<random>']);
    expect(services('elasticsearch').map((s) => s.name)).toEqual(['setup', 'elasticsearch']);
    expect(services('dns')).toEqual([]);
    expect(catalog.entries.find((e) => e.type === 'volume')!.volumes).toEqual(['my-workload-volume-<random>']);
    // The names match what an export creates.
    const out = exportCompose([{ text: workload('  db:\n    type: postgres\n') }], { seed: 9 });
    const names = Object.keys((parse(out.compose) as { services: object }).services);
    expect(names.filter((n) => /^pg-[A-Za-z0-9]{6}(-init)?$/.test(n))).toHaveLength(2);
  });

  it('groups entries by type, with "(any)" for entries that take every class', () => {
    const types = catalogTypes(catalog);
    expect(types.map((t) => t.type)).toEqual([...types.map((t) => t.type)].sort());
    expect(types.find((t) => t.type === 'postgres')!.classes).toEqual(['(any)']);
  });
});

describe('name patterns', () => {
  it('replaces what differs between runs by <random>, widened to whole words', () => {
    expect(
      namePatterns([
        ['pg-Ab12cd-init', 'fixed'],
        ['pg-Zb99cd-init', 'fixed'],
      ]),
    ).toEqual(['pg-<random>-init', 'fixed']);
    expect(namePatterns([['dnsabc.localhost'], ['dnsxyz.localhost']])).toEqual(['<random>.localhost']);
    expect(namePatterns([['a', 'b'], ['a']])).toEqual(['a', 'b']);
  });
});

describe('loaded provisioner files', () => {
  const { catalog, errors } = buildCatalog([{ name: '10-acme.provisioners.yaml', text: CUSTOM }]);

  it('come before the built-in entries, with their source', () => {
    expect(errors).toEqual([]);
    expect(catalog.entries.slice(0, 4).map((e) => [e.type, e.kind, e.source])).toEqual([
      ['postgres', 'template', { kind: 'file', file: '10-acme.provisioners.yaml' }],
      ['thing', 'template', { kind: 'file', file: '10-acme.provisioners.yaml' }],
      ['mainframe', 'cmd', { kind: 'file', file: '10-acme.provisioners.yaml' }],
      ['environment', 'environment', { kind: 'file', file: '10-acme.provisioners.yaml' }],
    ]);
    expect(catalog.entries.length).toBe(4 + builtinCatalog().entries.length);
    expect(catalog.files).toEqual([{ name: '10-acme.provisioners.yaml', entries: 4 }]);
  });

  it('match by class first, as score-compose: class large gets the custom one, others the built-in', () => {
    const large = matchEntry(catalog, 'w', 'db', { type: 'postgres', class: 'large' })!;
    const plain = matchEntry(catalog, 'w', 'db', { type: 'postgres' })!;
    expect(large.uri).toBe('template://acme/postgres-large');
    expect(plain.uri).toBe('template://default-provisioners/postgres');
    expect(catalogTypes(catalog).find((t) => t.type === 'postgres')!.classes).toEqual(['large', '(any)']);
  });

  it('know outputs from expected_outputs, or from a sample run when the file does not list them', () => {
    const large = catalog.entries[0]!;
    expect(large.outputs.map((o) => [o.name, o.example, o.secret])).toEqual([
      ['host', 'big-pg', false],
      ['port', 5432, false],
      ['dsn', 'postgres://big-pg:5432/my-workload.postgres', false],
    ]);
    expect(large.params).toEqual([{ name: 'size', description: '', required: false }]);
    const thing = catalog.entries[1]!;
    expect(thing.outputsDeclared).toBe(false);
    expect(thing.paramsDeclared).toBe(false);
    expect(thing.outputs.map((o) => o.name)).toEqual(['colour', 'size']);
  });

  it('flag cmd:// provisioners as unable to run in a browser', () => {
    const cmd = catalog.entries[2]!;
    expect(cmd.runsInBrowser).toBe(false);
    expect(cmd.note).toMatch(/cannot run in a browser/);
    expect(cmd.outputs.map((o) => o.name)).toEqual(['queue']);
    const out = exportCompose([{ text: workload('  queue:\n    type: mainframe\n') }], {
      provisioners: [...catalog.provisioners],
    });
    expect(out.errors.join('\n')).toMatch(/cmd:\/\/acme\/legacy.*cannot run in a browser/);
  });

  it('are read in file name order, whatever order they were loaded in; a broken file is reported alone', () => {
    const a = '- uri: template://a/redis\n  type: redis\n  outputs: "host: from-a"\n';
    const b = '- uri: template://b/redis\n  type: redis\n  outputs: "host: from-b"\n';
    const built = buildCatalog([
      { name: 'b.provisioners.yaml', text: b },
      { name: 'broken.provisioners.yaml', text: '- uri: ftp://x\n  type: y\n' },
      { name: 'a.provisioners.yaml', text: a },
    ]);
    expect(built.catalog.entries[0]!.uri).toBe('template://a/redis');
    expect(built.errors).toEqual([
      {
        file: 'broken.provisioners.yaml',
        error: expect.stringMatching(/unsupported provisioner uri 'ftp:\/\/x'/) as string,
      },
    ]);
    const out = exportCompose(
      [{ text: workload('  cache:\n    type: redis\n', '      H: ${resources.cache.host}\n') }],
      {
        provisioners: [...built.catalog.provisioners],
      },
    );
    expect(out.compose).toContain('H: from-a');
  });
});

describe('provisionersFromFiles (the CLI)', () => {
  const a = { name: 'a.yaml', text: '- uri: template://a/redis\n  type: redis\n  outputs: "host: from-a"\n' };
  const b = { name: 'b.yaml', text: '- uri: template://b/redis\n  type: redis\n  outputs: "host: from-b"\n' };
  const hostWith = (files: Array<{ name: string; text: string }>) => {
    const loaded = provisionersFromFiles(files);
    if ('error' in loaded) throw new Error(loaded.error);
    const out = exportCompose(
      [{ text: workload('  cache:\n    type: redis\n', '      H: ${resources.cache.host}\n') }],
      {
        provisioners: loaded.provisioners,
      },
    );
    return /H: (.*)/.exec(out.compose)?.[1];
  };

  it('keeps the order given (not sorted), all before the built-ins', () => {
    expect(hostWith([b, a])).toBe('from-b');
    expect(hostWith([a, b])).toBe('from-a');
    expect(hostWith([])).toMatch(/^redis-[A-Za-z0-9]{6}$/);
  });

  it('reports the first file that does not load', () => {
    expect(provisionersFromFiles([a, { name: 'bad.yaml', text: 'not: a list' }])).toEqual({
      error: "failed to load provisioners: failed to decode file 'bad.yaml': expected a list of provisioners",
    });
  });
});

describe('search', () => {
  const types = catalogTypes(builtinCatalog());
  it('finds types by name, description, output and param, every word', () => {
    expect(searchCatalog(types, 'postgres').map((t) => t.type)).toEqual(['postgres', 'postgres-instance']);
    expect(searchCatalog(types, 'VHOST').map((t) => t.type)).toEqual(['amqp']);
    expect(searchCatalog(types, 'bucket minio').map((t) => t.type)).toEqual(['s3']);
    expect(searchCatalog(types, 'workload port').map((t) => t.type)).toContain('service-port');
    expect(searchCatalog(types, 'nothing-like-this')).toEqual([]);
    expect(searchCatalog(types, '  ')).toHaveLength(types.length);
  });
});
