import type { ValidationProblem, ValidationResult } from '../../api/contract';

/**
 * What an operation answers, before it is sent: a status, a body (already JSON or YAML text, or a
 * value to write as JSON) and headers. Error bodies are the API's ErrorResponse; /validate's are its
 * ValidationResult. Messages are for the person who sent the request, and never carry a stack.
 */
export interface Answer {
  status: number;
  /** A value sent as JSON, or `raw` text sent as it is. */
  json?: unknown;
  raw?: { text: string; type: string };
  headers?: Record<string, string>;
}

/** The API's error codes, as its examples spell them, plus the few this server adds. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_WORKLOAD'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL_ERROR';

export function errorAnswer(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): Answer {
  return {
    status,
    json: { error: { code, message, ...(details ? { details } : {}) } },
    ...(headers ? { headers } : {}),
  };
}

/** A 400 that lists what is wrong, where (JSON Pointers), as the API's BadRequest example does. */
export function invalidAnswer(
  message: string,
  problems: readonly ValidationProblem[],
  code: ErrorCode = 'BAD_REQUEST',
) {
  return errorAnswer(400, code, message, { validationErrors: problems });
}

/** /validate's answer: 200 when valid, 400 when not, the ValidationResult either way. */
export function validationAnswer(result: ValidationResult): Answer {
  return { status: result.valid ? 200 : 400, json: result };
}
