/**
 * The one thing the server asks of a database: run a parameterised statement, run several in a
 * transaction, close. The embedded PGlite (./pglite) and a PostgreSQL server (./postgres) both give
 * it, so the schema, the migrations and every query (../store) are written once for both.
 */
export interface Queryable {
  /** Runs one statement with `$1, $2, …` parameters (never spliced into the text) and gives its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** 'pglite' (embedded, one process) or 'postgresql' (a server, any number of processes). */
  readonly kind: 'pglite' | 'postgresql';
  /** Where it is, for the log: the data folder, or the server's address without the password. */
  readonly where: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the workloads are kept: a PGlite data folder (the default) or a PostgreSQL server. */
export type DatabaseTarget = { data: string } | { databaseUrl: string };
