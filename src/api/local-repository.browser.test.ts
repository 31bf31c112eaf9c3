import { afterEach, describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { DATABASE_VERSION, openLibrary } from './local-database';
import { LocalWorkloadRepository } from './local-repository';
import { defineRepositorySuite, sampleText } from './repository-suite';

/**
 * The workload library on the browser's own IndexedDB (Chromium, through Vitest's browser mode):
 * the same repository suite as on fake-indexeddb in Node, so the double and the real thing agree.
 * Every test gets a database of its own, deleted afterwards; the app's 'score-designer' is never touched.
 */

let counter = 0;
const created = new Set<string>();

/** A new database name for one test, deleted after it. */
function freshDatabase(): string {
  const name = `score-designer-test-${Date.now()}-${++counter}`;
  created.add(name);
  return name;
}

function deleteDatabase(name: string): Promise<void> {
  created.delete(name);
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete the database ${name}`));
  });
}

afterEach(async () => {
  await Promise.all([...created].map(deleteDatabase));
});

defineRepositorySuite(
  'local (browser IndexedDB)',
  { stateful: true, keepsText: true, requiresCredentials: false },
  async () => {
    const databaseName = freshDatabase();
    const repository = new LocalWorkloadRepository({ indexedDB, databaseName });
    return {
      repository,
      cleanup: async () => {
        await repository.close();
        await deleteDatabase(databaseName);
      },
    };
  },
);

describe('local workload library in the browser', () => {
  it('keeps workloads when the page is reloaded (a new connection to the same database)', async () => {
    const databaseName = freshDatabase();
    const before = new LocalWorkloadRepository({ indexedDB, databaseName });
    await before.create({ text: sampleText('web-shop') });
    await before.close();
    const after = new LocalWorkloadRepository({ indexedDB, databaseName });
    expect((await after.get('web-shop')).text).toBe(sampleText('web-shop'));
    expect((await after.list()).total).toBe(1);
    await after.close();
  });

  it("stores in the browser's IndexedDB at the current schema version", async () => {
    const databaseName = freshDatabase();
    const repo = new LocalWorkloadRepository({ indexedDB, databaseName });
    await repo.create({ text: sampleText('web-shop') });
    await repo.close();
    expect(await indexedDB.databases()).toContainEqual({ name: databaseName, version: DATABASE_VERSION });
    const db = await openLibrary(indexedDB, databaseName);
    expect(db.version).toBe(DATABASE_VERSION);
    expect(await db.get('workloads', 'web-shop')).toMatchObject({ name: 'web-shop', text: sampleText('web-shop') });
    db.close();
  });

  it("lets another tab upgrade the database: this tab's connection steps aside", async () => {
    const databaseName = freshDatabase();
    const repo = new LocalWorkloadRepository({ indexedDB, databaseName });
    await repo.create({ text: sampleText('web-shop') });
    const outcome = await new Promise<string>((resolve) => {
      const request = indexedDB.open(databaseName, DATABASE_VERSION + 1);
      request.onblocked = () => resolve('blocked');
      request.onerror = () => resolve(`failed: ${request.error?.message}`);
      request.onsuccess = () => {
        const db = request.result;
        const tx = db.transaction('workloads');
        const count = tx.objectStore('workloads').count();
        count.onsuccess = () => {
          resolve(`opened with ${count.result} workload(s)`);
          db.close();
        };
      };
    });
    expect(outcome).toBe('opened with 1 workload(s)');
    await repo.close();
  });

  it('turns a storage failure into a plain message, and tries again on the next call', async () => {
    const databaseName = freshDatabase();
    let refuse = true;
    const flaky = {
      open: (name: string, version?: number) => {
        if (refuse) throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        return indexedDB.open(name, version);
      },
    } as unknown as IDBFactory;
    const repo = new LocalWorkloadRepository({ indexedDB: flaky, databaseName });
    const error = await repo.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/could not use its storage.*denied permission/);
    refuse = false;
    await expect(repo.list()).resolves.toMatchObject({ total: 0 });
    await repo.close();
  });
});
