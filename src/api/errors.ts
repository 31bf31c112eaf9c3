import type { ErrorResponse, ValidationProblem, ValidationResult } from './contract';

/**
 * What can go wrong with a workload library, whichever repository holds it. Every error's message
 * is written for the user (for a server, it is the server's own message); `kind` lets the UI pick
 * what to offer (retry, fix the workload, check the connection settings) without `instanceof`.
 */
export type RepositoryErrorKind =
  'not-found' | 'conflict' | 'invalid' | 'unauthorized' | 'unreachable' | 'server' | 'storage';

export abstract class RepositoryError extends Error {
  abstract readonly kind: RepositoryErrorKind;
  /** The HTTP status the server answered with; undefined for the local library and unreachable servers. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** No workload of that name (404). */
export class NotFoundError extends RepositoryError {
  readonly kind = 'not-found';
  override readonly name = 'NotFoundError';
}

/** A workload of that name exists already (409). */
export class ConflictError extends RepositoryError {
  readonly kind = 'conflict';
  override readonly name = 'ConflictError';
}

/**
 * The workload (or the request) is not valid (400/422). Carries the body that says why:
 * a ValidationResult or the API's ErrorResponse, and the problems of either as one list.
 */
export class ValidationError extends RepositoryError {
  readonly kind = 'invalid';
  override readonly name = 'ValidationError';
  readonly result: ValidationResult | undefined;
  readonly response: ErrorResponse | undefined;
  readonly problems: ValidationProblem[];

  constructor(
    message: string,
    body: { result?: ValidationResult; response?: ErrorResponse; problems?: ValidationProblem[] } = {},
    status?: number,
  ) {
    super(message, status);
    this.result = body.result;
    this.response = body.response;
    this.problems = body.problems ?? problemsOf(body.result, body.response);
  }
}

/** The server wants credentials, or refused the ones given (401/403). */
export class UnauthorizedError extends RepositoryError {
  readonly kind = 'unauthorized';
  override readonly name = 'UnauthorizedError';
}

/** The request never got an answer: wrong address, server down, CORS, no network, timeout. */
export class UnreachableError extends RepositoryError {
  readonly kind = 'unreachable';
  override readonly name = 'UnreachableError';
  readonly url: string;
  /** The server took the connection and never answered within the time allowed: asking again would only wait as long again. */
  readonly timedOut: boolean;

  constructor(url: string, reason: string, timedOut = false) {
    super(
      `Could not reach ${url}: ${reason}. Check the address, that the server is running, ` +
        'and that it accepts requests from this page (CORS).',
    );
    this.url = url;
    this.timedOut = timedOut;
  }
}

/** The server failed (5xx) or answered something the API does not allow. */
export class ServerError extends RepositoryError {
  readonly kind = 'server';
  override readonly name = 'ServerError';
}

/** The browser's own storage failed (full, disabled in private mode, or broken). */
export class StorageError extends RepositoryError {
  readonly kind = 'storage';
  override readonly name = 'StorageError';
}

export function isRepositoryError(error: unknown): error is RepositoryError {
  return error instanceof RepositoryError;
}

/** Worth asking again: the network or the server may recover; a bad request or a missing workload will not. */
export function isRetryable(error: unknown): boolean {
  return !isRepositoryError(error) || error.kind === 'unreachable' || error.kind === 'server';
}

/** The problems a ValidationResult or an ErrorResponse (`details.validationErrors`) lists. */
function problemsOf(result?: ValidationResult, response?: ErrorResponse): ValidationProblem[] {
  if (result) return (result.errors ?? []).map(toProblem);
  const listed = response?.error?.details?.['validationErrors'];
  if (Array.isArray(listed)) return listed.map(toProblem);
  return [];
}

function toProblem(entry: unknown): ValidationProblem {
  const e = (entry ?? {}) as Record<string, unknown>;
  return {
    path: typeof e['path'] === 'string' ? e['path'] : '',
    message: typeof e['message'] === 'string' ? e['message'] : String(entry),
    code: typeof e['code'] === 'string' ? e['code'] : 'INVALID',
  };
}
