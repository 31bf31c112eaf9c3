import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/database/open';
import { migrations } from '../../src/server/database/migrations';
import { startServer, type RunningServer, type ServeOptions } from '../../src/server/serve';
import { keyStore } from '../../src/server/store/key-store';

/**
 * Test support: a workloads server on a free 127.0.0.1 port, on a fresh PGlite folder or on a
 * PostgreSQL database, with a read-write and a read-only API key. `reset()` empties the library
 * between tests; `stop()` closes the server and removes the folder.
 */
export interface TestServer {
  server: RunningServer;
  apiUrl: string;
  key: string;
  readOnlyKey: string;
  /** The request log lines so far. */
  log: Array<Record<string, unknown>>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestServer(
  options: { databaseUrl?: string } & Partial<Omit<ServeOptions, 'database'>> = {},
): Promise<TestServer> {
  const { databaseUrl, ...rest } = options;
  if (!databaseUrl) await preparePgliteTemplate();
  const dir = databaseUrl ? undefined : freshPgliteFolder();
  const log: Array<Record<string, unknown>> = [];
  const server = await startServer({
    auth: 'keys',
    appDir: null,
    log: (entry) => log.push(entry),
    ...rest,
    database: databaseUrl ? { databaseUrl } : { data: dir! },
  });
  const keys = keyStore(server.db);
  const suffix = Math.random().toString(36).slice(2, 8);
  const key = (await keys.create(`tests-${suffix}`, 'read-write'))!;
  const readOnlyKey = (await keys.create(`reader-${suffix}`, 'read-only'))!;
  return {
    server,
    apiUrl: server.apiUrl,
    key,
    readOnlyKey,
    log,
    reset: async () => void (await server.db.query('DELETE FROM workloads')),
    async stop() {
      await server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new PGlite folder with the schema in place. Making one (initdb inside WebAssembly) takes
 * seconds, so one is made per schema version and copied for each server.
 */
export function freshPgliteFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'score-designer-data-'));
  cpSync(templateFolder(), dir, { recursive: true });
  return dir;
}

let template: Promise<void> | undefined;
const templateDir = path.join(tmpdir(), `score-designer-pglite-template-v${migrations.length}`);

function templateFolder(): string {
  if (!existsSync(templateDir)) throw new Error('call preparePgliteTemplate() first');
  return templateDir;
}

/** Makes the template folder once per machine (several test workers may race: the first rename wins). */
export function preparePgliteTemplate(): Promise<void> {
  template ??= (async () => {
    if (existsSync(templateDir)) return;
    const building = mkdtempSync(`${templateDir}-building-`);
    const db = await openDatabase({ data: building });
    await db.close();
    try {
      renameSync(building, templateDir);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another worker made it first
    }
  })();
  return template;
}
