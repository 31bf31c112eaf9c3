import { describe, expect, it } from 'vitest';
import type { Queryable } from '../database/database';
import { hashKey, KEY_CACHE_MS, keyStore } from './key-store';

/** A table of keys in memory, answering the store's statements (it counts the lookups). */
function keysTable() {
  const rows = new Map<string, { name: string; hash: string; scope: string }>();
  let lookups = 0;
  const db: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      if (sql.startsWith('INSERT')) {
        const [name, hash, scope] = params as string[];
        if (rows.has(name!)) return [];
        rows.set(name!, { name: name!, hash: hash!, scope: scope! });
        return [{ name }] as Row[];
      }
      if (sql.startsWith('SELECT') && sql.includes('WHERE hash')) {
        lookups++;
        const row = [...rows.values()].find((r) => r.hash === params[0]);
        return (row ? [{ name: row.name, scope: row.scope, createdAt: 'now' }] : []) as Row[];
      }
      if (sql.startsWith('DELETE')) return (rows.delete(params[0] as string) ? [{ name: params[0] }] : []) as Row[];
      throw new Error(`unexpected statement: ${sql}`);
    },
  };
  return { db, rows, lookups: () => lookups };
}

describe('API keys', () => {
  it('stores only the hash of a key, shown once, and finds the key by it', async () => {
    const table = keysTable();
    const keys = keyStore(table.db);
    const secret = (await keys.create('alice', 'read-only'))!;
    expect(secret).toMatch(/^sdk_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify([...table.rows.values()])).not.toContain(secret);
    expect(table.rows.get('alice')!.hash).toBe(hashKey(secret));
    expect(await keys.find(secret)).toMatchObject({ name: 'alice', scope: 'read-only' });
    expect(await keys.create('alice', 'read-write')).toBeUndefined();
    expect(await keys.find(secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
  });

  it('asks the database once per key within the cache time, and again after it; a revoke here applies at once', async () => {
    const table = keysTable();
    let clock = 0;
    const keys = keyStore(table.db, () => clock);
    const secret = (await keys.create('bob', 'read-write'))!;
    await keys.find(secret);
    await keys.find(secret);
    expect(table.lookups()).toBe(1);
    clock += KEY_CACHE_MS + 1;
    await keys.find(secret);
    expect(table.lookups()).toBe(2);
    await keys.revoke('bob');
    expect(await keys.find(secret)).toBeUndefined();
  });

  it('does not ask the database about what cannot be a key', async () => {
    const table = keysTable();
    const keys = keyStore(table.db);
    for (const secret of ['', 'wrong', "' OR '1'='1", `sdk_${'x'.repeat(200)}`])
      expect(await keys.find(secret)).toBeUndefined();
    expect(table.lookups()).toBe(0);
  });
});
