import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import { parse } from 'yaml';
import type { ValidationProblem } from '../../api/contract';
import { resultOf, summary } from '../../api/workload-text';
import { validateText } from '../../core/validate';
import type { ApiKey, KeyStore } from '../store/key-store';
import type { WorkloadStore } from '../store/workload-store';
import { errorAnswer, invalidAnswer, type Answer } from './answers';
import { notFound, operations, type OperationRequest } from './operations';

/**
 * The workloads API as the contract (schemas/workloads.openapi.yaml) describes it, by openapi-backend:
 * it finds the operation, runs the declared security schemes, and checks the path, query and body
 * against the document's schemas before an operation (./operations) sees the request.
 */
export const CONTRACT_PATH = new URL('../../../schemas/workloads.openapi.yaml', import.meta.url);

export interface ApiRequest extends OperationRequest {
  method: string;
  path: string;
}

export interface ApiOptions {
  workloads: WorkloadStore;
  keys: KeyStore;
  /** Whether requests must carry an API key (`none` only for a server on this machine). */
  auth: 'keys' | 'none';
}

export interface Api {
  /** The base path of the API, from the contract's first server URL (`/v1`). */
  basePath: string;
  handle(request: ApiRequest): Promise<Answer & { key?: string }>;
}

/** Operations that change nothing: a read-only key may call them. */
const READS = new Set([
  'listWorkloads',
  'getWorkload',
  'listWorkloadContainers',
  'listWorkloadResources',
  'validateWorkload',
]);

export function loadContract(): Document {
  return parse(readFileSync(CONTRACT_PATH, 'utf8')) as Document;
}

