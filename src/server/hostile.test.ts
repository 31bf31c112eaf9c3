import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '../api/repository-suite';
import { startTestServer, type TestServer } from '../../test/support/workloads-server';

/**
 * 100 hostile requests — malformed JSON and YAML, huge bodies, alias bombs, deep nesting, prototype
 * keys, binary, bad credentials, path traversal and SQL in names — each refused with a 4xx and a
 * reason; the server answers a normal request after each kind, and nothing is stored. Filters with
 * SQL in them are plain text: they match nothing, and the tables are intact.
 */
interface Hostile {
  kind: string;
  method: string;
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  type?: string;
  headers?: Record<string, string>;
  /** Send without the valid key. */
  anonymous?: boolean;
}

const yaml = 'application/x-yaml';
const json = 'application/json';
const workload = (name: string) => sampleText(name);
const nested = (depth: number, open: string, close: string, leaf = '1') =>
  open.repeat(depth) + leaf + close.repeat(depth);
const laughs = (levels: number) => {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < levels; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return lines.join('\n') + '\n';
};

function hostileRequests(readOnlyKey: string): Hostile[] {
  const post = (
    kind: string,
    body: string | Uint8Array<ArrayBuffer>,
    type = yaml,
    extra: Partial<Hostile> = {},
  ): Hostile => ({
    kind,
    method: 'POST',
    path: '/workloads',
    body,
    type,
    ...extra,
  });
  const list: Hostile[] = [];
  // Malformed JSON (12)
  for (const body of [
    '{',
    '{"apiVersion": }',
    '[1,2',
    '{"a":1,}',
    "{'a': 1}",
    'nul',
    '{"a": "\\x"}',
    '{"a":1}}',
    '"\\ud800',
    '{"a":',
    '',
    '{"metadata": {"name": "x"}',
  ]) {
    list.push(post('malformed JSON', body, json));
  }
  // Malformed YAML (12)
  for (const body of [
    'apiVersion: [unclosed\n',
    'a: {b: c\n',
    '- a\nb: c\n',
    'key: "unterminated\n',
    'a:\n\t- tab\n',
    '? [a\n',
    'a: *nowhere\n',
    '%YAML 9.9\n---\na: 1\n',
    'a: b: c\n',
    '"a": 1\n"a": 2\n'.repeat(1) + 'x: [\n',
    '@reserved\n',
    'a: |\n b\n  c\n d: [\n',
  ]) {
    list.push(post('malformed YAML', body));
  }
  // Huge bodies (6)
  const big = workload('big-one').replace('GREETING', `BLOB: "${'x'.repeat(1_200_000)}"\n      GREETING`);
  list.push(post('huge body', big), post('huge body', JSON.stringify({ pad: 'x'.repeat(1_100_000) }), json));
  list.push(post('huge body', 'a: 1\n'.repeat(400_000)), {
    ...post('huge body', 'x'.repeat(3_000_000)),
    path: '/validate',
  });
  list.push(
    { ...post('huge body', big), method: 'PUT', path: '/workloads/big-one' },
    post('huge body', '#'.repeat(1_048_577)),
  );
  // Alias bombs (8)
  for (let levels = 5; levels <= 9; levels++) list.push(post('alias bomb', laughs(levels)));
  list.push(post('alias bomb', laughs(9).replace(/^/, 'apiVersion: score.dev/v1b1\n')));
  list.push(
    { ...post('alias bomb', laughs(9)), path: '/validate' },
    { ...post('alias bomb', laughs(8)), method: 'PUT', path: '/workloads/x1' },
  );
  // Deep nesting (8)
  list.push(
    post('deep nesting', nested(100_000, '[', ']'), json),
    post('deep nesting', nested(5000, '{"a":', '}'), json),
  );
  list.push(post('deep nesting', nested(2000, '[', ']')), post('deep nesting', nested(70, '{"a":', '}', '{}'), json));
  list.push(post('deep nesting', `apiVersion: score.dev/v1b1\nmetadata: ${nested(80, '{m: ', '}')}\n`));
  list.push(post('deep nesting', Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n'));
  list.push(
    { ...post('deep nesting', nested(3000, '[', ']'), json), path: '/validate' },
    post('deep nesting', nested(65, '- ', '', 'x')),
  );
  // Prototype keys (10)
  const proto = (where: string) => workload('proto-trap').replace('    variables:\n', `    variables:\n${where}`);
  list.push(post('__proto__ key', '{"__proto__": {"polluted": true}}', json));
  list.push(
    post(
      '__proto__ key',
      JSON.stringify({
        apiVersion: 'score.dev/v1b1',
        metadata: { name: 'p1' },
        containers: { web: { image: 'x' } },
      }).replace('{"image"', '{"__proto__":{"a":1},"image"'),
      json,
    ),
  );
  list.push(
    post('__proto__ key', proto('      __proto__: "x"\n')),
    post('__proto__ key', '__proto__:\n  polluted: yes\n'),
  );
  list.push(post('__proto__ key', '{"constructor": {"prototype": {"polluted": true}}}', json));
  list.push(post('__proto__ key', 'constructor:\n  prototype:\n    polluted: yes\n'));
  list.push(post('__proto__ key', '{"a": {"b": {"__proto__": {}}}}', json), post('__proto__ key', '"__proto__": 1\n'));
  list.push({ ...post('__proto__ key', proto('      __proto__: "x"\n')), path: '/validate' });
  list.push({
    ...post('__proto__ key', proto('      __proto__: "x"\n').replace('proto-trap', 'x1')),
    method: 'PUT',
    path: '/workloads/x1',
  });
  // Binary and wrong media types (8)
  list.push(
    post('binary', new Uint8Array([0, 1, 2, 3, 255, 254, 0, 0])),
    post('binary', 'apiVersion: score.dev/v1b1\u0000\n'),
  );
  list.push(
    post('binary', '{"a": "b\u0000"}', json),
    post('binary', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'),
  );
  list.push(
    post('wrong media type', workload('plain'), 'text/plain'),
    post('wrong media type', workload('form'), 'application/x-www-form-urlencoded'),
  );
  list.push(post('wrong media type', '<workload/>', 'application/xml'), {
    kind: 'wrong media type',
    method: 'POST',
    path: '/workloads',
    body: workload('none'),
  });
  // Bad credentials (12)
  const creds: Array<Record<string, string>> = [
    {},
    { 'X-API-Key': 'wrong' },
    { 'X-API-Key': 'sdk_' + 'A'.repeat(43) },
    { 'X-API-Key': "' OR '1'='1" },
    { 'X-API-Key': 'sdk_' + 'x'.repeat(5000) },
    { Authorization: 'Bearer ' },
    { Authorization: 'Bearer not-a-token' },
    { Authorization: 'Basic YWRtaW46YWRtaW4=' },
    { Authorization: "Bearer ' OR 1=1; --" },
    { Authorization: 'bearer' },
  ];
  for (const headers of creds)
    list.push({ kind: 'bad credentials', method: 'GET', path: '/workloads', headers, anonymous: true });
  list.push({
    kind: 'bad credentials',
    method: 'POST',
    path: '/workloads',
    body: workload('by-reader'),
    type: yaml,
    headers: { 'X-API-Key': readOnlyKey },
    anonymous: true,
  });
  list.push({
    kind: 'bad credentials',
    method: 'DELETE',
    path: '/workloads/any-name',
    headers: { Authorization: `Bearer ${readOnlyKey}` },
    anonymous: true,
  });
  // Path traversal in names (12)
  for (const name of [
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc',
    '..%5C..%5Cwindows',
    'a%00b',
    '%2Fetc%2Fpasswd',
    '..',
    'web%2F..%2F..%2Fx',
    'UPPER',
    'x'.repeat(64),
    '%C0%AE%C0%AE',
    'w%20s',
    'caf%C3%A9',
  ]) {
    list.push({ kind: 'path traversal', method: 'GET', path: `/workloads/${name}` });
  }
  list.push({
    kind: 'path traversal',
    method: 'PUT',
    path: '/workloads/..%2Fescape',
    body: workload('escape'),
    type: yaml,
  });
  list.push({ kind: 'path traversal', method: 'DELETE', path: '/workloads/..%2F..%2Fworkloads' });
  // SQL metacharacters in names (8)
  for (const name of ["x'; DROP TABLE workloads; --", 'a" OR "1"="1', 'w; DELETE FROM api_keys', "ro'bert"]) {
    list.push({ kind: 'SQL in names', method: 'GET', path: `/workloads/${encodeURIComponent(name)}` });
    list.push(
      post(
        'SQL in names',
        workload('placeholder').replace('name: placeholder', `name: "${name.replace(/"/g, '\\"')}"`),
      ),
    );
  }
  // Bad query parameters (2)
  for (const query of ['limit=1%3B%20DROP%20TABLE%20workloads', 'limit=1&limit=2']) {
    list.push({ kind: 'bad query', method: 'GET', path: `/workloads?${query}` });
  }
  return list;
}

/** The message an error answer gives: ErrorResponse's, or the first problem of a ValidationResult. */
function reasonIn(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: string }; errors?: Array<{ message?: string }> };
    const message = body.error?.message ?? body.errors?.[0]?.message;
    return message && message.length >= 10 ? message : undefined;
  } catch {
    return undefined;
  }
}

