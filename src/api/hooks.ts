import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWorkloadMutation,
  deleteWorkloadMutation,
  renameWorkloadMutation,
  updateWorkloadMutation,
  validateWorkloadMutation,
  workloadContainersQuery,
  workloadQuery,
  workloadResourcesQuery,
  workloadsQuery,
} from './queries';
import { useRepository } from './repository-context';
import type { WorkloadQuery } from './repository';

/**
 * The workload library for React components: each hook is named for what it gives and is one line
 * over ./queries, against the repository of the nearest <RepositoryProvider>.
 */

/** A page of saved workloads. */
export function useWorkloads(query: WorkloadQuery = {}) {
  return useQuery(workloadsQuery(useRepository(), query));
}

/** One saved workload with its text; idle while `name` is undefined. */
export function useWorkload(name: string | undefined) {
  const repo = useRepository();
  return useQuery({ ...workloadQuery(repo, name ?? ''), enabled: name !== undefined });
}

export function useWorkloadContainers(name: string | undefined) {
  const repo = useRepository();
  return useQuery({ ...workloadContainersQuery(repo, name ?? ''), enabled: name !== undefined });
}

export function useWorkloadResources(name: string | undefined) {
  const repo = useRepository();
  return useQuery({ ...workloadResourcesQuery(repo, name ?? ''), enabled: name !== undefined });
}

export function useCreateWorkload() {
  return useMutation(createWorkloadMutation(useRepository(), useQueryClient()));
}

export function useUpdateWorkload() {
  return useMutation(updateWorkloadMutation(useRepository(), useQueryClient()));
}

export function useDeleteWorkload() {
  return useMutation(deleteWorkloadMutation(useRepository(), useQueryClient()));
}

/** Renames optimistically: the new name shows at once and goes back if the rename fails. */
export function useRenameWorkload() {
  return useMutation(renameWorkloadMutation(useRepository(), useQueryClient()));
}

/** Checks a workload with the repository's validation (the core's locally, the server's remotely). */
export function useValidateWorkload() {
  return useMutation(validateWorkloadMutation(useRepository()));
}
