import path from 'node:path';
import { lockDataDir, type DataLock } from './data-lock';
import type { Database, DatabaseTarget } from './database';
import { migrate } from './migrations';

export type { DatabaseTarget } from './database';

export const DEFAULT_DATA_DIR = '.score-designer';

/** Opens the database (locking a data folder for this process) and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let lock: DataLock | undefined;
  let db: Database;
  if ('databaseUrl' in target) {
    const { openPostgres } = await import('./postgres');
    db = await openPostgres(target.databaseUrl);
  } else {
    const dir = path.resolve(target.data);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    lock = lockDataDir(dir);
    try {
      const { openPglite } = await import('./pglite');
      db = await openPglite(dir);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const close = db.close.bind(db);
  return {
    ...db,
    async close() {
      try {
        await close();
      } finally {
        lock?.release();
      }
    },
  };
}
