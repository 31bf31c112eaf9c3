import createClient, { type Client } from 'openapi-fetch';
import { isRecord } from '../core/workload/values';
import type { ContainerMap, ResourceMap, ScoreWorkload, ValidationResult } from './contract';
import { isWorkloadName } from './contract';
import { NotFoundError, RepositoryError, ServerError, UnreachableError, ValidationError } from './errors';
import type { paths } from './generated/workloads';
import { errorFromAnswer, isErrorResponse, isValidationResult } from './http-errors';
import {
  checkSameName,
  nameIn,
  normaliseQuery,
  type SavedWorkload,
  type WorkloadInput,
  type WorkloadPage,
  type WorkloadQuery,
  type UpdateOptions,
  type WorkloadRepository,
} from './repository';
import { dataOf, renderWorkloadText } from './workload-text';

/** The media type of a workload's text, as the API names it. */
const TEXT_TYPE = 'application/x-yaml';

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
  /**
   * The server stores each workload's text as it was sent (`score-designer serve` does): send the
   * text as `application/x-yaml` and ask for it back, so that comments and formatting survive.
   * Other servers keep data only: the default sends JSON.
   */
  keepsText?: boolean;
}

/**
 * The workload library on a server that implements the workloads API, through a client typed by
 * the contract (openapi-fetch + the generated `paths`). Bodies are sent as JSON.
 *
 * The API stores workloads as data, so only the data round-trips: the text of a workload opened
 * from a server is re-rendered with the `yaml` package (`textSource: 'rendered'`), and the comments
 * and formatting of the text that was saved are not kept. The local library keeps them, and so does
 * a server that stores texts (`keepsText`): then the text itself is sent and read back.
 *
 * Lost updates: the ETag of each workload read or saved is kept, and an update sends it back as
 * If-Match; a server that has a newer version refuses (412, a ConflictError) unless the update
 * says to overwrite.
 */
export class HttpWorkloadRepository implements WorkloadRepository {
  readonly id: string;
  readonly keepsText: boolean;
  readonly baseUrl: string;
  private readonly client: Client<paths>;
  /** The version (ETag) of each workload as last read or saved here. */
  private readonly versions = new Map<string, string>();

  constructor(options: HttpRepositoryOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.id = `remote:${this.baseUrl}`;
    this.keepsText = options.keepsText ?? false;
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
            timeout.aborted,
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
    // A server that ignores `limit` may send thousands: the page is cut to what was asked, so that
    // the list draws one page, not the whole library. A page holding every workload there is (no
    // total, or a total no larger than it) is the whole list, wherever `offset` pointed.
    const total = typeof data.total === 'number' ? data.total : undefined;
    const whole = items.length > q.limit && (total === undefined || total <= items.length);
    const start = whole ? q.offset : 0;
    const cut = items.length > q.limit;
    const page = cut ? items.slice(start, start + q.limit) : items;
    return {
      items: page.map((workload) => ({ name: nameIn(workload) ?? '', workload })),
      total: total ?? (cut && !whole ? q.offset + items.length : items.length),
      limit: cut ? q.limit : (data.limit ?? q.limit),
      offset: cut ? q.offset : (data.offset ?? q.offset),
    };
  }

  async create(input: WorkloadInput): Promise<SavedWorkload> {
    const body = dataOf(input);
    const what = `the new workload "${nameIn(body) ?? ''}"`;
    const sent = this.textBody(input);
    const { data, response } = await this.answer(what, this.client.POST('/workloads', { body, ...sent }));
    return this.saved(what, data, response, input);
  }

  async get(name: string): Promise<SavedWorkload> {
    const path = this.pathTo(name);
    const what = `the workload "${name}"`;
    if (this.keepsText) {
      const asked = this.client.GET('/workloads/{workloadName}', {
        ...path,
        headers: { Accept: TEXT_TYPE },
        parseAs: 'text',
      });
      const { data, response } = await this.answer(what, asked);
      if (typeof data !== 'string') throw this.strange(what, 'a workload');
      const workload = (() => {
        try {
          return dataOf({ text: data });
        } catch {
          throw this.strange(what, 'a workload in YAML');
        }
      })();
      return this.saved(what, workload, response, { text: data });
    }
    const { data, response } = await this.answer(what, this.client.GET('/workloads/{workloadName}', path));
    return this.saved(what, data, response);
  }

  async update(name: string, input: WorkloadInput, options: UpdateOptions = {}): Promise<SavedWorkload> {
    const body = dataOf(input);
    checkSameName(name, body);
    const path = this.pathTo(name);
    const what = `the workload "${name}"`;
    const version = options.overwrite ? undefined : (options.basedOn ?? this.versions.get(name));
    const sent = this.textBody(input, version ? { 'If-Match': version } : {});
    const { data, response } = await this.answer(
      what,
      this.client.PUT('/workloads/{workloadName}', { ...path, body, ...sent }),
    );
    return this.saved(what, data, response, input);
  }

  async delete(name: string): Promise<void> {
    const path = this.pathTo(name);
    await this.expect(`the workload "${name}"`, this.client.DELETE('/workloads/{workloadName}', path));
    this.versions.delete(name);
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

  /**
   * What was stored, from the answer; its version is remembered for the next update. With a server
   * that keeps texts, the text is the one sent (or read): the server stored it as it was.
   */
  private saved(what: string, data: unknown, response: Response, input?: WorkloadInput): SavedWorkload {
    if (!isRecord(data)) throw this.strange(what, 'a workload');
    const workload = data as ScoreWorkload;
    const name = nameIn(workload) ?? '';
    const version = response.headers.get('ETag') ?? undefined;
    if (version && name) this.versions.set(name, version);
    const stored = version ? { version } : {};
    if (this.keepsText && input && 'text' in input)
      return { name, workload, text: input.text, textSource: 'saved', ...stored };
    return { name, workload, text: renderWorkloadText(workload), textSource: 'rendered', ...stored };
  }

  /** For a server that keeps texts, a text input goes as it is, as YAML (JSON is YAML too). */
  private textBody(input: WorkloadInput, headers: Record<string, string> = {}) {
    if (!this.keepsText || !('text' in input)) return { headers };
    return { headers: { ...headers, 'Content-Type': TEXT_TYPE }, bodySerializer: () => input.text };
  }

  /** The data of a successful answer; an error answer becomes our error with the server's message. */
  private async expect<T>(
    what: string,
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T | undefined> {
    return (await this.answer(what, pending)).data;
  }

  /** A successful answer (its data and response); an error answer becomes our error. */
  private async answer<T>(
    what: string,
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<{ data: T | undefined; response: Response }> {
    const { data, error, response } = await this.send(what, pending);
    if (!response.ok) throw errorFromAnswer(response, error, what);
    return { data, response };
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
