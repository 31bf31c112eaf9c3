import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exportCompose, type ComposeExport } from '../../export/compose';
import { defaultProvisioners } from './index';

/** A workload using the given resources; its variables read every output named in `reads`. */
function workload(
  name: string,
  resources: Record<string, unknown>,
  reads: Record<string, string> = {},
  extra = '',
): string {
  const variables = Object.entries(reads)
    .map(([k, ref]) => `      ${k}: \${resources.${ref}}`)
    .join('\n');
  return `apiVersion: score.dev/v1b1
metadata:
  name: ${name}
containers:
  main:
    image: busybox
${variables ? `    variables:\n${variables}\n` : ''}resources: ${JSON.stringify(resources)}
${extra}`;
}

function run(texts: string[], seed = 1): ComposeExport {
  return exportCompose(
    texts.map((text, i) => ({ text, file: `w${i}.yaml` })),
    { projectName: 'demo', seed },
  );
}

interface Compose {
  services: Record<string, Record<string, unknown>>;
  volumes?: Record<string, Record<string, unknown>>;
}

function compose(out: ComposeExport): Compose {
  expect(out.errors).toEqual([]);
  return parse(out.compose) as Compose;
}

function env(c: Compose, service = 'web-main'): Record<string, string> {
  return c.services[service]!.environment as Record<string, string>;
}

describe('default provisioners: catalog metadata', () => {
  it('describes each type, with its outputs and secret flags', () => {
    const list = defaultProvisioners();
    expect(list.map((p) => p.type)).toEqual([
      'volume',
      'service-port',
      'redis',
      'postgres',
      'postgres-instance',
      's3',
      'amqp',
      'dns',
      'route',
      'mongodb',
      'mysql',
      'kafka-topic',
      'elasticsearch',
      'mssql',
    ]);
    for (const p of list) {
      expect(p.description, p.type).not.toBe('');
      if (p.type !== 'route') expect(p.outputs.length, p.type).toBeGreaterThan(0);
    }
    expect(list.find((p) => p.type === 'postgres')!.outputs.find((o) => o.name === 'password')!.secret).toBe(true);
    expect(list.find((p) => p.type === 'route')!.params.map((p) => p.name)).toEqual(['host', 'path', 'port']);
  });
});

