import pg from 'pg';
import type { Database, Queryable } from './database';
import { describeUrl } from './describe';

/**
 * A PostgreSQL server (`--database-url postgres://…`), for a team: several server processes may
 * share it. A small pool of connections; statements are parameterised, never spliced.
 */
export async function openPostgres(url: string, { maxConnections = 10 } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, connectionTimeoutMillis: 10_000 });
  // An idle connection that breaks (the server restarted) must not take this process down.
  pool.on('error', () => undefined);
  const client = await pool.connect(); // fails now, with the reason, rather than on the first request
  client.release();
  const queryable = (runner: Pick<pg.Pool, 'query'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await runner.query(sql, [...params]);
      return result.rows as Row[];
    },
  });
  return {
    kind: 'postgresql',
    where: describeUrl(url),
    ...queryable(pool),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(queryable(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
