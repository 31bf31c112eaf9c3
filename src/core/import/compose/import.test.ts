import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateText } from '../../validate';
import { importCompose, MAX_COMPOSE_LENGTH, MAX_SERVICES, type ComposeImport } from './index';

/** What the import makes of each Compose feature, one at a time; the round trip covers them together. */

type Data = Record<string, unknown>;

/** The workload named so, read back as data. */
function workload(result: ComposeImport, name: string): Data {
  const found = result.workloads.find((w) => w.name === name);
  expect(found, `workload ${name} in ${result.workloads.map((w) => w.name).join(', ')}`).toBeDefined();
  return parse(found!.text) as Data;
}

function container(result: ComposeImport, name: string, inWorkload = name): Data {
  return (workload(result, inWorkload).containers as Data)[name] as Data;
}

/** Each diagnostic as `LINE SEVERITY CODE`, in document order. */
const said = (result: ComposeImport) => result.diagnostics.map((d) => `${d.range.line} ${d.severity} ${d.code}`);

describe('importCompose: services become containers', () => {
  it('keeps the image, and writes entrypoint as command and command as args, word for word', () => {
    const result = importCompose(
      [
        'services:',
        '  web:',
        '    image: ghcr.io/example/web:1.0',
        '    entrypoint: /bin/entry --flag',
        `    command: serve --name "my app" 'a b' c\\ d costs$$5`,
      ].join('\n'),
    );
    expect(result.errors).toBe(0);
    expect(container(result, 'web')).toEqual({
      image: 'ghcr.io/example/web:1.0',
      command: ['/bin/entry', '--flag'],
      args: ['serve', '--name', 'my app', 'a b', 'c d', 'costs$5'],
    });
  });

  it('leaves out the wait that closes a circle of depends_on (Compose refuses the circle), and says so', () => {
    const result = importCompose(
      'services:\n  a:\n    image: x\n    depends_on: [b]\n  b:\n    image: y\n    depends_on: [c]\n  c:\n    image: z\n    depends_on: [a]\n',
    );
    expect(result.errors).toBe(0);
    expect(result.workloads).toHaveLength(1);
    expect(validateText(result.workloads[0]!.text).valid).toBe(true);
    const circle = result.diagnostics.filter((d) => d.message.includes('a circle'));
    expect(circle).toHaveLength(1);
    expect(circle[0]!.severity).toBe('warning');
  });

  it('leaves out a command line whose quote is never closed, as Compose refuses it, and says so', () => {
    const result = importCompose('services:\n  web:\n    image: nginx\n    command: echo "unclosed\n');
    expect(container(result, 'web')).toEqual({ image: 'nginx' });
    expect(said(result)).toEqual(['4 warning COMPOSE_NOT_CONVERTED']);
  });

  it('writes a service built from source with image "." and says how score-compose builds it', () => {
    const result = importCompose('services:\n  app:\n    build: .\n');
    expect(container(result, 'app')).toEqual({ image: '.' });
    expect(said(result)).toEqual(['3 info COMPOSE_CHANGED']);
  });

  it('reads both forms of environment; ${NAME} reads the environment resource, $$ is a literal dollar', () => {
    const list = importCompose(
      'services:\n  app:\n    image: a\n    environment:\n      - PLAIN=x y\n      - FROM_HOST\n      - HOME_DIR=$HOME/data\n      - PRICE=$$5\n      - EMPTY=\n',
    );
    const map = importCompose(
      'services:\n  app:\n    image: a\n    environment:\n      PLAIN: x y\n      FROM_HOST:\n      HOME_DIR: ${HOME}/data\n      PRICE: $$5\n      EMPTY: ""\n      RATIO: 1.50\n      DEBUG: false\n',
    );
    const expected = {
      PLAIN: 'x y',
      FROM_HOST: '${resources.env.FROM_HOST}',
      HOME_DIR: '${resources.env.HOME}/data',
      PRICE: '$$5',
      EMPTY: '',
    };
    expect(container(list, 'app').variables).toEqual(expected);
    // Numbers and booleans as written, as Compose passes them on.
    expect(container(map, 'app').variables).toEqual({ ...expected, RATIO: '1.50', DEBUG: 'false' });
    expect(workload(list, 'app').resources).toEqual({ env: { type: 'environment' } });
  });

  it('declares ports as service ports (ranges spread, UDP kept) and publishes the published ones', () => {
    const result = importCompose(
      'services:\n  app:\n    image: a\n    ports:\n      - "8080:80"\n      - "9000-9001:9000-9001"\n      - 5000\n      - target: 53\n        protocol: udp\n    expose:\n      - 7000\n',
    );
    expect(workload(result, 'app').service).toEqual({
      ports: {
        'port-80': { port: 80 },
        'port-9000': { port: 9000 },
        'port-9001': { port: 9001 },
        'port-5000': { port: 5000 },
        'port-53-udp': { port: 53, protocol: 'UDP' },
        'port-7000': { port: 7000 },
      },
    });
    expect(result.publish).toEqual(['8080:app:80', '9000:app:9000', '9001:app:9001']);
  });

  it('mounts named volumes from volume resources, shared by id where several workloads mount them', () => {
    const result = importCompose(
      'services:\n  app:\n    image: a\n    volumes:\n      - data:/data:ro\n      - /cache\n  tool:\n    image: b\n    volumes:\n      - type: volume\n        source: data\n        target: /srv\n',
    );
    expect(container(result, 'app').volumes).toEqual({
      '/data': { source: '${resources.data}', readOnly: true },
      '/cache': { source: '${resources.app-cache}' },
    });
    expect(workload(result, 'app').resources).toEqual({
      data: { type: 'volume', id: 'data' },
      'app-cache': { type: 'volume' },
    });
    expect(workload(result, 'tool').resources).toEqual({ data: { type: 'volume', id: 'data' } });
  });

  it('turns depends_on conditions into start order inside one workload, and health checks into probes', () => {
    const result = importCompose(
      [
        'services:',
        '  web:',
        '    image: web',
        '    depends_on:',
        '      migrate: {condition: service_completed_successfully}',
        '      api: {condition: service_healthy}',
        '      cache: {condition: service_healthy}',
        '  migrate:',
        '    image: tool',
        '  api:',
        '    image: api',
        '    healthcheck:',
        '      test: ["CMD-SHELL", "curl -f http://localhost/ || exit 1"]',
        '  cache:',
        '    image: memcached',
      ].join('\n'),
    );
    expect(result.workloads.map((w) => w.name)).toEqual(['web']);
    expect(container(result, 'migrate', 'web').before).toEqual({ web: { ready: 'complete' } });
    expect(container(result, 'api', 'web')).toEqual({
      image: 'api',
      readinessProbe: { exec: { command: ['sh', '-c', 'curl -f http://localhost/ || exit 1'] } },
      before: { web: { ready: 'healthy' } },
    });
    // cache has no health check: healthy cannot be waited for in Score, so it is said and becomes started.
    expect(container(result, 'cache', 'web').before).toEqual({ web: { ready: 'started' } });
    expect(said(result)).toContain('7 info COMPOSE_CHANGED');
  });

  it('with one workload per service, leaves start order out and says so at each depends_on', () => {
    const result = importCompose('services:\n  web:\n    image: web\n    depends_on: [api]\n  api:\n    image: api\n', {
      grouping: 'per-service',
    });
    expect(result.workloads.map((w) => w.name)).toEqual(['web', 'api']);
    expect(container(result, 'web').before).toBeUndefined();
    expect(said(result)).toEqual(['4 warning COMPOSE_NOT_CONVERTED']);
  });
});

