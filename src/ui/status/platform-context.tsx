import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { PlatformStore } from '../../state/platform/store';

/** React's view of the platform store (the orchestrator's view): one per app, handed down by context. */
const PlatformStoreContext = createContext<PlatformStore | null>(null);

export function PlatformStoreProvider({ store, children }: { store: PlatformStore; children: ReactNode }) {
  return <PlatformStoreContext.Provider value={store}>{children}</PlatformStoreContext.Provider>;
}

/** The store, or null outside an app that has one (a pane rendered alone in a test). */
export function usePlatformStore(): PlatformStore | null {
  return useContext(PlatformStoreContext);
}

/** Whether the orchestrator's view is on (the workspace shows the Status pane). */
export function usePlatformOn(): boolean {
  return useStore(usePlatformStore()!, (s) => s.on);
}
