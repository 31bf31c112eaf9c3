import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CatalogState, CatalogStore } from '../../state/catalog/store';

/** React's view of the catalog store: one per app, handed down by context like the document store. */
const CatalogStoreContext = createContext<CatalogStore | null>(null);

export function CatalogStoreProvider({ store, children }: { store: CatalogStore; children: ReactNode }) {
  return <CatalogStoreContext.Provider value={store}>{children}</CatalogStoreContext.Provider>;
}

export function useCatalogStore(): CatalogStore {
  const store = useContext(CatalogStoreContext);
  if (!store) throw new Error('useCatalogStore needs a <CatalogStoreProvider> above it');
  return store;
}

/** The part of the catalog state a component renders. */
export function useCatalog<T>(selector: (state: CatalogState) => T): T {
  return useStore(useCatalogStore(), selector);
}
