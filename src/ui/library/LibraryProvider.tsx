import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RepositoryProvider } from '../../api/repository-context';
import { useDocumentStore } from '../../state/document/context';
import { browserStorage } from '../../state/browser/storage';
import { createLibraryStore, followDocument, type LibraryStore } from '../../state/library/store';
import { whenIdle } from '../common/scheduling';
import { LibraryQueriesContext, LibraryStoreContext, useLibrary } from './library-context';
import { useLeaveGuard, useSaveShortcut, useShareLinkArrival } from './use-library-keys';

/**
 * Everything the workload library needs around the app: the library store (settings, active
 * repository, the open workload's link), TanStack Query's client (made on first use, see
 * query-client.ts), the repository for the hooks of src/api, and the page-wide behaviours: Ctrl/Cmd+S saves, leaving with unsaved changes asks first,
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
  const [queries] = useState(() => {
    let made: Promise<QueryClient> | undefined;
    return () =>
      (made ??= queryClient
        ? Promise.resolve(queryClient)
        : import('./query-client').then((m) => m.createQueryClient()));
  });
  const document = useDocumentStore();
  useEffect(() => followDocument(library, document), [library, document]);
  // Once the first page is up, what saving, sharing and the library page need is fetched, as Monaco
  // is: the first click on Save, Share link or Library never waits for it.
  useEffect(
    () =>
      whenIdle(() => {
        void queries().catch(() => {});
        void import('../../state/library/save').catch(() => {});
        void import('./ShareDialog').catch(() => {});
      }),
    [queries],
  );

  return (
    <LibraryQueriesContext value={queries}>
      <LibraryStoreContext value={library}>
        <ActiveRepository>
          <LibraryBehaviours />
          {children}
        </ActiveRepository>
      </LibraryStoreContext>
    </LibraryQueriesContext>
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
