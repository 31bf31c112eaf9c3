/**
 * Reading `score-designer serve …` and `score-designer serve keys …`. Pure, like ./args: argv in, a
 * request out, every usage error decided before a port or a database is touched.
 */
import type { DatabaseTarget } from '../server/database/open';
import { KEY_NAME_PATTERN, type KeyScope } from '../server/store/key-store';
import { optionValue, type CommandSpec } from './options';

export interface ServeRequest {
  kind: 'serve';
  host: string;
  port: number;
  database: DatabaseTarget;
  allowOrigins: string[];
  auth: 'keys' | 'none';
  /** The built app to serve at / (default: the checkout's dist/). */
  appDir?: string;
}

export interface ServeKeysRequest {
  kind: 'serve-keys';
  action: 'create' | 'list' | 'revoke';
  name?: string;
  scope: KeyScope;
  database: DatabaseTarget;
}

export const DEFAULT_PORT = 4310;
export const DEFAULT_HOST = '127.0.0.1';
/** Read when --database-url is not given, so that a password need not be on the command line. */
export const DATABASE_URL_VARIABLE = 'SCORE_DESIGNER_DATABASE_URL';

export type ServeParse = ServeRequest | ServeKeysRequest | { kind: 'usage-error'; message: string };

export function parseServe(args: readonly string[], env: Record<string, string | undefined> = {}): ServeParse {
  const fail = (message: string) => ({ kind: 'usage-error' as const, message });
  if (args[0] === 'keys') return parseKeys(args.slice(1), env);
  let host = DEFAULT_HOST;
  let port = DEFAULT_PORT;
  let auth: 'keys' | 'none' = 'keys';
  let appDir: string | undefined;
  const allowOrigins: string[] = [];
  const database = new DatabaseOptions();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--no-auth') {
      auth = 'none';
      continue;
    }
    const option = optionValue(arg, args[i + 1], [
      '--port',
      '--host',
      '--data',
      '--database-url',
      '--allow-origin',
      '--app',
    ]);
    if (!option) return fail(`Unknown ${arg.startsWith('-') ? 'option' : 'argument'} "${arg}" for serve.`);
    if (option.value === undefined || option.value === '') return fail(`${option.name} needs a value.`);
    if (option.next) i++;
    const { name, value } = option;
    if (name === '--port') {
      const parsed = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      if (!(parsed <= 65535)) return fail(`--port needs a port number from 0 to 65535, not "${value}".`);
      port = parsed;
    } else if (name === '--host') {
      host = value;
    } else if (name === '--allow-origin') {
      const origin = originOf(value);
      if (!origin)
        return fail(`--allow-origin needs an origin such as https://designer.example.com (no path), not "${value}".`);
      allowOrigins.push(origin);
    } else if (name === '--app') {
      appDir = value;
    } else {
      const problem = database.take(name, value);
      if (problem) return fail(problem);
    }
  }
  if (auth === 'none' && !isLoopback(host)) {
    return fail(
      `--no-auth is only for a server on this machine (--host 127.0.0.1 or localhost): on ${host} anyone who can reach it could change the library. Create an API key instead: score-designer serve keys create NAME.`,
    );
  }
  return {
    kind: 'serve',
    host,
    port,
    database: database.target(env),
    allowOrigins,
    auth,
    ...(appDir ? { appDir } : {}),
  };
}

