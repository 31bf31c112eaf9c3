import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { sampleText } from '../api/repository-suite';
import { contractChecker } from '../../test/support/contract-check';
import { startTestServer, type TestServer } from '../../test/support/workloads-server';
import { loadContract } from './http/api';

/**
 * The contract, operation by operation: every operation of schemas/workloads.openapi.yaml is called
 * so as to give each response code it documents, and every answer is checked against the document
 * (status documented, media type documented, body valid). Answers the contract does not list (401,
 * 403, 412, 413, 415) must still be the API's ErrorResponse with a reason.
 */
type Operations = Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
const contract = loadContract() as unknown as { paths: Operations };
const documented = Object.values(contract.paths).flatMap((ops) =>
  Object.values(ops).flatMap((op) => Object.keys(op.responses).map((status) => `${op.operationId} ${status}`)),
);

/** What the tests read of an answer's JSON: an ErrorResponse or a ValidationResult (or a workload). */
interface AnswerBody {
  error: { code: string; message: string; details: { validationErrors: Array<{ path: string; code: string }> } };
  errors: Array<{ path: string; code: string }>;
  [key: string]: unknown;
}

describe('the server against the workloads API contract', () => {
  let target: TestServer;
  let check: Awaited<ReturnType<typeof contractChecker>>;
  const seen = new Set<string>();
  const violations: string[] = [];
  let headers: Record<string, string>;

  beforeAll(async () => {
    [target, check] = await Promise.all([startTestServer(), contractChecker()]);
    headers = { 'X-API-Key': target.key };
  }, 120_000);
  afterAll(async () => {
    await target?.stop().catch(() => undefined); // its database was closed on purpose below
  });

  /** One request; its answer is checked and counted. */
  async function call(
    method: string,
    path: string,
    init: { body?: string; type?: string; headers?: Record<string, string> } = {},
  ) {
    const url = `${target.apiUrl}${path}`;
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...(init.type ? { 'Content-Type': init.type } : {}), ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const text = await response.text();
    const result = check(method, url, response, text);
    seen.add(`${result.operationId} ${response.status}`);
    violations.push(...result.violations.map((v) => `${method} ${path} → ${response.status}: ${v}`));
    if (/\n\s+at /.test(text)) violations.push(`${method} ${path} → ${response.status}: a stack trace in the answer`);
    return {
      status: response.status,
      text,
      headers: response.headers,
      json: () => JSON.parse(text) as AnswerBody,
    };
  }
  const json = 'application/json';
  const yaml = 'application/x-yaml';
  const asJson = (text: string) => JSON.stringify(parse(text));

  it('answers every operation as documented, and every answer follows the contract', async () => {
    // createWorkload: 201, 409, 400 (for the core, and for the contract)
    const created = await call('POST', '/workloads', { body: sampleText('web-shop'), type: yaml });
    expect(created.status).toBe(201);
    expect(created.json()).toEqual(parse(sampleText('web-shop')));
    expect(created.headers.get('etag')).toMatch(/^"\d+"$/);
    expect((await call('POST', '/workloads', { body: asJson(sampleText('pet-shop')), type: json })).status).toBe(201);
    expect((await call('POST', '/workloads', { body: sampleText('web-shop'), type: yaml })).json().error.code).toBe(
      'CONFLICT',
    );
    const invalid = await call('POST', '/workloads', {
      body: 'apiVersion: score.dev/v1b1\nmetadata: {name: bad}\ncontainers: {}\n',
      type: yaml,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json().error.details.validationErrors[0]?.path).toBe('/containers');
    // Valid for the Score core, refused by the API's older schema (no `before` in spec 0.3.0): said so.
    const withBefore = sampleText('ordered').replace(
      '    image: nginx:1.27\n',
      '    image: nginx:1.27\n    before:\n      web: {ready: started}\n',
    );
    const refused = await call('POST', '/workloads', { body: withBefore, type: yaml });
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toMatch(/before/);

    // listWorkloads: 200 (filtered, paged), 400
    const page = await call('GET', '/workloads?limit=1&offset=1&name=SHOP');
    expect(page.json()).toMatchObject({ total: 2, limit: 1, offset: 1, items: [{ metadata: { name: 'web-shop' } }] });
    expect((await call('GET', '/workloads?limit=0')).status).toBe(400);
    expect((await call('GET', '/workloads?offset=-1')).status).toBe(400);

    // getWorkload: 200 as JSON and as the stored text, 404
    const got = await call('GET', '/workloads/web-shop');
    expect(got.json()).toEqual(parse(sampleText('web-shop')));
    const text = await call('GET', '/workloads/web-shop', { headers: { Accept: yaml } });
    expect(text.text).toBe(sampleText('web-shop'));
    expect(text.headers.get('content-type')).toBe('application/x-yaml; charset=utf-8');
    expect(text.headers.get('etag')).toBe(created.headers.get('etag'));
    expect((await call('GET', '/workloads/no-such')).status).toBe(404);
    expect((await call('GET', '/workloads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);

    // updateWorkload: 200, 400, 404, and 412 on a stale If-Match
    const etag = created.headers.get('etag')!;
    const changed = sampleText('web-shop', 'nginx:1.28');
    const updated = await call('PUT', '/workloads/web-shop', {
      body: changed,
      type: yaml,
      headers: { 'If-Match': etag },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).not.toBe(etag);
    const stale = await call('PUT', '/workloads/web-shop', {
      body: sampleText('web-shop'),
      type: yaml,
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(updated.headers.get('etag'));
    expect((await call('GET', '/workloads/web-shop', { headers: { Accept: yaml } })).text).toBe(changed);
    expect(
      (
        await call('PUT', '/workloads/web-shop', {
          body: sampleText('web-shop'),
          type: yaml,
          headers: { 'If-Match': 'W/"1"' },
        })
      ).status,
    ).toBe(412);
    expect(
      (await call('PUT', '/workloads/web-shop', { body: sampleText('other'), type: yaml })).json().error.details
        .validationErrors[0]?.code,
    ).toBe('NAME_MISMATCH');
    expect((await call('PUT', '/workloads/no-such', { body: sampleText('no-such'), type: yaml })).status).toBe(404);
    expect((await call('PUT', '/workloads/web-shop', { body: 'x'.repeat(2 * 1024 * 1024), type: yaml })).status).toBe(
      413,
    );
    expect(
      (await call('PUT', '/workloads/web-shop', { body: 'name=x', type: 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);

    // listWorkloadContainers, listWorkloadResources: 200, 404
    expect((await call('GET', '/workloads/web-shop/containers')).json()).toEqual({
      web: { image: 'nginx:1.28', variables: { GREETING: 'hello, world' } },
    });
    expect((await call('GET', '/workloads/web-shop/resources')).json()).toEqual({ db: { type: 'postgres' } });
    expect((await call('GET', '/workloads/no-such/containers')).status).toBe(404);
    expect((await call('GET', '/workloads/no-such/resources')).status).toBe(404);

    // validateWorkload: 200 with the warnings, 400 with the core's own diagnostics
    const valid = await call('POST', '/validate', { body: sampleText('web-shop'), type: yaml });
    expect(valid.json()).toMatchObject({ valid: true, errors: [] });
    const notValid = await call('POST', '/validate', {
      body: stringify({ apiVersion: 'score.dev/v2', metadata: { name: 'Not_A_Name' } }),
      type: yaml,
    });
    expect(notValid.status).toBe(400);
    expect(notValid.json().errors.map((e: { path: string }) => e.path)).toContain('/metadata/name');
    expect((await call('POST', '/validate', { body: '{"apiVersion": ', type: json })).json().errors[0]?.code).toBe(
      'SYNTAX_ERROR',
    );

    // Credentials: 401 without or with an unknown key, 403 for a read-only key that writes
    expect((await call('GET', '/workloads', { headers: { 'X-API-Key': '' } })).status).toBe(401);
    expect((await call('GET', '/workloads', { headers: { 'X-API-Key': 'sdk_not-a-key' } })).status).toBe(401);
    expect((await call('GET', '/workloads', { headers: { 'X-API-Key': target.readOnlyKey } })).status).toBe(200);
    const forbidden = await call('DELETE', '/workloads/web-shop', { headers: { 'X-API-Key': target.readOnlyKey } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json().error.message).toMatch(/read-only/);

    // deleteWorkload: 204, 404
    expect((await call('DELETE', '/workloads/pet-shop')).status).toBe(204);
    expect((await call('DELETE', '/workloads/pet-shop')).status).toBe(404);

    // 500: the database is gone. The answer says so without a stack, and names the request for the log.
    await target.server.db.close();
    for (const [method, path, body] of [
      ['GET', '/workloads'],
      ['POST', '/workloads', sampleText('late')],
      ['GET', '/workloads/web-shop'],
      ['PUT', '/workloads/web-shop', sampleText('web-shop')],
      ['DELETE', '/workloads/web-shop'],
      ['GET', '/workloads/web-shop/containers'],
      ['GET', '/workloads/web-shop/resources'],
    ] as const) {
      const failed = await call(method, path, body ? { body, type: yaml } : {});
      expect(failed.status, `${method} ${path}`).toBe(500);
      expect(failed.json().error).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred',
        details: { requestId: expect.any(String) },
      });
    }
    expect(
      target.log.some((line) => line['msg'] === 'request failed' && /PGlite|closed/i.test(String(line['error']))),
    ).toBe(true);

    expect(violations).toEqual([]);
    // /validate reads no database: nothing short of a bug could make it answer 500.
    const unreachable = new Set(['validateWorkload 500']);
    expect(documented.filter((code) => !seen.has(code) && !unreachable.has(code))).toEqual([]);
    expect([...seen].filter((code) => !documented.includes(code)).sort()).toEqual([
      'deleteWorkload 403',
      'listWorkloads 401',
      'updateWorkload 412',
      'updateWorkload 413',
      'updateWorkload 415',
    ]);
  });
});
