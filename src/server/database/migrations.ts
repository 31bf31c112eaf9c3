import type { Database } from './database';

/**
 * The schema, as numbered steps applied once each and in order, for PGlite and PostgreSQL alike.
 * A step is never edited once released: a change is a new step. `schema_migrations` records what
 * was applied; an advisory lock keeps two servers starting on one database from racing.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; statements: readonly string[] }> = [
  {
    version: 1,
    name: 'workloads and API keys',
    statements: [
      // Versions come from one sequence, so an ETag never names two different saves, even across a
      // delete and a new workload of the same name.
      'CREATE SEQUENCE workload_versions',
      `CREATE TABLE workloads (
         name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$'),
         text text NOT NULL,
         data json NOT NULL,
         version bigint NOT NULL DEFAULT nextval('workload_versions'),
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
      `CREATE TABLE api_keys (
         name text PRIMARY KEY,
         hash text NOT NULL UNIQUE,
         scope text NOT NULL CHECK (scope IN ('read-write', 'read-only')),
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    ],
  },
];

/** Any number: the same for every server of this program, so that they wait for each other. */
const MIGRATION_LOCK = 7_303_037;

/** Brings the database's schema up to date; returns the versions it applied. */
export async function migrate(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const newest = Math.max(0, ...applied);
    const known = Math.max(...migrations.map((m) => m.version));
    if (newest > known) {
      throw new Error(
        `The database's schema is version ${newest}, newer than this program knows (${known}): update score-designer.`,
      );
    }
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      done.push(migration.version);
    }
    return done;
  });
}