describe('importCompose: well-known images become resources', () => {
  const django = [
    'services:',
    '  web:',
    '    image: blog',
    '    environment:',
    '      DATABASE_URL: postgres://blogger:pa55@db:5432/blog',
    '      DB_HOST: db',
    '      DB_PASSWORD: pa55',
    '      GREETING: pa55',
    '    depends_on: [db]',
    '  db:',
    '    image: docker.io/library/postgres:16-alpine',
    '    environment:',
    '      POSTGRES_USER: blogger',
    '      POSTGRES_PASSWORD: pa55',
    '      POSTGRES_DB: blog',
  ].join('\n');

  it('replaces the values the database fixes with its outputs (a password only where a password is meant)', () => {
    const result = importCompose(django);
    expect(result.errors).toBe(0);
    expect(workload(result, 'web').resources).toEqual({ db: { type: 'postgres' } });
    expect(container(result, 'web').variables).toEqual({
      DATABASE_URL:
        'postgres://${resources.db.username}:${resources.db.password}@${resources.db.host}:${resources.db.port}/${resources.db.database}',
      DB_HOST: '${resources.db.host}',
      DB_PASSWORD: '${resources.db.password}',
      GREETING: 'pa55',
    });
    expect(result.services).toContainEqual({
      service: 'db',
      kind: 'resource',
      type: 'postgres',
      resource: 'db',
      workloads: ['web'],
    });
  });

  it.each([
    ['postgres:16', 'postgres'],
    ['mariadb:11', 'mysql'],
    ['mysql:8', 'mysql'],
    ['redis:7-alpine', 'redis'],
    ['mongo:7', 'mongodb'],
    ['rabbitmq:3-management', 'amqp'],
  ])('%s used by another service is a %s resource', (image, type) => {
    const result = importCompose(
      `services:\n  app:\n    image: a\n    depends_on: [store]\n  store:\n    image: ${image}\n`,
    );
    expect(workload(result, 'app').resources).toEqual({ store: { type } });
  });

  it('keeps a well-known image nobody uses, or every one with resources: false, a container', () => {
    expect(importCompose('services:\n  db:\n    image: postgres\n').workloads.map((w) => w.name)).toEqual(['db']);
    const kept = importCompose(django, { resources: false });
    expect(workload(kept, 'web').resources).toBeUndefined();
    expect(Object.keys(workload(kept, 'web').containers as Data)).toEqual(['web', 'db']);
  });
});

