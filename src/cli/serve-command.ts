import path from 'node:path';
import { describeTarget } from '../server/database/describe';
import type { DatabaseTarget } from '../server/database/open';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import type { ServeKeysRequest, ServeRequest } from './serve-args';

/**
 * `score-designer serve`: starts the workloads server (src/server) and runs until Ctrl+C or SIGTERM,
 * then finishes the requests under way and closes the database. `serve keys …` manages API keys in
 * the same database. What the server says goes to stderr; stdout carries the request log (JSON lines)
 * or, for `keys create`, the new key alone.
 */
export async function serveCommand(
  request: ServeRequest | ServeKeysRequest,
  io: CliIo,
  signals: NodeJS.EventEmitter = process,
): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);
  return request.kind === 'serve-keys' ? keysCommand(request, io, say) : serve(request, io, say, signals);
}

async function serve(
  request: ServeRequest,
  io: CliIo,
  say: (line: string) => void,
  signals: NodeJS.EventEmitter,
): Promise<number> {
  const { startServer } = await import('../server/serve');
  let server;
  try {
    server = await startServer({
      database: request.database,
      host: request.host,
      port: request.port,
      auth: request.auth,
      allowOrigins: request.allowOrigins,
      ...(request.appDir ? { appDir: path.resolve(request.appDir) } : {}),
      log: (entry) => io.stdout.write(JSON.stringify(entry) + '\n'),
    });
  } catch (error) {
    say(`the server could not start: ${reasonOf(error)}`);
    return EXIT.invalid;
  }
  say(`serving the app at ${server.origin}/ and the workloads API at ${server.apiUrl}`);
  say(`workloads are kept ${describeTarget(request.database)}`);
  if (request.auth === 'none') say('no API key is needed (--no-auth): anyone on this machine can change the library');
  else {
    const { keyStore } = await import('../server/store/key-store');
    if ((await keyStore(server.db).count()) === 0) {
      say('there are no API keys yet, so every API request is refused: stop the server and run');
      say('  score-designer serve keys create NAME' + databaseArgs(request.database));
    }
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      resolve();
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
  say('stopping: finishing the requests under way');
  await server.close();
  return EXIT.ok;
}

async function keysCommand(request: ServeKeysRequest, io: CliIo, say: (line: string) => void): Promise<number> {
  const { openDatabase } = await import('../server/database/open');
  const { keyStore } = await import('../server/store/key-store');
  let db;
  try {
    db = await openDatabase(request.database);
  } catch (error) {
    say(`could not open the database: ${reasonOf(error)}`);
    return EXIT.invalid;
  }
  try {
    const keys = keyStore(db);
    if (request.action === 'list') {
      const listed = await keys.list();
      for (const key of listed) io.stdout.write(`${key.name}\t${key.scope}\t${key.createdAt}\n`);
      if (listed.length === 0) say('no API keys yet: make one with score-designer serve keys create NAME');
      return EXIT.ok;
    }
    const name = request.name!;
    if (request.action === 'revoke') {
      if (!(await keys.revoke(name))) {
        say(`there is no API key named "${name}"`);
        return EXIT.invalid;
      }
      say(`the API key "${name}" is revoked: requests with it are refused from now on`);
      return EXIT.ok;
    }
    const secret = await keys.create(name, request.scope);
    if (!secret) {
      say(`there is an API key named "${name}" already: choose another name, or revoke that one first`);
      return EXIT.invalid;
    }
    io.stdout.write(`${secret}\n`);
    say(`made the ${request.scope} API key "${name}" (printed above). It is shown this once: only its hash is kept.`);
    say('Send it as the X-API-Key header or as a Bearer token; in the app, enter it in the library settings.');
    return EXIT.ok;
  } finally {
    await db.close();
  }
}

function databaseArgs(target: DatabaseTarget): string {
  return 'data' in target ? (target.data === '.score-designer' ? '' : ` --data ${target.data}`) : ' --database-url …';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
