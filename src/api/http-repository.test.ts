import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ConflictError,
  NotFoundError,
  ServerError,
  UnauthorizedError,
  UnreachableError,
  ValidationError,
} from './errors';
import { HttpWorkloadRepository, type ApiCredentials } from './http-repository';
import { contractPath, freePort, prismInstalled, startPrismMock, type PrismMock } from './prism-mock';
import { renameWorkload } from './rename';
import { defineRepositorySuite, sampleText } from './repository-suite';

/**
 * The HTTP repository against a Prism mock of the workloads API, started from the contract with
 * request validation on. Prism answers with the contract's examples (it stores nothing), so what is
 * checked is the contract: every request we send is valid, every answer is read right.
 */
if (!prismInstalled)
  console.warn('Prism is not installed (node_modules/.bin/prism): the HTTP repository tests are skipped.');

interface Exchange {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: string | undefined;
  violations: string | null;
}

const contract = parse(readFileSync(contractPath, 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  components: { examples: Record<string, { value: { error: { message: string } } }> };
};
const exampleMessage = (name: string) => contract.components.examples[name]!.value.error.message;

let prism: PrismMock | undefined;
const exchanges: Exchange[] = [];

/** Records every exchange with the mock: what was sent, and whether Prism found it against the contract. */
async function recordingFetch(request: Request, init?: RequestInit): Promise<Response> {
  const body = request.body ? await request.clone().text() : undefined;
  const response = await fetch(request, init);
  const url = new URL(request.url);
  exchanges.push({
    method: request.method,
    path: url.pathname + url.search,
    status: response.status,
    headers: request.headers,
    body,
    violations: response.status === 422 ? await response.clone().text() : response.headers.get('sl-violations'),
  });
  return response;
}

function repositoryOf(credentials: ApiCredentials, prefer?: number): HttpWorkloadRepository {
  return new HttpWorkloadRepository({
    baseUrl: prism!.url,
    credentials,
    fetch: (request, init) => {
      if (prefer !== undefined) request.headers.set('Prefer', `code=${prefer}`);
      return recordingFetch(request, init);
    },
  });
}

const bearer: ApiCredentials = { kind: 'bearer', token: 'test-token' };

/** The violations since the last call, one line each. */
function takeViolations(): string[] {
  const found = exchanges
    .filter((e) => e.violations)
    .map((e) => `${e.method} ${e.path} → ${e.status}: ${e.violations}`);
  exchanges.length = 0;
  return found;
}

describe.skipIf(!prismInstalled)('HTTP repository against the Prism mock', () => {
  beforeAll(async () => {
    prism = await startPrismMock();
  });
  afterAll(async () => {
    await prism?.stop();
  });

  defineRepositorySuite(
    'HTTP (Prism mock)',
    { stateful: false, keepsText: false, requiresCredentials: true },
    async () => {
      exchanges.length = 0;
      return {
        repository: repositoryOf(bearer),
        answering: (status) => repositoryOf(bearer, status),
        withoutCredentials: () => repositoryOf({ kind: 'none' }),
        takeContractViolations: takeViolations,
      };
    },
  );

  describe('contract', () => {
    /** The operation a request is for: its method and the path template it matches. */
    function operationOf(exchange: Exchange): string | undefined {
      const pathname = exchange.path.split('?')[0] ?? '';
      for (const [template, operations] of Object.entries(contract.paths)) {
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        const operation = operations[exchange.method.toLowerCase()];
        if (pattern.test(pathname) && operation) return operation.operationId;
      }
      return undefined;
    }

    it('exercises every operation of the API with requests the contract accepts, and reads every answer', async () => {
      exchanges.length = 0;
      const repo = repositoryOf(bearer);
      const page = await repo.list({ limit: 5, offset: 0, name: 'shop' });
      const created = await repo.create({ text: sampleText('web-shop') });
      const opened = await repo.get('web-shop');
      const updated = await repo.update('web-shop', { text: sampleText('web-shop', 'nginx:1.28') });
      await repo.delete('web-shop');
      const containers = await repo.listContainers('web-shop');
      const resources = await repo.listResources('web-shop');
      const result = await repo.validate({ text: sampleText('web-shop') });

      const operations = Object.values(contract.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
      expect(new Set(exchanges.map(operationOf))).toEqual(new Set(operations));
      expect(takeViolations()).toEqual([]);
      // Each answer is the operation's documented success, read into our shapes.
      expect(page.items.length).toBeGreaterThan(0);
      expect([created, opened, updated].every((saved) => saved.workload.metadata.name === saved.name)).toBe(true);
      expect(Object.keys(containers).length).toBeGreaterThan(0);
      expect(Object.keys(resources).length).toBeGreaterThan(0);
      expect(result.valid).toBe(true);
    });

    it('sends workloads as JSON, and asks for JSON', async () => {
      exchanges.length = 0;
      await repositoryOf(bearer).create({ text: sampleText('web-shop') });
      const [post] = exchanges;
      expect(post?.headers.get('content-type')).toBe('application/json');
      expect(post?.headers.get('accept')).toBe('application/json');
      expect(JSON.parse(post?.body ?? '')).toEqual(parse(sampleText('web-shop')));
    });

    it('sends the list query as the API names it', async () => {
      exchanges.length = 0;
      await repositoryOf(bearer).list({ limit: 7, offset: 14, name: 'web' });
      expect(exchanges[0]?.path).toBe('/workloads?limit=7&offset=14&name=web');
    });

    it('authenticates with a Bearer token or an X-API-Key header, as configured', async () => {
      exchanges.length = 0;
      await repositoryOf({ kind: 'bearer', token: 'abc' }).list();
      await repositoryOf({ kind: 'api-key', key: 'k-123' }).list();
      expect(exchanges.map((e) => e.status)).toEqual([200, 200]);
      expect(exchanges[0]?.headers.get('authorization')).toBe('Bearer abc');
      expect(exchanges[1]?.headers.get('x-api-key')).toBe('k-123');
      expect(exchanges[1]?.headers.get('authorization')).toBeNull();
    });

    it('carries the server’s own message in each error', async () => {
      const notFound = await repositoryOf(bearer, 404)
        .get('web-shop')
        .catch((e: unknown) => e);
      expect(notFound).toBeInstanceOf(NotFoundError);
      expect((notFound as Error).message).toBe(exampleMessage('NotFoundErrorExample'));

      const conflict = await repositoryOf(bearer, 409)
        .create({ text: sampleText('web-shop') })
        .catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(ConflictError);
      expect((conflict as Error).message).toBe(exampleMessage('ConflictErrorExample'));

      const failed = await repositoryOf(bearer, 500)
        .listContainers('web-shop')
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(ServerError);
      expect((failed as ServerError).status).toBe(500);
      expect((failed as Error).message).toContain(exampleMessage('InternalErrorExample'));
      expect(takeViolations()).toEqual([]);
    });

    it('reads a 400 answer to an invalid workload: the ErrorResponse and its listed problems', async () => {
      const error = (await repositoryOf(bearer)
        .create({ workload: { apiVersion: 'v2' } as never })
        .catch((e: unknown) => e)) as ValidationError;
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.status).toBe(400);
      expect(error.message).toBe(exampleMessage('BadRequestErrorExample'));
      expect(error.response?.error?.message).toBe(error.message);
      expect(error.problems[0]).toMatchObject({ path: '/apiVersion' });
      expect(takeViolations().length).toBe(1); // Prism saw the invalid body: the 400 is about it.
    });

    it('sends nothing for a name no workload can have', async () => {
      exchanges.length = 0;
      await expect(repositoryOf(bearer).get('Web Shop')).rejects.toBeInstanceOf(NotFoundError);
      expect(exchanges).toEqual([]);
    });

    it('renames on a server without breaking the contract', async () => {
      exchanges.length = 0;
      await renameWorkload(repositoryOf(bearer), 'web-shop', 'web-store');
      expect(exchanges.map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'POST 201', 'DELETE 204']);
      expect(takeViolations()).toEqual([]);
    });
  });
});