function parseKeys(args: readonly string[], env: Record<string, string | undefined>): ServeParse {
  const fail = (message: string) => ({ kind: 'usage-error' as const, message });
  const [action, ...rest] = args;
  if (action !== 'create' && action !== 'list' && action !== 'revoke') {
    return fail('serve keys needs an action: create NAME, list, or revoke NAME.');
  }
  let name: string | undefined;
  let scope: KeyScope = 'read-write';
  const database = new DatabaseOptions();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--read-only') {
      scope = 'read-only';
      continue;
    }
    if (!arg.startsWith('-')) {
      if (name !== undefined) return fail(`serve keys ${action} takes one NAME; "${arg}" is one too many.`);
      name = arg;
      continue;
    }
    const option = optionValue(arg, rest[i + 1], ['--data', '--database-url']);
    if (!option) return fail(`Unknown option "${arg}" for serve keys ${action}.`);
    if (option.value === undefined || option.value === '') return fail(`${option.name} needs a value.`);
    if (option.next) i++;
    const problem = database.take(option.name, option.value);
    if (problem) return fail(problem);
  }
  if (action === 'list') {
    if (name !== undefined) return fail('serve keys list takes no NAME.');
  } else if (name === undefined || !KEY_NAME_PATTERN.test(name)) {
    return fail(
      `serve keys ${action} needs a NAME: 1 to 63 letters, digits, ".", "_" or "-", starting with a letter or digit${name === undefined ? '' : `, not "${name}"`}.`,
    );
  }
  return { kind: 'serve-keys', action, ...(name !== undefined ? { name } : {}), scope, database: database.target(env) };
}

/** --data and --database-url: one or the other; the environment's URL, then ./.score-designer, when neither. */
class DatabaseOptions {
  private data: string | undefined;
  private url: string | undefined;

  take(name: string, value: string): string | undefined {
    if (name === '--data') this.data = value;
    else {
      if (!/^postgres(ql)?:\/\//.test(value)) return `--database-url needs a postgres:// or postgresql:// address.`;
      this.url = value;
    }
    return this.data !== undefined && this.url !== undefined
      ? 'Give --data (the embedded database) or --database-url (a PostgreSQL server), not both.'
      : undefined;
  }

  target(env: Record<string, string | undefined>): DatabaseTarget {
    if (this.url) return { databaseUrl: this.url };
    if (this.data) return { data: this.data };
    const fromEnv = env[DATABASE_URL_VARIABLE];
    return fromEnv ? { databaseUrl: fromEnv } : { data: '.score-designer' };
  }
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value.replace(/\/$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export const serveCommands: Record<'serve', CommandSpec> = {
  serve: {
    summary: 'Run a workloads server: the workloads API on a database, and the app with its library on it.',
    usage:
      'score-designer serve [--port N] [--host H] [--data DIR | --database-url postgres://…] [--allow-origin ORIGIN]... [--no-auth]\n' +
      '       score-designer serve keys create NAME [--read-only] | keys list | keys revoke NAME   [--data DIR | --database-url …]',
    help: [
      'Serves the workloads API (schemas/workloads.openapi.yaml) under /v1 and the built app at /, whose',
      'library starts out on this server. Request log: one JSON line per request on stdout.',
      '',
      'Options:',
      `  --port N             the port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
      `  --host H             the address to listen on (default ${DEFAULT_HOST}: this machine only;`,
      '                       0.0.0.0 for every network interface)',
      '  --data DIR           keep the workloads in an embedded PostgreSQL (PGlite) in DIR',
      '                       (default ./.score-designer); one process at a time may use DIR',
      '  --database-url URL   keep them on a PostgreSQL server instead (postgres://user:pass@host/db);',
      `                       without it, $${DATABASE_URL_VARIABLE} is used when set`,
      '  --allow-origin O     let pages from origin O (https://host[:port]) call the API (CORS);',
      '                       repeatable; none by default',
      '  --no-auth            no API key needed (only with a --host on this machine)',
      '  --app DIR            the built app to serve at / (default: dist/ of this checkout)',
      '',
      'API keys (needed by every request unless --no-auth; send one as X-API-Key or as a Bearer token):',
      '  keys create NAME     make a key and print it once (only its hash is stored);',
      '                       --read-only: it may list, read and validate, not change workloads',
      '  keys list            the keys by name, with their scope and creation date',
      '  keys revoke NAME     the key stops working',
      'With the embedded database, stop the server before managing keys.',
      '',
      'Exit status: 0 stopped by Ctrl+C or SIGTERM, or keys done; 1 the server could not start',
      '             or a key could not be made; 2 usage error.',
    ],
  },
};
