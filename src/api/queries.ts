import { keepPreviousData, queryOptions, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ValidationResult } from './contract';
import { isRetryable, UnreachableError, type RepositoryError } from './errors';
import { renameWorkload } from './rename';
import type { SavedWorkload, WorkloadInput, WorkloadPage, WorkloadQuery, WorkloadRepository } from './repository';

/**
 * The workload library's queries and mutations for TanStack Query, without React (the hooks in
 * ./hooks are one line over these, and tests drive these with query-core observers).
 * Cache keys start with the repository's id, so the local library and a server never share entries.
 */
export const workloadKeys = {
  all: (repo: WorkloadRepository) => ['workloads', repo.id] as const,
  lists: (repo: WorkloadRepository) => [...workloadKeys.all(repo), 'list'] as const,
  list: (repo: WorkloadRepository, query: WorkloadQuery = {}) =>
    [...workloadKeys.lists(repo), { limit: query.limit, offset: query.offset, name: query.name || undefined }] as const,
  detail: (repo: WorkloadRepository, name: string) => [...workloadKeys.all(repo), 'detail', name] as const,
  containers: (repo: WorkloadRepository, name: string) => [...workloadKeys.all(repo), 'containers', name] as const,
  resources: (repo: WorkloadRepository, name: string) => [...workloadKeys.all(repo), 'resources', name] as const,
};

/**
 * Retries what may recover (network, server), never a missing or invalid workload, nor a server that
 * did not answer in time: the user has waited the whole timeout once, and would wait it twice more.
 */
export const retry = (failures: number, error: unknown) =>
  failures < 2 && isRetryable(error) && !(error instanceof UnreachableError && error.timedOut);

export function workloadsQuery(repo: WorkloadRepository, query: WorkloadQuery = {}) {
  return queryOptions({
    queryKey: workloadKeys.list(repo, query),
    queryFn: () => repo.list(query),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    retry,
  });
}

export function workloadQuery(repo: WorkloadRepository, name: string) {
  return queryOptions({ queryKey: workloadKeys.detail(repo, name), queryFn: () => repo.get(name), retry });
}

export function workloadContainersQuery(repo: WorkloadRepository, name: string) {
  return queryOptions({
    queryKey: workloadKeys.containers(repo, name),
    queryFn: () => repo.listContainers(name),
    retry,
  });
}

export function workloadResourcesQuery(repo: WorkloadRepository, name: string) {
  return queryOptions({ queryKey: workloadKeys.resources(repo, name), queryFn: () => repo.listResources(name), retry });
}

export function createWorkloadMutation(
  repo: WorkloadRepository,
  client: QueryClient,
): MutationOptions<SavedWorkload, RepositoryError, WorkloadInput> {
  return {
    mutationFn: (input) => repo.create(input),
    onSuccess: async (saved) => {
      client.setQueryData(workloadKeys.detail(repo, saved.name), saved);
      await client.invalidateQueries({ queryKey: workloadKeys.lists(repo) });
    },
  };
}

export interface UpdateWorkloadArgs {
  name: string;
  input: WorkloadInput;
  /** Replace it even if someone saved it after it was read here (see WorkloadRepository.update). */
  overwrite?: boolean;
  /** The version the edited text is based on, when the caller kept it (see UpdateOptions.basedOn). */
  basedOn?: string;
}

export function updateWorkloadMutation(
  repo: WorkloadRepository,
  client: QueryClient,
): MutationOptions<SavedWorkload, RepositoryError, UpdateWorkloadArgs> {
  return {
    mutationFn: ({ name, input, overwrite, basedOn }) => {
      if (overwrite) return repo.update(name, input, { overwrite });
      return basedOn ? repo.update(name, input, { basedOn }) : repo.update(name, input);
    },
    onSuccess: async (saved, { name }) => {
      client.setQueryData(workloadKeys.detail(repo, name), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: workloadKeys.lists(repo) }),
        client.invalidateQueries({ queryKey: workloadKeys.containers(repo, name) }),
        client.invalidateQueries({ queryKey: workloadKeys.resources(repo, name) }),
      ]);
    },
  };
}

export function deleteWorkloadMutation(
  repo: WorkloadRepository,
  client: QueryClient,
): MutationOptions<void, RepositoryError, string> {
  return {
    mutationFn: (name) => repo.delete(name),
    onSuccess: async (_, name) => {
      forget(client, repo, name);
      await client.invalidateQueries({ queryKey: workloadKeys.lists(repo) });
    },
  };
}

export interface RenameWorkloadArgs {
  from: string;
  to: string;
}

/** What the cache held before an optimistic rename, to put back if the rename fails. */
export interface RenameSnapshot {
  lists: Array<[readonly unknown[], WorkloadPage | undefined]>;
  detail: SavedWorkload | undefined;
}

/**
 * Renames at once on screen (every cached list and the open workload show the new name), then
 * for real; a failure puts the cache back as it was. Either way the lists are fetched again after.
 */
export function renameWorkloadMutation(
  repo: WorkloadRepository,
  client: QueryClient,
): MutationOptions<SavedWorkload, RepositoryError, RenameWorkloadArgs, RenameSnapshot> {
  return {
    mutationFn: ({ from, to }) => renameWorkload(repo, from, to),
    onMutate: async ({ from, to }) => {
      await client.cancelQueries({ queryKey: workloadKeys.all(repo) });
      const snapshot: RenameSnapshot = {
        lists: client.getQueriesData<WorkloadPage>({ queryKey: workloadKeys.lists(repo) }),
        detail: client.getQueryData<SavedWorkload>(workloadKeys.detail(repo, from)),
      };
      client.setQueriesData<WorkloadPage>(
        { queryKey: workloadKeys.lists(repo) },
        (page) => page && { ...page, items: page.items.map((item) => (item.name === from ? renamed(item, to) : item)) },
      );
      if (snapshot.detail) {
        client.setQueryData(workloadKeys.detail(repo, to), renamed(snapshot.detail, to));
        client.removeQueries({ queryKey: workloadKeys.detail(repo, from), exact: true });
      }
      return snapshot;
    },
    onError: (_error, { from, to }, snapshot) => {
      if (!snapshot) return;
      for (const [key, page] of snapshot.lists) client.setQueryData(key, page);
      client.removeQueries({ queryKey: workloadKeys.detail(repo, to), exact: true });
      if (snapshot.detail) client.setQueryData(workloadKeys.detail(repo, from), snapshot.detail);
    },
    onSuccess: (saved, { from }) => {
      client.setQueryData(workloadKeys.detail(repo, saved.name), saved);
      forget(client, repo, from);
    },
    onSettled: () => client.invalidateQueries({ queryKey: workloadKeys.lists(repo) }),
  };
}

export function validateWorkloadMutation(
  repo: WorkloadRepository,
): MutationOptions<ValidationResult, RepositoryError, WorkloadInput> {
  return { mutationFn: (input) => repo.validate(input) };
}

/** Drops every cache entry of a workload that is gone. */
function forget(client: QueryClient, repo: WorkloadRepository, name: string): void {
  for (const key of [workloadKeys.detail, workloadKeys.containers, workloadKeys.resources]) {
    client.removeQueries({ queryKey: key(repo, name), exact: true });
  }
}

function renamed<T extends { name: string; workload: SavedWorkload['workload'] }>(item: T, to: string): T {
  return { ...item, name: to, workload: { ...item.workload, metadata: { ...item.workload.metadata, name: to } } };
}