describe('default provisioners: what they add', () => {
  it('volume: a named local volume labelled with the resource uid', () => {
    const c = compose(run([workload('web', { data: { type: 'volume' } }) + '']));
    const [name] = Object.keys(c.volumes!);
    expect(name).toMatch(/^web-data-[A-Za-z0-9]{6}$/);
    expect(c.volumes![name!]).toEqual({
      name,
      driver: 'local',
      labels: { 'dev.score.compose.res.uid': 'volume.default#web.data' },
    });
  });

  it('redis: one server per resource, with its password in a mounted config', () => {
    const out = run([
      workload('web', { ra: { type: 'redis' }, rb: { type: 'redis' } }, { A: 'ra.password', B: 'rb.host' }),
    ]);
    const c = compose(out);
    const redis = Object.keys(c.services).filter((s) => s.startsWith('redis-'));
    expect(redis).toHaveLength(2);
    const conf = out.files.find(
      (f) =>
        f.path === `.score-compose/mounts/${redis[0]}/redis.conf` ||
        f.path === `.score-compose/mounts/${redis[1]}/redis.conf`,
    );
    expect(String(conf!.content)).toMatch(/^requirepass [A-Za-z0-9]{16}\nport 6379\n/);
    expect(redis).toContain(env(c).B);
  });

  it('postgres: one shared server and init service, one database script per resource', () => {
    const out = run([
      workload(
        'web',
        { p1: { type: 'postgres' }, p2: { type: 'postgres' } },
        { A: 'p1.database', B: 'p2.database', H: 'p1.host', HB: 'p2.host', P: 'p1.port' },
      ),
    ]);
    const c = compose(out);
    const pg = Object.keys(c.services).filter((s) => /^pg-[A-Za-z0-9]{6}$/.test(s));
    expect(pg).toHaveLength(1);
    expect(c.services[`${pg[0]}-init`]!.labels).toEqual({ 'dev.score.compose.labels.is-init-container': 'true' });
    expect(env(c).H).toBe(pg[0]);
    expect(env(c).HB).toBe(pg[0]);
    expect(env(c).P).toBe('5432');
    expect(env(c).A).not.toBe(env(c).B);
    const scripts = out.files
      .filter((f) => f.path.startsWith(`.score-compose/mounts/${pg[0]}-db-scripts/`))
      .map((f) => f.path);
    expect(scripts.sort()).toEqual(
      [env(c).A, env(c).B].map((db) => `.score-compose/mounts/${pg[0]}-db-scripts/${db}.sql`).sort(),
    );
    const wait = c.services['wait-for-resources']!.depends_on as Record<string, { condition: string }>;
    expect(wait[pg[0]!]!.condition).toBe('service_healthy');
    expect(wait[`${pg[0]}-init`]!.condition).toBe('service_completed_successfully');
  });

  it('postgres: the publish-port annotation publishes the server port', () => {
    const c = compose(
      run([
        workload('web', {
          db: { type: 'postgres', metadata: { annotations: { 'compose.score.dev/publish-port': '15432' } } },
        }),
      ]),
    );
    const pg = Object.keys(c.services).find((s) => /^pg-[A-Za-z0-9]{6}$/.test(s))!;
    expect(c.services[pg]!.ports).toEqual([{ target: 5432, published: '15432' }]);
  });

  it("amqp: reads its port annotations as sprig's atoi does, so ' 9000' or '0x10' publish nothing", () => {
    const amqp = (port: string) =>
      compose(
        run([
          workload('web', {
            queue: { type: 'amqp', metadata: { annotations: { 'compose.score.dev/publish-port': port } } },
          }),
        ]),
      );
    const server = (c: Compose) => c.services[Object.keys(c.services).find((s) => s.startsWith('rabbitmq-'))!]!;
    expect(server(amqp('9000')).ports).toEqual([{ published: '9000', target: 5672 }]);
    expect(server(amqp(' 9000')).ports).toBeUndefined();
    expect(server(amqp('0x10')).ports).toBeUndefined();
  });

  it('mysql, s3, amqp: one shared server, one init or script per resource', () => {
    const c = compose(
      run([
        workload('web', {
          m1: { type: 'mysql' },
          m2: { type: 'mysql' },
          s1: { type: 's3' },
          s2: { type: 's3' },
          q1: { type: 'amqp' },
          q2: { type: 'amqp' },
        }),
      ]),
    );
    const names = Object.keys(c.services);
    expect(names.filter((s) => /^mysql-[A-Za-z0-9]{6}$/.test(s))).toHaveLength(1);
    expect(names.filter((s) => /^minio-[A-Za-z0-9]{6}(-init)?$/.test(s))).toHaveLength(2);
    expect(names.filter((s) => /^rabbitmq-[A-Za-z0-9]{6}(-init)?$/.test(s))).toHaveLength(2);
  });

  it('kafka-topic: one broker, one topic init per resource', () => {
    const c = compose(
      run([workload('web', { t1: { type: 'kafka-topic' }, t2: { type: 'kafka-topic' } }, { PORT: 't1.port' })]),
    );
    const names = Object.keys(c.services);
    expect(names.filter((s) => /^kafka-[A-Za-z0-9]{6}$/.test(s))).toHaveLength(1);
    expect(names.filter((s) => /^topic-[A-Za-z0-9]{6}-init$/.test(s))).toHaveLength(2);
    expect(env(c).PORT).toBe('9092');
  });

  it('elasticsearch and mssql: fixed service names', () => {
    const c = compose(
      run([
        workload('web', { es: { type: 'elasticsearch' }, sql: { type: 'mssql' } }, { P: 'sql.port', E: 'es.port' }),
      ]),
    );
    expect(Object.keys(c.services)).toEqual(
      expect.arrayContaining(['setup', 'elasticsearch', 'default-provisioners-mssql']),
    );
    expect(c.services.elasticsearch!.mem_limit).toBe('1073741824');
    expect(env(c).P).toBe('0');
    expect(env(c).E).toBe('9200');
  });

  it('dns and mongodb: a .localhost host, a dedicated server with a connection string', () => {
    const c = compose(
      run([
        workload('web', { dn: { type: 'dns' }, mo: { type: 'mongodb' } }, { HOST: 'dn.host', URL: 'mo.connection' }),
      ]),
    );
    expect(env(c).HOST).toMatch(/^dns[a-z0-9]{6}\.localhost$/);
    expect(env(c).URL).toMatch(/^mongodb:\/\/user-[A-Za-z]{8}:[A-Za-z0-9]{16}@mongo-[A-Za-z0-9]{6}:27017\/$/);
  });

  it('service-port: the other workload by name and target port', () => {
    const a = `apiVersion: score.dev/v1b1\nmetadata:\n  name: api\ncontainers:\n  main:\n    image: x\nservice:\n  ports:\n    web:\n      port: 8080\n      targetPort: 80\n`;
    const b = (port: string) =>
      workload(
        'web',
        { dep: { type: 'service-port', params: { workload: 'api', port } } },
        { URL: 'dep.hostname', P: 'dep.port' },
      );
    expect(env(compose(run([a, b('web')])))).toEqual({ URL: 'api', P: '80' });
    expect(env(compose(run([a, b('8080')])))).toEqual({ URL: 'api', P: '80' });
    // score-compose's check for an unknown port never fires: the port is 0.
    expect(env(compose(run([a, b('nope')])))).toEqual({ URL: 'api', P: '0' });
    expect(run([b('web')]).errors).toEqual([
      "failed to provision: resource 'service-port.default#web.dep': failed to provision: outputs template failed: " +
        'failed to execute template: template: :4:44: executing "" at <fail "unknown workload">: error calling fail: unknown workload',
    ]);
  });

  it('route: one nginx for all routes, and params checked', () => {
    const ports = 'service:\n  ports:\n    web:\n      port: 80\n      targetPort: 8080\n';
    const route = (params: Record<string, unknown>) => workload('web', { rt: { type: 'route', params } }, {}, ports);
    const out = run([route({ host: 'example.localhost', path: '/api', port: 'web' })]);
    const c = compose(out);
    const nginx = Object.keys(c.services).find((s) => s.startsWith('routing-'))!;
    expect(c.services[nginx]!.ports).toEqual([{ target: 80, published: '8080' }]);
    const conf = String(out.files.find((f) => f.path.endsWith('/nginx.conf'))!.content);
    expect(conf).toContain('server_name example.localhost;');
    expect(conf).toContain('location ~ ^/api$ {');
    expect(conf).toContain('set $backend web:8080;');
    expect(run([route({ host: 'example.localhost', path: 'api', port: 'web' })]).errors[0]).toMatch(
      /params.path start with a \//,
    );
    expect(run([route({ host: 'Bad Host', path: '/', port: 'web' })]).errors[0]).toMatch(
      /params.host must be a valid hostname but was Bad Host$/,
    );
    expect(run([route({ host: 'h', path: '/', port: 'nope' })]).errors[0]).toMatch(
      /params.port is not a named service port$/,
    );
  });

  it('is repeatable for a seed and changes with it', () => {
    const text = workload('web', { db: { type: 'postgres' } }, { P: 'db.password' });
    expect(run([text], 5).compose).toBe(run([text], 5).compose);
    expect(run([text], 5).compose).not.toBe(run([text], 6).compose);
  });
});
