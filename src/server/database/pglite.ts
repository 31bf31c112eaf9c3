import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/**
 * PostgreSQL compiled to WebAssembly, running inside this process on a data folder: the default, so
 * that one command on a laptop is enough. One process at a time may open a folder (see ./data-lock).
 * Its statements run one after another (PGlite has one connection), which a single user never notices.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(path.join(dir, 'pgdata'));
  const queryable = (runner: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await runner.query<Row>(sql, [...params]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    where: dir,
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
  };
}
