import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Answer } from './answers';
import { errorAnswer } from './answers';
import { createApi, type ApiOptions } from './api';
import { JSON_TYPE, YAML_TYPE } from './negotiate';
import { serveApp } from './static-app';
import { readWorkloadBody, type WorkloadBody } from './workload-body';

/**
 * The HTTP server: the workloads API under its base path, the built app at `/`, and what every
 * response shares — a size limit on bodies, errors as the API's ErrorResponse without a stack,
 * CORS for the origins given and no others, and one structured log line per request.
 */
export interface HttpOptions extends ApiOptions {
  /** Origins (scheme://host:port) whose pages may call the API from a browser; none by default. */
  allowOrigins?: readonly string[];
  /** The built app's folder (dist/); null serves the API only. */
  appDir?: string | null;
  /** Bodies over this many bytes are refused with 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** Where each request's log line goes (one JSON object per request); the default prints to stdout. */
  log?: (entry: Record<string, unknown>) => void;
}

export const DEFAULT_MAX_BODY = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    workload?: WorkloadBody;
    keyName?: string;
  }
}

export async function createHttpServer(options: HttpOptions): Promise<FastifyInstance> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const log = options.log ?? ((entry) => process.stdout.write(JSON.stringify(entry) + '\n'));
  const api = await createApi(options);
  const app = Fastify({
    logger: false,
    bodyLimit: maxBodyBytes,
    genReqId: () => randomUUID(),
    // Node's own limits on a slow or stuck client: the request as a whole, and idle connections.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // What Fastify refuses before routing (an address that is not valid percent-encoding, …): the API's shape too.
    frameworkErrors: (error, _request, reply) =>
      void send(reply, errorAnswer(400, 'BAD_REQUEST', `The request could not be read: ${error.message}.`)),
  });

  // Only the API's two media types are read (anything else is 415); bodies are read as text: the text is what is stored, and the workload reader (not a generic
  // parser) decides what it will accept, with the same reasons for JSON and for YAML.
  app.removeAllContentTypeParsers();
  for (const type of [JSON_TYPE, YAML_TYPE]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => {
      done(null, readWorkloadBody(body as string, type));
    });
  }

  if (options.allowOrigins && options.allowOrigins.length > 0) {
    const allowed = new Set(options.allowOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept', 'Authorization', 'X-API-Key', 'If-Match'],
      exposedHeaders: ['ETag'],
      maxAge: 600,
    });
  }

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    log({
      time: new Date().toISOString(),
      level: reply.statusCode >= 500 ? 'error' : 'info',
      msg: 'request',
      id: request.id,
      method: request.method,
      url: request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      ...(request.keyName ? { key: request.keyName } : {}),
    });
  });

  const handleApi = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as WorkloadBody | undefined;
    const answer = await api.handle({
      method: request.method,
      path: new URL(request.url, 'http://server').pathname,
      query: (request.query ?? {}) as Record<string, unknown>,
      headers: request.headers,
      params: {},
      body,
    });
    if (answer.key) request.keyName = answer.key;
    return send(reply, answer);
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: `${api.basePath}/*`, handler: handleApi });
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: api.basePath || '/', handler: handleApi });

  if (options.appDir !== null)
    await serveApp(app, { appDir: options.appDir, apiBase: api.basePath, auth: options.auth });

  app.setNotFoundHandler((request, reply) =>
    send(reply, errorAnswer(404, 'NOT_FOUND', `Nothing here: ${request.method} ${request.url.split('?')[0]}.`)),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      // The details stay in the log; the answer says only that it failed, and which request it was.
      log({
        time: new Date().toISOString(),
        level: 'error',
        msg: 'request failed',
        id: request.id,
        error: String(error.stack ?? error),
      });
      return send(reply, errorAnswer(500, 'INTERNAL_ERROR', 'An unexpected error occurred', { requestId: request.id }));
    }
    return send(reply, clientErrorAnswer(error, status, maxBodyBytes, request.headers['content-type']));
  });

  return app;
}

/** Fastify's own refusals (size, media type, malformed requests), in the API's words and shape. */
function clientErrorAnswer(
  error: FastifyError,
  status: number,
  maxBodyBytes: number,
  contentType: string | undefined,
): Answer {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorAnswer(
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is over the limit of ${maxBodyBytes} bytes; no workload is that large.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorAnswer(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send a workload as ${JSON_TYPE} or ${YAML_TYPE} (the Content-Type header), not ${contentType ? `“${contentType.slice(0, 80)}”` : 'without a Content-Type'}.`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorAnswer(400, 'BAD_REQUEST', 'The request says it carries JSON but its body is empty.');
    default:
      return errorAnswer(status, 'BAD_REQUEST', error.message || 'The request could not be read.');
  }
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.raw) return reply.type(answer.raw.type).send(answer.raw.text);
  if (answer.json !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.json));
  return reply.send();
}
