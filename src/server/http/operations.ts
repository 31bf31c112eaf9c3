import type { ValidationProblem } from '../../api/contract';
import { DEFAULT_LIMIT } from '../../api/contract';
import { nameIn } from '../../api/repository';
import { resultOf, summary } from '../../api/workload-text';
import { validateText } from '../../core/validate';
import type { StoredWorkload, WorkloadStore, WriteRefusal } from '../store/workload-store';
import { errorAnswer, invalidAnswer, validationAnswer, type Answer } from './answers';
import { etagOf, ifMatchVersions, prefersYaml, YAML_TYPE } from './negotiate';
import type { WorkloadBody } from './workload-body';

/**
 * The workloads API's operations, by operationId, over a WorkloadStore. The request has passed the
 * contract's checks (./api) before it gets here; what is left is what only the workload and the
 * database can tell: whether the Score core finds the workload valid, whether the name exists or is
 * taken, whether the version the client saw is still the stored one.
 */
export interface OperationRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: WorkloadBody | undefined;
}

export type Operation = (request: OperationRequest) => Promise<Answer>;

export function operations(store: WorkloadStore): Record<string, Operation> {
  return {
    async listWorkloads({ query }) {
      const limit = query['limit'] === undefined ? DEFAULT_LIMIT : Number(query['limit']);
      const offset = query['offset'] === undefined ? 0 : Number(query['offset']);
      const name = typeof query['name'] === 'string' && query['name'] !== '' ? query['name'] : undefined;
      const page = await store.list({ limit, offset, name });
      // The stored JSON goes out as it is: no parse and no re-serialisation per item.
      const items = page.items.map((item) => item.data).join(',');
      return {
        status: 200,
        raw: {
          text: `{"items":[${items}],"total":${page.total},"limit":${limit},"offset":${offset}}`,
          type: JSON_UTF8,
        },
      };
    },

    async createWorkload({ body }) {
      const workload = checked(body);
      if ('status' in workload) return workload;
      const name = nameIn(workload.value)!; // the contract requires metadata.name, checked already
      const saved = await store.create(name, workload.text, JSON.stringify(workload.value));
      if (!saved) return errorAnswer(409, 'CONFLICT', `Workload '${name}' already exists`);
      return savedAnswer(201, saved);
    },

    async getWorkload({ params, headers }) {
      const name = params['workloadName']!;
      const saved = await store.get(name);
      if (!saved) return notFound(name);
      if (prefersYaml(header(headers, 'accept'))) {
        return {
          status: 200,
          raw: { text: saved.text, type: `${YAML_TYPE}; charset=utf-8` },
          headers: { ETag: etagOf(saved.version), Vary: 'Accept' },
        };
      }
      return { ...savedAnswer(200, saved), headers: { ETag: etagOf(saved.version), Vary: 'Accept' } };
    },

    async updateWorkload({ params, headers, body }) {
      const name = params['workloadName']!;
      const workload = checked(body);
      if ('status' in workload) return workload;
      const inside = nameIn(workload.value);
      if (inside !== name) {
        const message =
          `The workload is called "${inside}" (metadata.name) but was sent to be saved as "${name}". ` +
          'Rename the saved workload instead, or set metadata.name back.';
        return invalidAnswer(message, [{ path: '/metadata/name', message, code: 'NAME_MISMATCH' }]);
      }
      const condition = await conditionOf(store, name, header(headers, 'if-match'));
      if ('status' in condition) return condition;
      const saved = await store.update(name, workload.text, JSON.stringify(workload.value), condition.version);
      if ('refused' in saved) return refusedAnswer(name, saved);
      return savedAnswer(200, saved);
    },

    async deleteWorkload({ params, headers }) {
      const name = params['workloadName']!;
      const condition = await conditionOf(store, name, header(headers, 'if-match'));
      if ('status' in condition) return condition;
      const deleted = await store.delete(name, condition.version);
      return deleted === true ? { status: 204 } : refusedAnswer(name, deleted);
    },

    async listWorkloadContainers({ params }) {
      const name = params['workloadName']!;
      const containers = await store.part(name, 'containers');
      if (containers === undefined) return notFound(name);
      return { status: 200, raw: { text: containers ?? '{}', type: JSON_UTF8 } };
    },

    async listWorkloadResources({ params }) {
      const name = params['workloadName']!;
      const resources = await store.part(name, 'resources');
      if (resources === undefined) return notFound(name);
      return { status: 200, raw: { text: resources ?? '{}', type: JSON_UTF8 } };
    },

    async validateWorkload({ body }) {
      if (!body) return validationAnswer(noBody());
      if (!body.ok) return validationAnswer({ valid: false, errors: body.problems, warnings: [] });
      // Exactly what the app shows for this text: the same core, the same diagnostics.
      return validationAnswer(resultOf(validateText(body.text).diagnostics));
    },
  };
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/** The workload of a create or update, when the Score core finds it valid; the 400 that says why otherwise. */
export function checked(body: WorkloadBody | undefined): { text: string; value: unknown } | Answer {
  if (!body) return invalidAnswer('The request has no workload: send one as JSON or YAML.', noBody().errors ?? []);
  if (!body.ok) return invalidAnswer(body.message, body.problems);
  const result = resultOf(validateText(body.text).diagnostics);
  if (!result.valid)
    return invalidAnswer(summary(result), (result.errors ?? []) as ValidationProblem[], 'INVALID_WORKLOAD');
  return body;
}

function noBody() {
  const problem: ValidationProblem = { path: '', message: 'The request has no body.', code: 'REQUIRED_FIELD' };
  return { valid: false, errors: [problem], warnings: [] };
}

function savedAnswer(status: number, saved: StoredWorkload): Answer {
  return { status, raw: { text: saved.data, type: JSON_UTF8 }, headers: { ETag: etagOf(saved.version) } };
}

export function notFound(name: string): Answer {
  return errorAnswer(404, 'NOT_FOUND', `Workload '${name}' not found`);
}

/** The version a write is conditional on (none without If-Match), or the answer that ends it. */
async function conditionOf(
  store: WorkloadStore,
  name: string,
  ifMatch: string | undefined,
): Promise<{ version: string | undefined } | Answer> {
  const versions = ifMatchVersions(ifMatch);
  if (versions === undefined || versions === 'any') return { version: undefined };
  if (versions.length === 1) return { version: versions[0] };
  const current = await store.get(name);
  if (!current) return notFound(name);
  if (versions.includes(current.version)) return { version: current.version };
  return refusedAnswer(name, { refused: 'changed', version: current.version });
}

function refusedAnswer(name: string, refusal: WriteRefusal): Answer {
  if (refusal.refused === 'missing') return notFound(name);
  return errorAnswer(
    412,
    'PRECONDITION_FAILED',
    `Workload '${name}' was changed since you read it (it is now version ${refusal.version}). ` +
      'Read it again and save your change over that version, or save without If-Match to overwrite it.',
    { currentVersion: refusal.version },
    { ETag: etagOf(refusal.version) },
  );
}

function header(headers: OperationRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
