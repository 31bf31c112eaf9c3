import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LayoutState, LayoutStore } from './store';

/** React's view of the layout store, handed down by context like the document store. */
const LayoutStoreContext = createContext<LayoutStore | null>(null);

export function LayoutStoreProvider({ store, children }: { store: LayoutStore; children: ReactNode }) {
  return <LayoutStoreContext.Provider value={store}>{children}</LayoutStoreContext.Provider>;
}

export function useLayoutStore(): LayoutStore {
  const store = useContext(LayoutStoreContext);
  if (!store) throw new Error('useLayoutStore needs a <LayoutStoreProvider> above it');
  return store;
}

export function useLayout<T>(selector: (state: LayoutState) => T): T {
  return useStore(useLayoutStore(), selector);
}
