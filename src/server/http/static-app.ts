import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVED_API_META } from '../../api/served-api';
import { errorAnswer } from './answers';

/** The app as `npm run build` leaves it. */
export const DEFAULT_APP_DIR = fileURLToPath(new URL('../../../dist', import.meta.url));

/**
 * The built app at `/`, its page told where its library is: a meta tag names this server's API,
 * and whether it wants an API key (the key itself is never in the page: the user enters it).
 */
export async function serveApp(
  app: FastifyInstance,
  { appDir = DEFAULT_APP_DIR, apiBase, auth }: { appDir: string | undefined; apiBase: string; auth: 'keys' | 'none' },
): Promise<void> {
  const indexFile = path.join(appDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(
            errorAnswer(
              503,
              'INTERNAL_ERROR',
              'The app is not built: run "npm run build", then start the server again. The API works.',
            ).json,
          ),
        ),
    );
    return;
  }
  const meta = `<meta name="${SERVED_API_META}" content="${apiBase}" data-credentials="${auth === 'keys' ? 'required' : 'none'}" />`;
  const page = readFileSync(indexFile, 'utf8').replace(/<head>/i, `<head>\n    ${meta}`);
  const sendPage = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  await app.register(fastifyStatic, {
    root: appDir,
    index: false,
    wildcard: true,
    // Hashed file names change with their content: they can be kept for good.
    setHeaders: (reply, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
