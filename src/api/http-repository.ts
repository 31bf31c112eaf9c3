import createClient, { type Client } from 'openapi-fetch';
import type { ContainerMap, ResourceMap, ScoreWorkload, ValidationResult } from './contract';
import { isWorkloadName } from './contract';
import { NotFoundError, RepositoryError, ServerError, UnreachableError, ValidationError } from './errors';
import type { paths } from './generated/workloads';
import { errorFromAnswer, isErrorResponse, isValidationResult } from './http-errors';
import {
  checkSameName,
  isRecord,
  nameIn,
  normaliseQuery,
  type SavedWorkload,
  type WorkloadInput,
  type WorkloadPage,
  type WorkloadQuery,
  type WorkloadRepository,
} from './repository';
import { dataOf, renderWorkloadText } from './workload-text';

/** How to prove who we are: the API accepts a Bearer token or an X-API-Key header. */
export type ApiCredentials = { kind: 'bearer'; token: string } | { kind: 'api-key'; key: string } | { kind: 'none' };

export interface HttpRepositoryOptions {
  /** The API's base URL, e.g. https://api.score.dev/v1 (paths such as /workloads are appended). */
  baseUrl: string;
  credentials: ApiCredentials;
  /** The fetch to use (defaults to the global one at call time). */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
  /** A request without an answer after this long fails as unreachable (default 15 s). */
  timeoutMs?: number;
}

/**
 * The workload library on a server that implements the workloads API, through a client typed by
 * the contract (openapi-fetch + the generated `paths`). Bodies are sent as JSON.
 *
 * The API stores workloads as data, so only the data round-trips: the text of a workload opened
 * from a server is re-rendered with the `yaml` package (`textSource: 'rendered'`), and the comments
 * and formatting of the text that was saved are not kept. The local library keeps them.
 */
export class HttpWorkloadRepository implements WorkloadRepository {
  readonly id: string;
  readonly keepsText = false;
  readonly baseUrl: string;
  private readonly client: Client<paths>;

  constructor(options: HttpRepositoryOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.id = `remote:${this.baseUrl}`;
    const timeoutMs = options.timeoutMs ?? 15_000;
    const baseUrl = this.baseUrl;
    this.client = createClient<paths>({
      baseUrl,
      headers: { Accept: 'application/json', ...credentialHeaders(options.credentials) },
      fetch: async (request: Request) => {
        const send = options.fetch ?? globalThis.fetch;
        const timeout = AbortSignal.timeout(timeoutMs);
        try {
          // AbortSignal.any is recent (2024 browsers); without it the timeout alone applies.
          const signal = typeof AbortSignal.any === 'function' ? AbortSignal.any([request.signal, timeout]) : timeout;
          return await send(request, { signal });
        } catch (error) {
          // A cancelled query (TanStack Query aborts what nobody waits for any more) is no failure to report.
          if (request.signal.aborted) throw error;
          throw new UnreachableError(
            baseUrl,
            timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : reasonOf(error),
          );
        }
      },
    });
  }

  async list(query?: WorkloadQuery): Promise<WorkloadPage> {
    const q = normaliseQuery(query);
    const params = { query: { limit: q.limit, offset: q.offset, ...(q.name ? { name: q.name } : {}) } };
    const data = await this.expect('the list of workloads', this.client.GET('/workloads', { params }));
    const items = isRecord(data) ? (data.items ?? []) : undefined;
    if (!isRecord(data) || !Array.isArray(items) || !items.every(isRecord)) {
      throw this.strange('the list of workloads', 'a list of workloads');
    }
    return {
      items: items.map((workload) => ({ name: nameIn(workload) ?? '', workload })),
      total: data.total ?? items.length,
      limit: data.limit ?? q.limit,
      offset: data.offset ?? q.offset,
    };
  }

  async create(input: WorkloadInput): Promise<SavedWorkload> {
    const body = dataOf(input);
    const what = `the new workload "${nameIn(body) ?? ''}"`;
    return this.saved(what, await this.expect(what, this.client.POST('/workloads', { body })));
  }

  async get(name: string): Promise<SavedWorkload> {
    const path = this.pathTo(name);
    const what = `the workload "${name}"`;
    return this.saved(what, await this.expect(what, this.client.GET('/workloads/{workloadName}', path)));
  }

