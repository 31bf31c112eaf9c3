import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../bench/workload-generator';
import { reparseWorkloadText } from '../document/incremental';
import { parseWorkloadText } from '../document/parse';
import { templates } from '../templates';
import { readWorkload, workloadOf } from './read';

const full = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations: {team: payments, tier: 1}
  owner: {email: a@example.com}
service:
  ports:
    web: {port: 80, targetPort: 8080}
    dns: {port: 53, protocol: UDP}
containers:
  web:
    image: nginx:1.27
    command: [/bin/sh, -c]
    args: ["serve", 8080]
    variables:
      DB: \${resources.db.host}
      PORT: "8080"
    files:
      /etc/app.conf: {content: "a=\${metadata.name}", mode: "0644", noExpand: false}
      /etc/key: {source: ./key}
    volumes:
      /data: {source: "\${resources.data}", path: sub, readOnly: true}
    resources:
      requests: {cpu: 250m, memory: 128Mi}
      limits: {cpu: 1}
    livenessProbe:
      httpGet: {port: 8080, path: /healthz, httpHeaders: [{name: X-A, value: b}]}
    readinessProbe:
      exec: {command: [cat, /tmp/ready]}
    before:
      worker: {ready: healthy}
  worker:
    image: worker
    files:
      - {target: /etc/old, content: old}
    volumes:
      - {target: /cache, source: tmp}
resources:
  db: {type: postgres, class: large, id: main.db, params: {size: 10}, metadata: {annotations: {a: b}}}
  data: {type: volume}
