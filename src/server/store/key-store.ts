import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../database/database';

/**
 * API keys: made here, shown once, stored as a SHA-256 hash (a key is 256 random bits, so a fast
 * hash is enough: there is nothing to guess). A request proves itself with the key in `X-API-Key`
 * or as a Bearer token. A read-only key may list, read and validate, not write.
 */
export type KeyScope = 'read-write' | 'read-only';

export interface ApiKey {
  name: string;
  scope: KeyScope;
  createdAt: string;
}

export interface KeyStore {
  /** Makes a key; resolves to the secret (never stored) or undefined when the name is taken. */
  create(name: string, scope: KeyScope): Promise<string | undefined>;
  /** The key a secret belongs to. */
  find(secret: string): Promise<ApiKey | undefined>;
  list(): Promise<ApiKey[]>;
  /** Whether a key of that name existed. */
  revoke(name: string): Promise<boolean>;
  count(): Promise<number>;
}

/** A key's name: what the log shows for the requests made with it. */
export const KEY_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

const PREFIX = 'sdk_';

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const COLUMNS = `name, scope, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;

/**
 * How long a key found stays known without asking the database again. Every API request checks its
 * key, and this saves a query per request; a key revoked from another process (PostgreSQL) stops
 * working within this time. Keys not found are not remembered: a new key works at once.
 */
export const KEY_CACHE_MS = 5_000;

export function keyStore(db: Queryable, now: () => number = Date.now): KeyStore {
  const known = new Map<string, { key: ApiKey; until: number }>();
  return {
    async create(name, scope) {
      const secret = PREFIX + randomBytes(32).toString('base64url');
      const rows = await db.query(
        'INSERT INTO api_keys (name, hash, scope) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING name',
        [name, hashKey(secret), scope],
      );
      return rows.length > 0 ? secret : undefined;
    },
    async find(secret) {
      // Anything else cannot be a key of ours: no need to ask the database.
      if (!secret.startsWith(PREFIX) || secret.length > 100) return undefined;
      const hash = hashKey(secret);
      const cached = known.get(hash);
      if (cached && cached.until > now()) return cached.key;
      const key = (await db.query<ApiKey>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = $1`, [hash]))[0];
      if (key) known.set(hash, { key, until: now() + KEY_CACHE_MS });
      else known.delete(hash);
      return key;
    },
    list: () => db.query<ApiKey>(`SELECT ${COLUMNS} FROM api_keys ORDER BY name`),
    async revoke(name) {
      for (const [hash, entry] of known) if (entry.key.name === name) known.delete(hash);
      return (await db.query('DELETE FROM api_keys WHERE name = $1 RETURNING name', [name])).length > 0;
    },
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys');
      return Number(row?.n ?? 0);
    },
  };
}
