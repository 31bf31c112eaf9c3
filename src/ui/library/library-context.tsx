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
