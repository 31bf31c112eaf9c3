import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerError } from '../../api/errors';
import { HttpWorkloadRepository } from '../../api/http-repository';
import { LocalWorkloadRepository } from '../../api/local-repository';
import { freePort } from '../../api/prism-mock';
import { workloadKeys } from '../../api/queries';
import type { WorkloadRepository } from '../../api/repository';
import { createDocumentStore, hasChanges, type DocumentStore } from '../document/store';
import { saveOpenWorkload } from './save';
import { createLibraryStore, followDocument, type LibraryStore } from './store';
import { workloadText } from '../../../test/support/library';

let local: LocalWorkloadRepository;
let client: QueryClient;

beforeEach(() => {
  local = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
  client = new QueryClient();
});

afterEach(async () => {
  client.clear();
  await local.close();
});

function setUp(
  text: string,
  repository: WorkloadRepository = local,
): { document: DocumentStore; library: LibraryStore } {
  const document = createDocumentStore({ text, origin: 'a template' });
  const library = createLibraryStore({ storage: {}, makeRepository: () => repository });
  followDocument(library, document);
  return { document, library };
}

/** A repository that fails its next `failures` writes as a server error would, then works. */
function flaky(repository: WorkloadRepository, failures: number): WorkloadRepository {
  let left = failures;
  const fail = () => {
    if (left-- > 0)
      throw new ServerError('The server failed on the new workload (503 Service Unavailable): try later', 503);
  };
  return Object.assign(Object.create(repository) as WorkloadRepository, {
    create: async (...args: Parameters<WorkloadRepository['create']>) => (fail(), repository.create(...args)),
    update: async (...args: Parameters<WorkloadRepository['update']>) => (fail(), repository.update(...args)),
  });
}

