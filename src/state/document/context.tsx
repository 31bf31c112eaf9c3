import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DocumentState, DocumentStore } from './store';

/** React's view of the document store: one store per app, handed down by context so that tests can make their own. */
const DocumentStoreContext = createContext<DocumentStore | null>(null);

export function DocumentStoreProvider({ store, children }: { store: DocumentStore; children: ReactNode }) {
  return <DocumentStoreContext.Provider value={store}>{children}</DocumentStoreContext.Provider>;
}

export function useDocumentStore(): DocumentStore {
  const store = useContext(DocumentStoreContext);
  if (!store) throw new Error('useDocumentStore needs a <DocumentStoreProvider> above it');
  return store;
}

/** The part of the document state a component renders; it re-renders only when that part changes. */
export function useDocument<T>(selector: (state: DocumentState) => T): T {
  return useStore(useDocumentStore(), selector);
}
