import 'fake-indexeddb/auto';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, ServerError } from './errors';
import { LocalWorkloadRepository } from './local-repository';
import {
  createWorkloadMutation,
  deleteWorkloadMutation,
  renameWorkloadMutation,
  updateWorkloadMutation,
  workloadKeys,
  workloadQuery,
  workloadsQuery,
} from './queries';
import type { WorkloadPage, WorkloadRepository } from './repository';
import { sampleText } from './repository-suite';

/**
 * The library's cache behaviour, driven through TanStack's framework-free observers: what a
 * component using the hooks would see, without rendering one.
 */
let local: LocalWorkloadRepository;
let client: QueryClient;

beforeEach(() => {
  local = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
  client = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
});

afterEach(async () => {
  client.clear();
  await local.close();
});

const namesIn = (page: WorkloadPage | undefined) => page?.items.map((item) => item.name);

/** Keeps a list query active (as a mounted component does), so that invalidation refetches it. */
function watchList(repo: WorkloadRepository) {
  const observer = new QueryObserver(client, workloadsQuery(repo));
  const stop = observer.subscribe(() => {});
  const settled = () =>
    new Promise<WorkloadPage | undefined>((resolve) => {
      const check = () => {
        const state = client.getQueryState(workloadKeys.list(repo));
        if (state?.fetchStatus === 'idle') resolve(state.data as WorkloadPage | undefined);
        else setTimeout(check, 1);
      };
      check();
    });
  return { stop, settled };
}

function deferred() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
}

