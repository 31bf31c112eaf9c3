import { OpenAPIBackend, type Document } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { loadContract } from '../../src/server/http/api';

/**
 * Test support: checks an HTTP answer against the workloads API's OpenAPI document with
 * openapi-backend (the library the server uses for requests): the operation it answers, that its
 * status is one the operation documents, that its media type is documented for that status, and
 * that its body validates against the schema. Statuses the contract does not list (401, 403, 412,
 * 413, 415) are reported as such, with their body checked against the ErrorResponse schema.
 */
export interface AnswerCheck {
  operationId: string | undefined;
  documented: boolean;
  violations: string[];
}

export async function contractChecker(): Promise<
  (method: string, url: string, response: Response, body: string) => AnswerCheck
> {
  const definition = loadContract() as Document;
  const backend = new OpenAPIBackend({
    definition,
    apiRoot: new URL(definition.servers?.[0]?.url ?? '/', 'http://x').pathname,
    quick: true,
    customizeAjv: (_ajv, options) => new Ajv2020({ ...options, strict: false, allErrors: true }),
  });
  await backend.init();
  const errorSchema = new Ajv2020({ strict: false, allErrors: true }).compile(
    (definition.components?.schemas as Record<string, object>)['ErrorResponse']!,
  );
  return (method, url, response, body) => {
    const violations: string[] = [];
    const { pathname } = new URL(url);
    const operation = backend.router.matchOperation({ method, path: pathname, headers: {} });
    const status = response.status;
    if (!operation)
      return { operationId: undefined, documented: false, violations: [`no operation for ${method} ${pathname}`] };
    const documented = Object.hasOwn(operation.responses ?? {}, String(status));
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    let value: unknown;
    if (body !== '') {
      try {
        value = type === 'application/x-yaml' ? parse(body) : JSON.parse(body);
      } catch (error) {
        violations.push(`the body is not ${type}: ${(error as Error).message}`);
      }
    }
    if (documented) {
      const spec = (operation.responses as Record<string, { content?: Record<string, unknown> }>)[String(status)];
      const types = Object.keys(spec?.content ?? {});
      if (types.length === 0 && body !== '') violations.push(`${status} documents no body, yet one came`);
      if (types.length > 0 && !types.includes(type))
        violations.push(`${status} as ${type || 'no type'}; the contract has ${types.join(', ')}`);
      if (types.length > 0) {
        const result = backend.validator.validateResponse(value, operation, status);
        for (const error of result.errors ?? []) violations.push(`${error.instancePath || '/'} ${error.message}`);
      }
    } else {
      if (type !== 'application/json' || !errorSchema(value))
        violations.push(`${status} is not an ErrorResponse in JSON`);
      if (!/"message":"[^"]+/.test(body)) violations.push(`${status} says no reason`);
    }
    return { operationId: operation.operationId, documented, violations };
  };
}
