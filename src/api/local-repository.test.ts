// The idb wrapper recognises IndexedDB's classes by their global names (IDBRequest, …): install
// fake-indexeddb's; each test still gets a library of its own through a new IDBFactory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { StorageError, ValidationError } from './errors';
import { DATABASE_NAME, DATABASE_VERSION, openLibrary } from './local-database';
import { LocalWorkloadRepository } from './local-repository';
import { defineRepositorySuite, sampleText } from './repository-suite';

defineRepositorySuite(
  'local (IndexedDB)',
  { stateful: true, keepsText: true, requiresCredentials: false },
  async () => {
    const repository = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
    return { repository, cleanup: () => repository.close() };
  },
);

describe('local workload library', () => {
  it('keeps workloads when the page is reloaded (a new connection to the same database)', async () => {
    const indexedDB = new IDBFactory();
    const before = new LocalWorkloadRepository({ indexedDB });
    await before.create({ text: sampleText('web-shop') });
    await before.close();
    const after = new LocalWorkloadRepository({ indexedDB });
    expect((await after.get('web-shop')).text).toBe(sampleText('web-shop'));
    expect((await after.list()).total).toBe(1);
    await after.close();
  });

  it('stores in the "score-designer" database at the current schema version', async () => {
    const indexedDB = new IDBFactory();
    const repo = new LocalWorkloadRepository({ indexedDB });
    await repo.create({ text: sampleText('web-shop') });
    await repo.close();
    const db = await openLibrary(indexedDB, DATABASE_NAME);
    expect(db.version).toBe(DATABASE_VERSION);
    expect(await db.get('workloads', 'web-shop')).toMatchObject({ name: 'web-shop', text: sampleText('web-shop') });
    db.close();
  });

  it('records when a workload was saved', async () => {
    let now = new Date('2026-01-02T03:04:05Z');
    const repo = new LocalWorkloadRepository({ indexedDB: new IDBFactory(), now: () => now });
    expect((await repo.create({ text: sampleText('web-shop') })).updatedAt).toBe('2026-01-02T03:04:05.000Z');
    now = new Date('2026-02-03T04:05:06Z');
    await repo.update('web-shop', { text: sampleText('web-shop', 'nginx:2') });
    expect((await repo.get('web-shop')).updatedAt).toBe('2026-02-03T04:05:06.000Z');
    expect((await repo.list()).items[0]?.updatedAt).toBe('2026-02-03T04:05:06.000Z');
    await repo.close();
  });

  it('saves a workload with warnings, and refuses one with errors, with the core’s messages', async () => {
    const repo = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
    const warned = sampleText('web-shop').replace(
      '    variables:',
      '    resources:\n      limits: {memory: 1Gi}\n      requests: {memory: 2Gi}\n    variables:',
    );
    expect((await repo.validate({ text: warned })).warnings?.map((w) => w.code)).toContain('REQUEST_ABOVE_LIMIT');
    await expect(repo.create({ text: warned })).resolves.toMatchObject({ name: 'web-shop' });

    const broken = sampleText('bad-one').replace('image: nginx:1.27', 'image: ""\n    before: {web: {ready: started}}');
    const error = (await repo.create({ text: broken }).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.result?.valid).toBe(false);
    expect(error.message).toBe(
      error.result?.errors?.[0]?.message +
        ` (and ${error.problems.length - 1} more problem${error.problems.length === 2 ? '' : 's'})`,
    );
    expect((await repo.list()).total).toBe(1);
    await repo.close();
  });

  it('turns a storage failure into a plain message, and tries again on the next call', async () => {
    const real = new IDBFactory();
    let refuse = true;
    const flaky = {
      open: (name: string, version?: number) => {
        if (refuse) throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        return real.open(name, version);
      },
    } as unknown as IDBFactory;
    const repo = new LocalWorkloadRepository({ indexedDB: flaky });
    const error = await repo.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/could not use its storage.*denied permission/);
    refuse = false;
    await expect(repo.list()).resolves.toMatchObject({ total: 0 });
    await repo.close();
  });
});