  async update(name: string, input: WorkloadInput): Promise<SavedWorkload> {
    const body = dataOf(input);
    checkSameName(name, body);
    const path = this.pathTo(name);
    const what = `the workload "${name}"`;
    return this.saved(what, await this.expect(what, this.client.PUT('/workloads/{workloadName}', { ...path, body })));
  }

  async delete(name: string): Promise<void> {
    const path = this.pathTo(name);
    await this.expect(`the workload "${name}"`, this.client.DELETE('/workloads/{workloadName}', path));
  }

  async listContainers(name: string): Promise<ContainerMap> {
    const what = `the containers of "${name}"`;
    const data = await this.expect(what, this.client.GET('/workloads/{workloadName}/containers', this.pathTo(name)));
    if (!isRecord(data)) throw this.strange(what, 'a map of containers');
    return data;
  }

  async listResources(name: string): Promise<ResourceMap> {
    const what = `the resources of "${name}"`;
    const data = await this.expect(what, this.client.GET('/workloads/{workloadName}/resources', this.pathTo(name)));
    if (data === undefined) return {};
    if (!isRecord(data)) throw this.strange(what, 'a map of resources');
    return data;
  }

  async validate(input: WorkloadInput): Promise<ValidationResult> {
    let body: ScoreWorkload;
    try {
      body = dataOf(input);
    } catch (error) {
      // Text that is not YAML cannot be sent; its syntax problems are the answer.
      if (error instanceof ValidationError && error.result) return error.result;
      throw error;
    }
    const what = 'the workload to check';
    const { data, error, response } = await this.send(what, this.client.POST('/validate', { body }));
    if (response.ok) {
      if (!isValidationResult(data)) throw this.strange(what, 'a validation result');
      return data;
    }
    // 400 means "not valid", with the ValidationResult that says why (or the API's ErrorResponse).
    if (response.status === 400 && isValidationResult(error)) return error;
    if (response.status === 400 && isErrorResponse(error)) {
      const problems = new ValidationError('', { response: error }).problems;
      return {
        valid: false,
        errors: problems.length ? problems : [{ path: '', message: error.error.message ?? '', code: 'INVALID' }],
        warnings: [],
      };
    }
    throw errorFromAnswer(response, error, what);
  }

  /** The path parameter; a name the API could never have stored is not sent (it would break the contract). */
  private pathTo(name: string): { params: { path: { workloadName: string } } } {
    if (!isWorkloadName(name)) {
      throw new NotFoundError(
        `There is no workload named "${name}": a workload's name is 2 to 63 lowercase letters, digits and '-'.`,
        404,
      );
    }
    return { params: { path: { workloadName: name } } };
  }

  private saved(what: string, data: unknown): SavedWorkload {
    if (!isRecord(data)) throw this.strange(what, 'a workload');
    const workload = data as ScoreWorkload;
    return { name: nameIn(workload) ?? '', workload, text: renderWorkloadText(workload), textSource: 'rendered' };
  }

  /** The data of a successful answer; an error answer becomes our error with the server's message. */
  private async expect<T>(
    what: string,
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T | undefined> {
    const { data, error, response } = await this.send(what, pending);
    if (!response.ok) throw errorFromAnswer(response, error, what);
    return data;
  }

  private async send<T>(
    what: string,
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<{ data?: T; error?: unknown; response: Response }> {
    try {
      return await pending;
    } catch (error) {
      if (error instanceof RepositoryError) throw error;
      if (error instanceof SyntaxError) throw this.strange(what, 'JSON');
      throw error;
    }
  }

  private strange(what: string, expected: string): ServerError {
    return new ServerError(
      `The server at ${this.baseUrl} answered the request for ${what} with something other than ${expected}: ` +
        'is this the address of a workloads API?',
    );
  }
}

export function credentialHeaders(credentials: ApiCredentials): Record<string, string> {
  switch (credentials.kind) {
    case 'bearer':
      return { Authorization: `Bearer ${credentials.token}` };
    case 'api-key':
      return { 'X-API-Key': credentials.key };
    case 'none':
      return {};
  }
}

/** Why a request got no answer, in the words the platform gave (Node puts them in `cause`). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.message) return cause.message;
  if (isRecord(cause) && typeof cause['code'] === 'string') return cause['code'];
  return error instanceof Error ? error.message : String(error);
}
