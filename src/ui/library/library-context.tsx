import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { LibraryState, LibraryStore } from '../../state/library/store';

/** React's view of the library store (which repository is active, the open workload's link, the last save). */
export const LibraryStoreContext = createContext<LibraryStore | null>(null);

export function useLibraryStore(): LibraryStore {
  const store = useContext(LibraryStoreContext);
  if (!store) throw new Error('useLibraryStore needs a <LibraryProvider> above it');
  return store;
}

/** The part of the library state a component renders. */
export function useLibrary<T>(selector: (state: LibraryState) => T): T {
  return useStore(useLibraryStore(), selector);
}

/**
 * The library's query client, made on first use and the same one after: the library page's queries
 * and Save's mutations share its cache. A promise, since TanStack Query loads only then.
 */
export const LibraryQueriesContext = createContext<(() => Promise<QueryClient>) | null>(null);

export function useLibraryQueries(): () => Promise<QueryClient> {
  // Asked for only when used (a save, the library page): a part rendered without it still renders.
  return useContext(LibraryQueriesContext) ?? noQueries;
}

const noQueries = () => Promise.reject(new Error('The library’s queries need a <LibraryProvider> above them.'));