describe('HTTP repository when the server is not there or not an API', () => {
  let server: Server | undefined;
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('says it could not reach the address, and why', async () => {
    const port = await freePort();
    const repo = new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}/v1/`, credentials: bearer });
    const error = await repo.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Could not reach http://127\\.0\\.0\\.1:${port}/v1: .*ECONNREFUSED`),
    );
  });

  it('gives up on a server that does not answer, saying so', async () => {
    const sockets = new Set<import('node:net').Socket>();
    server = createServer(() => {}); // accepts, never answers
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const repo = new HttpWorkloadRepository({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: bearer,
      timeoutMs: 200,
    });
    const error = await repo.get('web-shop').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as Error).message).toContain('no answer within 0.2 s');
    for (const socket of sockets) socket.destroy();
  });

  it('says so when the address serves something other than the API (an HTML page)', async () => {
    const page = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Welcome</title>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const { port } = page.address() as { port: number };
    const repo = new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}`, credentials: bearer });
    const error = await repo.list().catch((e: unknown) => e);
    await new Promise<void>((resolve) => page.close(() => resolve()));
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toMatch(/is this the address of a workloads API\?/);
  });

  it('reads a plain-text or problem+json refusal into the error message', async () => {
    const answers: Array<[number, string, string]> = [
      [401, 'application/problem+json', JSON.stringify({ title: 'Unauthorized', detail: 'Token expired' })],
      [503, 'text/plain', 'Down for maintenance until 14:00'],
    ];
    const api = createServer((_, response) => {
      const [status, type, body] = answers.shift()!;
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as { port: number };
    const repo = new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}`, credentials: bearer });
    const expired = await repo.list().catch((e: unknown) => e);
    const down = await repo.list().catch((e: unknown) => e);
    await new Promise<void>((resolve) => api.close(() => resolve()));
    expect(expired).toBeInstanceOf(UnauthorizedError);
    expect((expired as Error).message).toMatch(/Token expired.*token or API key/);
    expect(down).toBeInstanceOf(ServerError);
    expect((down as Error).message).toContain('Down for maintenance until 14:00');
  });
});

