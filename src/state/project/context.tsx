import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProjectState, ProjectStore } from './store';

/** React's view of the project store (the workloads open together); one per app, by context so that tests can make their own. */
const ProjectStoreContext = createContext<ProjectStore | null>(null);

export function ProjectStoreProvider({ store, children }: { store: ProjectStore; children: ReactNode }) {
  return <ProjectStoreContext.Provider value={store}>{children}</ProjectStoreContext.Provider>;
}

/** The project store, or undefined where the page has none (the graph's bench harness, some tests). */
export function useProjectStore(): ProjectStore | undefined {
  return useContext(ProjectStoreContext) ?? undefined;
}

const NO_PROJECT: Pick<ProjectState, 'workloads'> = { workloads: [] };
const nothing = createStore(() => NO_PROJECT);

/** The part of the project a component renders (nothing of it without a project store). */
export function useProject<T>(selector: (state: Pick<ProjectState, 'workloads'>) => T): T {
  const store: StoreApi<Pick<ProjectState, 'workloads'>> = useProjectStore() ?? nothing;
  return useStore(store, selector);
}
