import { createContext, useContext, type ReactNode } from 'react';
import type { WorkloadRepository } from './repository';

/**
 * Which workload library the UI works with: the browser's own or a server. The app switches by
 * giving the provider another repository; the hooks' cache keys follow the repository's id.
 */
const RepositoryContext = createContext<WorkloadRepository | null>(null);

export function RepositoryProvider({ repository, children }: { repository: WorkloadRepository; children: ReactNode }) {
  return <RepositoryContext value={repository}>{children}</RepositoryContext>;
}

export function useRepository(): WorkloadRepository {
  const repository = useContext(RepositoryContext);
  if (!repository) throw new Error('useRepository() needs a <RepositoryProvider> around the component.');
  return repository;
}