describe('importCompose: what is not converted is said at its line', () => {
  it('names each field Score has no place for, at the line of its key', () => {
    const result = importCompose(
      [
        'version: "3.9"', // 1
        'services:',
        '  app:',
        '    image: a',
        '    restart: always', // 5
        '    volumes:',
        '      - ./config:/etc/app', // 7
        '    environment:',
        '      T: ${T:-30}', // 9
        '    ports:',
        '      - "53:53/udp"', // 11
        '      - "80:80/sctp"', // 12
        'networks:', // 13
        '  back: {}',
      ].join('\n'),
    );
    expect(said(result)).toEqual([
      '1 info COMPOSE_CHANGED',
      '5 warning COMPOSE_NOT_CONVERTED',
      '7 warning COMPOSE_NOT_CONVERTED',
      '9 warning COMPOSE_NOT_CONVERTED',
      '11 warning COMPOSE_NOT_CONVERTED',
      '12 warning COMPOSE_NOT_CONVERTED',
      '13 warning COMPOSE_NOT_CONVERTED',
    ]);
    expect(result.errors).toBe(0);
    expect(result.publish).toEqual([]);
  });
});

describe('importCompose: bad input is an error, never a crash', () => {
  const refused = (text: string) => {
    const result = importCompose(text);
    expect(result.workloads).toEqual([]);
    expect(result.errors).toBeGreaterThan(0);
    return result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
  };

  it('refuses malformed YAML, binary content, an empty file and a file with no services, with the line', () => {
    const malformed = importCompose('services:\n  web:\n    image: [nginx\n');
    expect(malformed.workloads).toEqual([]);
    expect(said(malformed)).toEqual(['4 error SYNTAX_ERROR']);
    expect(refused('services:\n  web:\0\u0001')).toEqual(['BINARY_CONTENT']);
    expect(importCompose('\0\0').diagnostics[0]!.message).toContain('compose.yaml');
    expect(refused('')).toEqual(['EMPTY_DOCUMENT']);
    expect(refused('- a\n- b\n')).toEqual(['NOT_A_MAPPING']);
    expect(refused('volumes:\n  data: {}\n')).toEqual(['COMPOSE_INVALID']);
    expect(refused('services:\n  web: nginx\n')).toEqual(['COMPOSE_INVALID']);
  });

  it('refuses an alias bomb, deep nesting, a huge file and too many services', () => {
    const levels = Array.from(
      { length: 10 },
      (_, i) =>
        `l${i}: &l${i} [${Array(10)
          .fill(i ? `*l${i - 1}` : 'x')
          .join(', ')}]`,
    );
    expect(refused(`${levels.join('\n')}\nservices:\n  web:\n    image: a\n    command: *l9\n`)).toEqual([
      'TOO_MANY_ALIASES',
    ]);
    expect(refused(`services:\n  web:\n    image: a\n    command: ${'['.repeat(3000)}${']'.repeat(3000)}\n`)).toEqual([
      'NESTING_TOO_DEEP',
    ]);
    expect(refused('services:\n  web:\n    image: a\n' + '#'.repeat(MAX_COMPOSE_LENGTH))).toEqual(['COMPOSE_INVALID']);
    const many = Array.from({ length: MAX_SERVICES + 1 }, (_, i) => `  s${i}:\n    image: a\n`).join('');
    expect(refused(`services:\n${many}`)).toEqual(['COMPOSE_INVALID']);
  });

  it('reads __proto__ and constructor as the names and keys they are, never as the object prototype', () => {
    const result = importCompose(
      [
        '__proto__: {}',
        'services:',
        '  __proto__:',
        '    image: __proto__',
        '    environment: {__proto__: x, constructor: y}',
        '    annotations: {__proto__: z, example.com/constructor: y}',
        '    volumes: ["__proto__:/__proto__"]',
        '    depends_on: {constructor: {condition: __proto__}}',
        '    constructor: 1',
        '  constructor:',
        '    image: toString',
      ].join('\n'),
    );
    expect(result.errors).toBe(0);
    const [w] = result.workloads;
    const score = parse(w!.text) as Data;
    expect(Object.keys(score.containers as Data)).toEqual(['proto', 'constructor']);
    const first = (score.containers as Data).proto as Data;
    expect(Object.keys(first.variables as Data)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(first.volumes as Data)).toEqual(['/__proto__']);
    expect((score.metadata as Data).annotations).toEqual({ 'example.com/constructor': 'y' });
    expect(validateText(w!.text).errors).toBe(0);
    // Every message is text: no table lookup gave back one of Object.prototype's members.
    for (const d of result.diagnostics) expect(typeof d.message).toBe('string');
    expect(said(result)).toEqual([
      '1 warning COMPOSE_NOT_CONVERTED',
      '3 info COMPOSE_CHANGED',
      '6 warning COMPOSE_NOT_CONVERTED',
      '8 warning COMPOSE_NOT_CONVERTED',
      '9 warning COMPOSE_NOT_CONVERTED',
    ]);
  });
});
