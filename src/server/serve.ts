import type { AddressInfo } from 'node:net';
import type { Database } from './database/database';
import { openDatabase, type DatabaseTarget } from './database/open';
import { createHttpServer, type HttpOptions } from './http/app';
import { basePathOf, loadContract } from './http/api';
import { keyStore } from './store/key-store';
import { workloadStore } from './store/workload-store';

/**
 * A running workloads server: the database opened and migrated, the HTTP server listening.
 * `score-designer serve` starts one; so do the tests and the benchmarks, on a free port.
 */
export interface ServeOptions extends Omit<HttpOptions, 'workloads' | 'keys'> {
  database: DatabaseTarget;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export interface RunningServer {
  /** http://host:port */
  origin: string;
  /** The API's base URL, e.g. http://127.0.0.1:4310/v1 */
  apiUrl: string;
  db: Database;
  /** Stops taking requests, finishes those under way, closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const db = await openDatabase(options.database);
  try {
    const app = await createHttpServer({ ...options, workloads: workloadStore(db), keys: keyStore(db) });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const base = basePathOf(loadContract());
    let closing: Promise<void> | undefined;
    return {
      origin,
      apiUrl: `${origin}${base}`,
      db,
      close: () =>
        (closing ??= (async () => {
          try {
            await app.close();
          } finally {
            await db.close();
          }
        })()),
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