describe('workload library cache', () => {
  it('shows a created workload in the lists, and has it ready to open', async () => {
    const list = watchList(local);
    expect(namesIn(await list.settled())).toEqual([]);
    await new MutationObserver(client, createWorkloadMutation(local, client)).mutate({ text: sampleText('web-shop') });
    expect(namesIn(await list.settled())).toEqual(['web-shop']);
    expect(client.getQueryData(workloadKeys.detail(local, 'web-shop'))).toMatchObject({ text: sampleText('web-shop') });
    list.stop();
  });

  it('shows an update in the open workload and marks its containers and resources stale', async () => {
    await local.create({ text: sampleText('web-shop') });
    await client.fetchQuery(workloadQuery(local, 'web-shop'));
    await client.prefetchQuery({ queryKey: workloadKeys.containers(local, 'web-shop'), queryFn: () => ({}) });
    const edited = sampleText('web-shop', 'nginx:2');
    await new MutationObserver(client, updateWorkloadMutation(local, client)).mutate({
      name: 'web-shop',
      input: { text: edited },
    });
    expect(client.getQueryData(workloadKeys.detail(local, 'web-shop'))).toMatchObject({ text: edited });
    expect(client.getQueryState(workloadKeys.containers(local, 'web-shop'))?.isInvalidated).toBe(true);
  });

  it('forgets a deleted workload and drops it from the lists', async () => {
    await local.create({ text: sampleText('web-shop') });
    await client.fetchQuery(workloadQuery(local, 'web-shop'));
    const list = watchList(local);
    expect(namesIn(await list.settled())).toEqual(['web-shop']);
    await new MutationObserver(client, deleteWorkloadMutation(local, client)).mutate('web-shop');
    expect(client.getQueryData(workloadKeys.detail(local, 'web-shop'))).toBeUndefined();
    expect(namesIn(await list.settled())).toEqual([]);
    list.stop();
  });

  it('shows a rename at once, before the library has done it', async () => {
    await local.create({ text: sampleText('web-shop') });
    await client.fetchQuery(workloadQuery(local, 'web-shop'));
    const gate = deferred();
    const slow: WorkloadRepository = Object.assign(Object.create(local) as LocalWorkloadRepository, {
      create: async (...args: Parameters<WorkloadRepository['create']>) => {
        await gate.released;
        return local.create(...args);
      },
    });
    const list = watchList(slow);
    expect(namesIn(await list.settled())).toEqual(['web-shop']);

    const renaming = new MutationObserver(client, renameWorkloadMutation(slow, client)).mutate({
      from: 'web-shop',
      to: 'web-store',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const shown = client.getQueryData<WorkloadPage>(workloadKeys.list(slow));
    expect(namesIn(shown)).toEqual(['web-store']);
    expect(shown?.items[0]?.workload.metadata.name).toBe('web-store');
    expect(client.getQueryData(workloadKeys.detail(slow, 'web-store'))).toMatchObject({ name: 'web-store' });
    expect(client.getQueryData(workloadKeys.detail(slow, 'web-shop'))).toBeUndefined();
    expect((await local.list()).items.map((i) => i.name)).toEqual(['web-shop']); // not done yet

    gate.release();
    await renaming;
    expect(namesIn(await list.settled())).toEqual(['web-store']);
    expect((await local.get('web-store')).text).toContain('name: web-store   # shown in the library');
    list.stop();
  });

  it('puts a failed rename back as it was, on screen and in the library', async () => {
    await local.create({ text: sampleText('web-shop') });
    await client.fetchQuery(workloadQuery(local, 'web-shop'));
    const failing: WorkloadRepository = Object.assign(Object.create(local) as LocalWorkloadRepository, {
      delete: async (name: string) => {
        if (name === 'web-shop') throw new ServerError('The disk is on fire.');
        return local.delete(name);
      },
    });
    const list = watchList(failing);
    await list.settled();

    const outcome = await new MutationObserver(client, renameWorkloadMutation(failing, client))
      .mutate({ from: 'web-shop', to: 'web-store' })
      .catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(ServerError);
    expect(namesIn(client.getQueryData(workloadKeys.list(failing)))).toEqual(['web-shop']);
    expect(client.getQueryData(workloadKeys.detail(failing, 'web-shop'))).toMatchObject({ name: 'web-shop' });
    expect(client.getQueryData(workloadKeys.detail(failing, 'web-store'))).toBeUndefined();
    // The copy made under the new name was removed again.
    expect((await local.list()).items.map((i) => i.name)).toEqual(['web-shop']);
    expect(namesIn(await list.settled())).toEqual(['web-shop']);
    list.stop();
  });

  it('does not retry a workload that is not there, but retries a failing server', async () => {
    let asked = 0;
    const counting: WorkloadRepository = Object.assign(Object.create(local) as LocalWorkloadRepository, {
      get: async (name: string) => {
        asked++;
        return local.get(name);
      },
    });
    await expect(client.fetchQuery({ ...workloadQuery(counting, 'nothing-here') })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(asked).toBe(1);

    asked = 0;
    const flaky: WorkloadRepository = Object.assign(Object.create(local) as LocalWorkloadRepository, {
      get: async () => {
        asked++;
        throw new ServerError('Try again later.', 503);
      },
    });
    await expect(client.fetchQuery(workloadQuery(flaky, 'web-shop'))).rejects.toBeInstanceOf(ServerError);
    expect(asked).toBe(3);
  });

  it('keeps the local library and a server apart in the cache', () => {
    const remote = { ...local, id: 'remote:https://api.example.com/v1' } as WorkloadRepository;
    expect(workloadKeys.detail(local, 'web-shop')).not.toEqual(workloadKeys.detail(remote, 'web-shop'));
    expect(workloadKeys.list(local, { limit: 5 })).not.toEqual(workloadKeys.list(local, { limit: 6 }));
  });
});

describe('a server that never answers', () => {
  it('is asked once: the list fails after one timeout, not three', async () => {
    const { createServer } = await import('node:http');
    const { HttpWorkloadRepository } = await import('./http-repository');
    const { UnreachableError } = await import('./errors');
    const sockets = new Set<import('node:net').Socket>();
    let requests = 0;
    const server = createServer(() => void requests++); // takes the request, never answers
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const repo = new HttpWorkloadRepository({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { kind: 'none' },
      // Long enough for the request to reach the server on a loaded machine: at 150 ms, beside stress
      // --cpu 2, the list gave up before the server had taken it, and no request was counted at all.
      timeoutMs: 1_000,
    });
    const error = await client.fetchQuery(workloadsQuery(repo)).catch((e: unknown) => e);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as Error).message).toContain('no answer within 1 s');
    expect(requests).toBe(1);
  });
});
