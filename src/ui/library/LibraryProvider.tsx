import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RepositoryProvider } from '../../api/repository-context';
import { useDocumentStore } from '../../state/document/context';
import { browserStorage } from '../../state/browser/storage';
import { createLibraryStore, followDocument, type LibraryStore } from '../../state/library/store';
import { LibraryStoreContext, useLibrary } from './library-context';
import { useLeaveGuard, useSaveShortcut, useShareLinkArrival } from './use-library-keys';

/**
 * Everything the workload library needs around the app: the library store (settings, active
 * repository, the open workload's link), TanStack Query's client, the repository for the hooks of
 * src/api, and the page-wide behaviours: Ctrl/Cmd+S saves, leaving with unsaved changes asks first,
 * and a share link in the address opens as a new draft. Goes inside the document store's provider
 * and the ConfirmProvider, around <App />.
 */
export function LibraryProvider({
  children,
  store,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own; the app makes one from the browser's storage. */
  store?: LibraryStore;
  queryClient?: QueryClient;
}) {
  const [library] = useState(
    () =>
      store ??
      createLibraryStore({
        storage: { local: browserStorage('localStorage'), session: browserStorage('sessionStorage') },
      }),
  );
  const [client] = useState(
    () =>
      queryClient ??
      new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 5_000 } } }),
  );
  const document = useDocumentStore();
  useEffect(() => followDocument(library, document), [library, document]);

  return (
    <QueryClientProvider client={client}>
      <LibraryStoreContext value={library}>
        <ActiveRepository>
          <LibraryBehaviours />
          {children}
        </ActiveRepository>
      </LibraryStoreContext>
    </QueryClientProvider>
  );
}

function ActiveRepository({ children }: { children: ReactNode }) {
  const repository = useLibrary((s) => s.repository);
  return <RepositoryProvider repository={repository}>{children}</RepositoryProvider>;
}

function LibraryBehaviours() {
  useSaveShortcut();
  useLeaveGuard();
  useShareLinkArrival();
  return null;
}
