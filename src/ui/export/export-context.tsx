import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ExportState, ExportStore } from '../../state/export/store';

/** React's view of the export store (seeds, last exports, provisioners): one per app, by context. */
const ExportStoreContext = createContext<ExportStore | null>(null);

export function ExportStoreProvider({ store, children }: { store: ExportStore; children: ReactNode }) {
  return <ExportStoreContext.Provider value={store}>{children}</ExportStoreContext.Provider>;
}

export function useExportStore(): ExportStore {
  const store = useContext(ExportStoreContext);
  if (!store) throw new Error('useExportStore needs an <ExportStoreProvider> above it');
  return store;
}

/** The part of the export state a component renders. */
export function useExportState<T>(selector: (state: ExportState) => T): T {
  return useStore(useExportStore(), selector);
}
