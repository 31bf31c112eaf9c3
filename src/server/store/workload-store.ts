import type { Queryable } from '../database/database';

/**
 * The workloads as the server keeps them, behind one interface whatever the database: the text
 * exactly as it was sent (comments, order, quoting, line ends), the same workload as JSON data for
 * the API's JSON answers, and a version for ETags. Every statement is parameterised.
 */
export interface StoredWorkload {
  name: string;
  text: string;
  /** The workload as JSON text, in the order of the text's keys. */
  data: string;
  /** Changes with every save; the ETag is made from it. */
  version: string;
  updatedAt: string;
}

export interface WorkloadPageRows {
  total: number;
  items: Array<{ name: string; data: string }>;
}

/** What a conditional write found instead of the version it expected. */
export type WriteRefusal = { refused: 'missing' } | { refused: 'changed'; version: string };

export interface WorkloadStore {
  /** Sorted by name; `name` keeps the names that contain it, ignoring case. */
  list(query: { limit: number; offset: number; name?: string | undefined }): Promise<WorkloadPageRows>;
  get(name: string): Promise<StoredWorkload | undefined>;
  /** Undefined when the name is taken. */
  create(name: string, text: string, data: string): Promise<StoredWorkload | undefined>;
  /** With `ifVersion`, only when the stored version is still that one. */
  update(name: string, text: string, data: string, ifVersion?: string): Promise<StoredWorkload | WriteRefusal>;
  delete(name: string, ifVersion?: string): Promise<true | WriteRefusal>;
  /** A top-level part of the workload as JSON text: null when the workload has none, undefined when there is no workload. */
  part(name: string, key: 'containers' | 'resources'): Promise<string | null | undefined>;
}

const COLUMNS = `name, text, data::text AS data, version::text AS version,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** Case-insensitive "contains", without LIKE: `%` and `_` in a filter are plain characters. */
const MATCHES = '($1::text IS NULL OR strpos(lower(name), lower($1::text)) > 0)';

export function workloadStore(db: Queryable): WorkloadStore {
  const one = async (sql: string, params: readonly unknown[]) => (await db.query<StoredWorkload>(sql, params))[0];
  const refusal = async (name: string): Promise<WriteRefusal> => {
    const current = await db.query<{ version: string }>(
      'SELECT version::text AS version FROM workloads WHERE name = $1',
      [name],
    );
    return current[0] ? { refused: 'changed', version: current[0].version } : { refused: 'missing' };
  };
  return {
    async list({ limit, offset, name }) {
      const filter = name ? name : null;
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM workloads WHERE ${MATCHES}`,
        [filter],
      );
      const items = await db.query<{ name: string; data: string }>(
        `SELECT name, data::text AS data FROM workloads WHERE ${MATCHES} ORDER BY name COLLATE "C" LIMIT $2 OFFSET $3`,
        [filter, limit, offset],
      );
      return { total: Number(count?.total ?? 0), items };
    },
    get: (name) => one(`SELECT ${COLUMNS} FROM workloads WHERE name = $1`, [name]),
    create: (name, text, data) =>
      one(
        `INSERT INTO workloads (name, text, data) VALUES ($1, $2, $3::json) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
        [name, text, data],
      ),
    async update(name, text, data, ifVersion) {
      // One statement: the check and the write cannot be split by another writer.
      const saved = await one(
        `UPDATE workloads SET text = $2, data = $3::json, version = nextval('workload_versions'), updated_at = now()
         WHERE name = $1 AND ($4::bigint IS NULL OR version = $4::bigint) RETURNING ${COLUMNS}`,
        [name, text, data, ifVersion ?? null],
      );
      return saved ?? refusal(name);
    },
    async delete(name, ifVersion) {
      const gone = await db.query(
        'DELETE FROM workloads WHERE name = $1 AND ($2::bigint IS NULL OR version = $2::bigint) RETURNING name',
        [name, ifVersion ?? null],
      );
      return gone.length > 0 ? true : refusal(name);
    },
    async part(name, key) {
      const rows = await db.query<{ part: string | null }>(
        'SELECT (data -> $2::text)::text AS part FROM workloads WHERE name = $1',
        [name, key],
      );
      return rows[0] === undefined ? undefined : rows[0].part;
    },
  };
}