describe('HTTP repository against a server that misbehaves', () => {
  /** A server answering each request with `answer(url)`: [status, content type, body]. */
  async function serving(answer: (url: URL) => [number, string, string]) {
    const api = createServer((request, response) => {
      const [status, type, body] = answer(new URL(request.url ?? '/', 'http://here'));
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as { port: number };
    return {
      repo: new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}`, credentials: bearer }),
      close: () => new Promise<void>((resolve) => api.close(() => resolve())),
    };
  }

  it('pages a list whose server ignores limit and offset, instead of drawing all 20,000', async () => {
    const all = Array.from({ length: 20_000 }, (_, i) => ({
      apiVersion: 'score.dev/v1b1',
      metadata: { name: `w-${i}` },
      containers: { main: { image: 'nginx' } },
    }));
    const body = JSON.stringify({ items: all, total: all.length });
    const { repo, close } = await serving(() => [200, 'application/json', body]);
    const first = await repo.list({ limit: 50 });
    const third = await repo.list({ limit: 50, offset: 100 });
    await close();
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.name).toBe('w-0');
    expect(first).toMatchObject({ total: 20_000, limit: 50, offset: 0 });
    expect(third.items.map((i) => i.name)).toEqual(all.slice(100, 150).map((w) => w.metadata.name));
  });

  it('cuts a page longer than asked from a server that honours offset but not limit', async () => {
    const { repo, close } = await serving((url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const items = Array.from({ length: 500 }, (_, i) => ({ metadata: { name: `w-${offset + i}` } }));
      return [200, 'application/json', JSON.stringify({ items, total: 20_000 })];
    });
    const page = await repo.list({ limit: 20, offset: 40 });
    await close();
    expect(page.items.map((i) => i.name)).toEqual(Array.from({ length: 20 }, (_, i) => `w-${40 + i}`));
    expect(page).toMatchObject({ total: 20_000, limit: 20, offset: 40 });
  });

  it('says a refusal in whole sentences, and what a bare "Not Found" was about', async () => {
    const answers: Array<[number, string, string]> = [
      [401, 'application/json', JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'The token has expired.' } })],
      [404, 'text/plain', 'Not Found'],
    ];
    const { repo, close } = await serving(() => answers.shift()!);
    const expired = await repo.list().catch((e: unknown) => e);
    const missing = await repo.get('web-shop').catch((e: unknown) => e);
    await close();
    expect(expired).toBeInstanceOf(UnauthorizedError);
    expect((expired as Error).message).toBe(
      'The server refused the list of workloads (401 Unauthorized): The token has expired. Check the token or API key of this connection.',
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as Error).message).toBe('The server does not have the workload "web-shop" (404 Not Found).');
  });
});
