import type { ErrorResponse, ValidationProblem, ValidationResult } from './contract';
import {
  ConflictError,
  NotFoundError,
  ServerError,
  UnauthorizedError,
  ValidationError,
  type RepositoryError,
} from './errors';
import { isRecord } from '../core/workload/values';
import { summary } from './workload-text';

/**
 * A server's error answer as one of our errors, carrying the server's own message for the user.
 * Bodies come in the API's shapes (ErrorResponse, or ValidationResult for /validate), as RFC 9457
 * problem details (mock servers, gateways), as plain text, or not at all; each gives its message.
 */
export function errorFromAnswer(response: Response, body: unknown, what: string): RepositoryError {
  const { status } = response;
  const said = serverMessage(body);
  const answered = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  switch (status) {
    case 400:
    case 422:
      return new ValidationError(
        said ?? `The server refused ${what} as invalid (${answered}).`,
        {
          ...(isValidationResult(body) ? { result: body } : {}),
          ...(isErrorResponse(body) ? { response: body } : {}),
          ...(problemDetailsList(body) ? { problems: problemDetailsList(body) } : {}),
        },
        status,
      );
    case 401:
    case 403:
      return new UnauthorizedError(
        `${sentence(`The server refused ${what} (${answered})`, said)} Check the token or API key of this connection.`,
        status,
      );
    case 404:
      // A bare "Not Found" (a plain-text body, a gateway) names neither what was asked nor where.
      return new NotFoundError(
        said && !sameWords(said, response.statusText) && !sameWords(said, 'Not Found')
          ? said
          : `The server does not have ${what} (${answered}).`,
        status,
      );
    case 409:
      return new ConflictError(said ?? `The server already has ${what} (${answered}).`, status);
    case 412:
      // If-Match refused: someone saved a newer version since this client read it.
      return new ConflictError(said ?? `Someone else changed ${what} on the server since it was opened here.`, status);
    default:
      return new ServerError(sentence(`The server failed on ${what} (${answered})`, said), status);
  }
}

/** `lead: said.` as one sentence, whatever punctuation the server's words end with. */
function sentence(lead: string, said: string | undefined): string {
  if (!said) return `${lead}.`;
  const words = said.trim();
  return /[.!?]$/.test(words) ? `${lead}: ${words}` : `${lead}: ${words}.`;
}

function sameWords(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/[.!]+$/, '')
      .toLowerCase();
  return norm(a) === norm(b);
}

/** The message a server put in its answer, if any. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    // An HTML error page says nothing readable in a message line.
    return text && !text.startsWith('<') ? text.slice(0, 300) : undefined;
  }
  if (isValidationResult(body)) return summary(body);
  if (isErrorResponse(body)) return body.error?.message;
  if (isRecord(body)) {
    for (const key of ['detail', 'title', 'message']) {
      const value = body[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return undefined;
}

export function isValidationResult(body: unknown): body is ValidationResult {
  return (
    isRecord(body) &&
    typeof body['valid'] === 'boolean' &&
    (body['errors'] === undefined || Array.isArray(body['errors']))
  );
}

export function isErrorResponse(body: unknown): body is ErrorResponse & { error: { message?: string } } {
  return isRecord(body) && isRecord(body['error']) && typeof body['error']['message'] === 'string';
}

/** Problem details that list what was wrong with the request (Prism's `validation`). */
function problemDetailsList(body: unknown): ValidationProblem[] | undefined {
  const list = isRecord(body) ? body['validation'] : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter(isRecord).map((entry) => ({
    path: Array.isArray(entry['location']) ? '/' + entry['location'].map(String).join('/') : '',
    message: typeof entry['message'] === 'string' ? entry['message'] : 'invalid',
    code: typeof entry['code'] === 'string' ? entry['code'] : String(entry['code'] ?? 'INVALID'),
  }));
}