describe('the server under hostile requests', () => {
  let target: TestServer;
  beforeAll(async () => {
    target = await startTestServer();
  }, 120_000);
  afterAll(async () => {
    await target?.stop();
  });

  const send = (request: Hostile) =>
    fetch(`${target.apiUrl}${request.path}`, {
      method: request.method,
      headers: {
        ...(request.anonymous ? {} : { 'X-API-Key': target.key }),
        ...(request.type ? { 'Content-Type': request.type } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: request.body } : {}),
    });

  it('refuses each of 100 with a 4xx and a reason, stays up, and stores nothing', async () => {
    const requests = hostileRequests(target.readOnlyKey);
    expect(requests.length).toBe(100);
    const wrong: string[] = [];
    let kind = '';
    for (const request of requests) {
      const response = await send(request);
      const text = await response.text();
      const reason = reasonIn(text);
      const label = `${request.kind}: ${request.method} ${request.path.slice(0, 60)} → ${response.status}`;
      if (response.status < 400 || response.status >= 500) wrong.push(`${label} (not a 4xx)`);
      else if (!reason) wrong.push(`${label} (no reason: ${text.slice(0, 120)})`);
      if (/\n\s+at |node_modules|\.ts:\d+/.test(text)) wrong.push(`${label} (internals in the answer)`);
      if (request.kind !== kind) {
        kind = request.kind;
        const alive = await fetch(`${target.apiUrl}/workloads`, { headers: { 'X-API-Key': target.key } });
        if (alive.status !== 200) wrong.push(`after ${kind}: the server answered ${alive.status} to a plain list`);
      }
    }
    expect(wrong).toEqual([]);
    const [stored] = await target.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workloads');
    expect(stored?.n).toBe(0);
    const [keys] = await target.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys');
    expect(keys?.n).toBe(2);
  });

  it('reads SQL in a name filter as plain text: nothing matches, the tables are intact', async () => {
    await send({ kind: 'setup', method: 'POST', path: '/workloads', body: workload('web-shop'), type: yaml });
    for (const filter of ["' OR '1'='1", '%', '_', "'; DROP TABLE workloads; --", '\\', '%%_%']) {
      const response = await send({
        kind: 'filter',
        method: 'GET',
        path: `/workloads?name=${encodeURIComponent(filter)}`,
      });
      expect(response.status, filter).toBe(200);
      expect(await response.json(), filter).toMatchObject({ items: [], total: 0 });
    }
    const all = await send({ kind: 'filter', method: 'GET', path: '/workloads' });
    expect(await all.json()).toMatchObject({ total: 1 });
  });
});