/** The API's base path: the path of the contract's first server URL (`/v1`), without a final slash. */
export function basePathOf(definition: Document): string {
  return new URL(definition.servers?.[0]?.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
}

export async function createApi({ workloads, keys, auth }: ApiOptions): Promise<Api> {
  const definition = loadContract();
  const basePath = basePathOf(definition);
  const ops = operations(workloads);
  const backend = new OpenAPIBackend({
    definition,
    apiRoot: basePath || '/',
    strict: true,
    // The contract is OpenAPI 3.1: its schemas are JSON Schema 2020-12, so Ajv's 2020 dialect reads
    // them. (`quick` skips openapi-backend's check of the document itself, which knows OpenAPI 3.0 only.)
    quick: true,
    customizeAjv: (_ajv, options) => new Ajv2020({ ...options, strict: false, allErrors: true }),
    // /validate takes any workload, valid or not: the core's ValidationResult is its answer.
    validate: (c: Context) => c.operation?.operationId !== 'validateWorkload',
  });

  const credential = (kind: 'bearer' | 'apiKey') => async (c: Context, request: ApiRequest) => {
    if (auth === 'none') return { name: 'anonymous' };
    const secret =
      kind === 'bearer' ? bearerToken(request.headers['authorization']) : first(request.headers['x-api-key']);
    if (secret === undefined || secret.trim() === '') return false; // an empty header is no credential
    const key = await keys.find(secret);
    if (!key) return { error: 'unknown' };
    if (key.scope === 'read-only' && !READS.has(c.operation.operationId ?? '')) return { error: 'read-only', key };
    return key;
  };
  backend.registerSecurityHandler('bearerAuth', credential('bearer'));
  backend.registerSecurityHandler('apiKey', credential('apiKey'));

  backend.register({
    notFound: async () =>
      errorAnswer(404, 'NOT_FOUND', `No such operation: the workloads API is under ${basePath}/ (see the contract).`),
    methodNotAllowed: async (c: Context) =>
      errorAnswer(
        405,
        'METHOD_NOT_ALLOWED',
        `${c.request.method.toUpperCase()} is not an operation on ${c.request.path}.`,
      ),
    unauthorizedHandler: async (c: Context) => unauthorized(c),
    validationFail: async (c: Context, request: ApiRequest) => refusal(c, request),
  });
  for (const [operationId, operation] of Object.entries(ops)) {
    backend.register(operationId, async (c: Context, request: ApiRequest) => ({
      ...(await operation({ ...request, params: c.request.params as Record<string, string> })),
      key: keyName(c),
    }));
  }
  await backend.init();

  return {
    basePath,
    async handle(request) {
      const answer = (await backend.handleRequest(
        {
          method: request.method,
          path: request.path,
          query: request.query as never,
          headers: request.headers as never,
          body: request.body?.ok ? (request.body.value as never) : undefined,
        },
        request,
      )) as Answer & { key?: string };
      return answer;
    },
  };
}

function keyName(c: Context): string | undefined {
  const found = Object.values(c.security ?? {}).find(
    (result): result is ApiKey =>
      typeof result === 'object' && result !== null && 'name' in result && !('error' in result),
  );
  return found?.name;
}

/** 401 without usable credentials; 403 with a key that may not do this. */
function unauthorized(c: Context): Answer {
  const results = Object.values(c.security ?? {}) as unknown[];
  // A key that could not be looked up (the database failed) is the server's failure, not the client's.
  const failure = results.find(
    (r) => typeof r === 'object' && r !== null && (r as { error?: unknown }).error instanceof Error,
  );
  if (failure) throw (failure as { error: Error }).error;
  const refusedKey = results.find(
    (r): r is { error: 'read-only'; key: ApiKey } =>
      typeof r === 'object' && r !== null && (r as { error?: string }).error === 'read-only',
  );
  if (refusedKey) {
    return errorAnswer(
      403,
      'FORBIDDEN',
      `The API key "${refusedKey.key.name}" is read-only: it may list, read and validate workloads, not change them.`,
    );
  }
  const unknown = results.some(
    (r) => typeof r === 'object' && r !== null && (r as { error?: string }).error === 'unknown',
  );
  return errorAnswer(
    401,
    'UNAUTHORIZED',
    unknown
      ? 'The API key or token is not known to this server (mistyped, or revoked).'
      : 'This server needs credentials: send an API key in the X-API-Key header, or as a Bearer token (Authorization: Bearer …).',
    undefined,
    { 'WWW-Authenticate': 'Bearer realm="workloads"' },
  );
}

/** Why the contract refused the request: said in the Score core's words where the workload is at fault. */
function refusal(c: Context, request: ApiRequest): Answer {
  const errors = (c.validation.errors ?? []) as ErrorObject[];
  const operationId = c.operation.operationId ?? '';
  const documents400 = Boolean(c.operation.responses?.['400']);
  // A workload name no workload can have: for operations whose contract has no 400, it is simply not there.
  const nameError = errors.find((e) => e.instancePath.startsWith('/path/workloadName'));
  if (nameError && !documents400)
    return notFound(String((c.request.params as Record<string, string>)['workloadName'] ?? ''));

  const body = request.body;
  if (operationId === 'createWorkload' || operationId === 'updateWorkload') {
    if (body && !body.ok) return invalidAnswer(body.message, body.problems);
    if (body?.ok && errors.some((e) => e.instancePath.startsWith('/requestBody'))) {
      const result = resultOf(validateText(body.text).diagnostics);
      if (!result.valid)
        return invalidAnswer(summary(result), (result.errors ?? []) as ValidationProblem[], 'INVALID_WORKLOAD');
    }
  }
  const problems = errors.map(problemOf);
  const first = problems[0];
  const message = first
    ? `The request does not follow the workloads API: ${first.path ? `${first.path} ` : ''}${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}.`
    : 'The request does not follow the workloads API.';
  return invalidAnswer(message, problems);
}

/** An Ajv error as the API's ValidationError: where (a JSON Pointer into the body, or the parameter), what, which rule. */
function problemOf(error: ErrorObject): ValidationProblem {
  const where = error.instancePath.replace(/^\/requestBody/, '').replace(/^\/(path|query|header)\//, '$1 parameter ');
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (“${String((error.params as { additionalProperty?: unknown }).additionalProperty)}” is not a field the API knows)`
      : '';
  return { path: where, message: `${error.message ?? 'is not valid'}${extra}`, code: error.keyword.toUpperCase() };
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = first(header);
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