`;

describe('the typed view of a workload', () => {
  it('reads every part of a workload', () => {
    const w = readWorkload(parseWorkloadText(full).value);
    expect(w.apiVersion).toBe('score.dev/v1b1');
    expect(w.metadata?.name).toBe('shop');
    expect([...w.metadata!.annotations]).toEqual([
      ['team', 'payments'],
      ['tier', 1],
    ]);
    expect(w.metadata?.values.owner).toEqual({ email: 'a@example.com' });
    expect([...w.servicePorts.values()]).toEqual([
      { name: 'web', port: 80, targetPort: 8080, protocol: undefined },
      { name: 'dns', port: 53, targetPort: undefined, protocol: 'UDP' },
    ]);
    expect([...w.containers.keys()]).toEqual(['web', 'worker']);
    const web = w.containers.get('web')!;
    expect(web.image).toBe('nginx:1.27');
    expect(web.command).toEqual(['/bin/sh', '-c']);
    expect(web.args).toEqual(['serve', 8080]);
    expect([...web.variables]).toEqual([
      ['DB', '${resources.db.host}'],
      ['PORT', '8080'],
    ]);
    expect(web.files).toEqual({
      form: 'map',
      entries: [
        {
          key: '/etc/app.conf',
          target: '/etc/app.conf',
          content: 'a=${metadata.name}',
          mode: '0644',
          noExpand: false,
          source: undefined,
          binaryContent: undefined,
        },
        {
          key: '/etc/key',
          target: '/etc/key',
          source: './key',
          content: undefined,
          mode: undefined,
          noExpand: undefined,
          binaryContent: undefined,
        },
      ],
    });
    expect(web.volumes.entries).toEqual([
      { key: '/data', target: '/data', source: '${resources.data}', path: 'sub', readOnly: true },
    ]);
    expect(web.resources).toEqual({
      requests: { cpu: '250m', memory: '128Mi' },
      limits: { cpu: 1, memory: undefined },
    });
    expect(web.livenessProbe?.httpGet).toMatchObject({
      port: 8080,
      path: '/healthz',
      httpHeaders: [{ name: 'X-A', value: 'b' }],
    });
    expect(web.livenessProbe?.exec).toBeUndefined();
    expect(web.readinessProbe?.exec?.command).toEqual(['cat', '/tmp/ready']);
    expect([...web.before]).toEqual([['worker', { ready: 'healthy' }]]);
    const db = w.resources.get('db')!;
    expect(db).toEqual({
      name: 'db',
      type: 'postgres',
      class: 'large',
      id: 'main.db',
      params: { size: 10 },
      metadata: { annotations: { a: 'b' } },
    });
    expect(w.resources.get('data')?.params).toBeUndefined();
  });

  it('reads the deprecated list forms of files and volumes, each item by its index and target', () => {
    const worker = readWorkload(parseWorkloadText(full).value).containers.get('worker')!;
    expect(worker.files.form).toBe('list');
    expect(worker.files.entries.map((f) => [f.key, f.target, f.content])).toEqual([['0', '/etc/old', 'old']]);
    expect(worker.volumes.form).toBe('list');
    expect(worker.volumes.entries.map((v) => [v.key, v.target, v.source])).toEqual([['0', '/cache', 'tmp']]);
  });

  it('keeps the scalar written where text or a number belongs, and reads a collection there as absent', () => {
    const w = readWorkload({
      metadata: { name: 7 },
      service: { ports: { web: { port: '80', protocol: ['TCP'] } } },
      containers: {
        web: { image: { name: 'x' }, command: 'run', args: ['a', { b: 1 }, null], variables: { A: 1, B: null, C: [] } },
      },
      resources: { db: { type: true, params: 'big', metadata: [] } },
    });
    expect(w.metadata?.name).toBe(7);
    expect(w.servicePorts.get('web')).toEqual({ name: 'web', port: '80', targetPort: undefined, protocol: undefined });
    const web = w.containers.get('web')!;
    expect(web.image).toBeUndefined();
    expect(web.command).toBeUndefined();
    expect(web.args).toEqual(['a', undefined, undefined]);
    expect([...web.variables]).toEqual([
      ['A', 1],
      ['B', undefined],
      ['C', undefined],
    ]);
    expect(w.resources.get('db')).toMatchObject({ type: true, params: undefined, metadata: undefined });
  });

  it('keeps every named entry, and reads one that is not a mapping as empty', () => {
    const w = readWorkload({ containers: { a: null, b: 'x', c: { image: 'c' } }, resources: { r: [] } });
    expect([...w.containers.keys()]).toEqual(['a', 'b', 'c']);
    expect(w.containers.get('a')).toMatchObject({ name: 'a', image: undefined, before: new Map() });
    expect(w.containers.get('a')!.files).toEqual({ form: 'none', entries: [] });
    expect(w.resources.get('r')).toMatchObject({ name: 'r', type: undefined });
  });

  it('reads a part that is not a mapping where one belongs as absent', () => {
    const w = readWorkload({
      metadata: ['a'],
      service: 3,
      containers: {
        web: { livenessProbe: 'yes', readinessProbe: { httpGet: 1, exec: [] }, resources: 'big', before: [] },
      },
    });
    expect(w.metadata).toBeUndefined();
    expect(w.servicePorts.size).toBe(0);
    const web = w.containers.get('web')!;
    expect(web.livenessProbe).toBeUndefined();
    expect(web.readinessProbe).toEqual({ httpGet: undefined, exec: undefined });
    expect(web.resources).toBeUndefined();
    expect(web.before.size).toBe(0);
  });

  it('reads an empty workload from what is no mapping', () => {
    for (const value of [undefined, null, 'text', 3, ['a'], new Map([['containers', {}]])]) {
      const w = readWorkload(value);
      expect(w.containers.size + w.resources.size + w.servicePorts.size).toBe(0);
      expect(w.metadata).toBeUndefined();
    }
  });

  it('keeps __proto__ and other odd keys as plain names', () => {
    const value = JSON.parse(
      '{"containers":{"__proto__":{"image":"x","variables":{"__proto__":"v","constructor":"c"}}}}',
    ) as unknown;
    const w = readWorkload(value);
    expect([...w.containers.keys()]).toEqual(['__proto__']);
    expect([...w.containers.get('__proto__')!.variables.keys()]).toEqual(['__proto__', 'constructor']);
  });

  it('never throws, and keeps every container and resource, whatever the data', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 6 }), (containers, resources) => {
        const w = readWorkload({ metadata: containers, containers, resources, service: { ports: resources } });
        const keys = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : []);
        expect([...w.containers.keys()]).toEqual(keys(containers));
        expect([...w.resources.keys()]).toEqual(keys(resources));
        expect([...w.servicePorts.keys()]).toEqual(keys(resources));
        for (const c of w.containers.values())
          expect(c.files.entries.length + c.volumes.entries.length).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('reading once per check', () => {
  it('gives the same view for the same data, and for the same document', () => {
    const parsed = parseWorkloadText(templates[0]!.text);
    expect(readWorkload(parsed.value)).toBe(readWorkload(parsed.value));
    expect(workloadOf(parsed)).toBe(workloadOf(parsed));
    expect(workloadOf(parsed).containers).toBe(readWorkload(parsed.value).containers);
  });

  it('reads again only the entries an edit touched', () => {
    const text = generateWorkload(5, 5);
    const before = parseWorkloadText(text);
    const edited = text.replace(
      'image: registry.example.com/bench/svc-002:',
      'image: registry.example.com/bench/svc-002b:',
    );
    expect(edited).not.toBe(text);
    const after = reparseWorkloadText(before, edited);
    const [a, b] = [readWorkload(before.value), readWorkload(after.value)];
    expect(b).not.toBe(a);
    for (const name of a.containers.keys()) {
      if (name === 'svc-002') expect(b.containers.get(name)).not.toBe(a.containers.get(name));
      else expect(b.containers.get(name), name).toBe(a.containers.get(name));
    }
    for (const name of a.resources.keys()) expect(b.resources.get(name), name).toBe(a.resources.get(name));
    expect(String(b.containers.get('svc-002')!.image)).toContain('svc-002b:');
  });

  it('reads an entry again when its data stands under another name', () => {
    const data = { image: 'x' };
    expect(readWorkload({ containers: { a: data } }).containers.get('a')!.name).toBe('a');
    expect(readWorkload({ containers: { b: data } }).containers.get('b')!.name).toBe('b');
  });
});

describe('the workload in its text', () => {
  it('has the placeholders with their pointers and places', () => {
    const parsed = parseWorkloadText(full);
    const w = workloadOf(parsed);
    const db = w.placeholders.find((p) => p.parts[1] === 'db')!;
    expect(db.pointer).toBe('/containers/web/variables/DB');
    expect(parsed.text.slice(db.start, db.end)).toBe('${resources.db.host}');
    expect(parsed.lines.range(db.start, db.end).line).toBe(full.split('\n').findIndex((l) => l.includes('DB:')) + 1);
    expect(w.placeholders.map((p) => p.context)).toEqual(['variable', 'file-content', 'volume-source']);
  });
});