describe('Save', () => {
  it('creates a new workload with the exact text, and clears the unsaved mark', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp('');
    document.getState().open(text, 'a template');
    document.getState().typeText(`${text}# edited\n`);
    expect(hasChanges(document.getState())).toBe(true);

    const outcome = await saveOpenWorkload(document, library, client);
    expect(outcome).toEqual({ kind: 'saved', name: 'shop', created: true });
    expect((await local.get('shop')).text).toBe(`${text}# edited\n`);
    expect(document.getState().text).toBe(`${text}# edited\n`);
    expect(hasChanges(document.getState())).toBe(false);
    expect(library.getState().save).toMatchObject({ state: 'saved', name: 'shop', created: true });
    expect(library.getState().link?.name).toBe('shop');
  });

  it('updates the saved workload on the next save', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp(text);
    await saveOpenWorkload(document, library, client);
    document.getState().typeText(text.replace('1.27', '1.28'));
    expect(await saveOpenWorkload(document, library, client)).toEqual({ kind: 'saved', name: 'shop', created: false });
    expect((await local.get('shop')).text).toBe(text.replace('1.27', '1.28'));
    expect((await local.list()).total).toBe(1);
  });

  it('refreshes the cached list of the library', async () => {
    const { document, library } = setUp(workloadText('shop'));
    client.setQueryData(workloadKeys.list(local), { items: [], total: 0, limit: 10, offset: 0 });
    await saveOpenWorkload(document, library, client);
    expect(client.getQueryState(workloadKeys.list(local))?.isInvalidated).toBe(true);
  });

  it('never overwrites another saved workload of the same name without asking', async () => {
    const saved = workloadText('shop', 'caddy:2');
    await local.create({ text: saved });
    const mine = workloadText('shop');
    const { document, library } = setUp(mine);
    expect(await saveOpenWorkload(document, library, client)).toEqual({ kind: 'conflict', name: 'shop' });
    expect((await local.get('shop')).text).toBe(saved);
    expect(document.getState().text).toBe(mine);

    // The user said "replace".
    expect(await saveOpenWorkload(document, library, client, { replace: true })).toMatchObject({ kind: 'saved' });
    expect((await local.get('shop')).text).toBe(mine);
  });

  it('says so when the server refuses the replacement the user asked for (409), keeping the text', async () => {
    const { createServer } = await import('node:http');
    // A server that has "shop" already and refuses every write of it, the overwrite included.
    const api = createServer((_, response) => {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'CONFLICT', message: 'shop is locked by a deployment.' } }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as { port: number };
    const server = new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}`, credentials: { kind: 'none' } });
    const mine = workloadText('shop');
    const { document, library } = setUp(mine, server);
    expect(await saveOpenWorkload(document, library, client)).toEqual({ kind: 'conflict', name: 'shop' });
    const replaced = await saveOpenWorkload(document, library, client, { replace: true });
    await new Promise<void>((resolve) => api.close(() => resolve()));
    expect(replaced).toMatchObject({ kind: 'failed', retryable: true });
    expect(replaced.kind === 'failed' && replaced.message).toMatch(
      /^Not saved: the server refused to replace “shop”\. shop is locked by a deployment\. Your text is kept here\./,
    );
    expect(library.getState().save).toMatchObject({ state: 'failed', kind: 'conflict', retryable: true });
    expect(document.getState().text).toBe(mine);
    expect(library.getState().link).toBeNull();
  });

  it('makes the workload again when the saved one was deleted meanwhile', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp(text);
    await saveOpenWorkload(document, library, client);
    await local.delete('shop');
    expect(await saveOpenWorkload(document, library, client)).toEqual({ kind: 'saved', name: 'shop', created: true });
    expect((await local.get('shop')).text).toBe(text);
  });

  it('refuses a workload without a usable name, and one the library finds invalid, keeping the text', async () => {
    const noName = 'apiVersion: score.dev/v1b1\ncontainers:\n  web:\n    image: nginx\n';
    const { document, library } = setUp(noName);
    expect(await saveOpenWorkload(document, library, client)).toMatchObject({ kind: 'refused' });
    expect(library.getState().save).toMatchObject({ state: 'failed', retryable: false, message: /metadata\.name/ });

    const invalid = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web: {}\n';
    document.getState().open(invalid, 'a file');
    const outcome = await saveOpenWorkload(document, library, client);
    expect(outcome).toMatchObject({ kind: 'failed', retryable: false });
    expect(outcome.kind === 'failed' && outcome.message).toMatch(/image/);
    expect(document.getState().text).toBe(invalid);
  });

  it('an unreachable server: a clear error, the text and the unsaved mark kept, nothing linked', async () => {
    const port = await freePort(); // nobody listens there
    const server = new HttpWorkloadRepository({ baseUrl: `http://127.0.0.1:${port}`, credentials: { kind: 'none' } });
    const text = workloadText('shop');
    const { document, library } = setUp(text, server);
    document.getState().typeText(`${text}# mine\n`);

    const outcome = await saveOpenWorkload(document, library, client);
    expect(outcome).toMatchObject({ kind: 'failed', retryable: true });
    expect(outcome.kind === 'failed' && outcome.message).toContain(`Could not reach http://127.0.0.1:${port}`);
    expect(library.getState().save).toMatchObject({ state: 'failed', kind: 'unreachable', retryable: true });
    expect(document.getState().text).toBe(`${text}# mine\n`);
    expect(hasChanges(document.getState())).toBe(true);
    expect(library.getState().link).toBeNull();
  });

  it('a failed save can be tried again and then succeeds, with the server message shown first', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp(text, flaky(local, 1));
    const first = await saveOpenWorkload(document, library, client);
    expect(first).toMatchObject({ kind: 'failed', retryable: true, message: /503 Service Unavailable.*try later/ });
    await expect(local.get('shop')).rejects.toThrow();
    expect(await saveOpenWorkload(document, library, client)).toMatchObject({ kind: 'saved', name: 'shop' });
    expect((await local.get('shop')).text).toBe(text);
  });

  it('typing while the save is on its way stays marked unsaved', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp(text);
    const saving = saveOpenWorkload(document, library, client);
    document.getState().typeText(`${text}# typed meanwhile\n`);
    await saving;
    expect((await local.get('shop')).text).toBe(text);
    expect(document.getState().openedText).toBe(text);
    expect(hasChanges(document.getState())).toBe(true);
  });

  it('does not mark another workload, opened while saving, as saved', async () => {
    const text = workloadText('shop');
    const { document, library } = setUp(text);
    const saving = saveOpenWorkload(document, library, client);
    const other = workloadText('other');
    document.getState().open(other, 'a file');
    document.getState().typeText(`${other}# typed\n`);
    await saving;
    expect(document.getState().openedText).toBe(other);
    expect(hasChanges(document.getState())).toBe(true);
    expect(library.getState().link).toBeNull();
  });

  it('has nothing to save on the start screen', async () => {
    const { document, library } = setUp('');
    document.getState().close();
    expect(await saveOpenWorkload(document, library, client)).toEqual({ kind: 'nothing-open' });
  });
});
