import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PlatformFiles, StatusView } from '../../core/orchestrator/status-view';
import type { KeyValueStorage } from '../browser/storage';
import type { PlatformHook } from '../document/check/platform-findings';
import { readStoredPlatform, writeStoredPlatform, type PlatformEntry, type StoredPlatform } from './entries';

export type { PlatformEntry } from './entries';

/**
 * The platform the workload is previewed on: the score-orchestrator's configuration and the admission
 * policies the user loaded, and whether the orchestrator's view is on (the Status pane, and the
 * diagnostics of the Workload resource, the policies and the orchestrator after each check). The files
 * are the truth, kept in localStorage like the catalog's so that a demo survives a reload; the status
 * is derived, in the validation worker, and lands here (state/document/check/platform-findings.ts).
 *
 * Only this much is part of the first page: loading a file (load.ts) takes the orchestrator's code and
 * CEL, and is downloaded with the first file, never for a page that does not use them.
 */
export interface PlatformState extends StoredPlatform {
  /** The files as the worker is sent them: a new object only when they change. */
  files: PlatformFiles;
  /** The status of the text last checked with the view on; null while it is off or not answered yet. */
  status: { text: string; view: StatusView } | null;
  /** The address being fetched, while it is. */
  fetching: string | null;
  /** Keeps a new set of files and whether the view is on, here and in storage (load.ts loads files). */
  put(next: Partial<StoredPlatform>): void;
}

export type PlatformStore = StoreApi<PlatformState>;

export function createPlatformStore(storage?: KeyValueStorage): PlatformStore {
  const stored = readStoredPlatform(storage);
  return createStore<PlatformState>()((set, get) => {
    const put = (next: Partial<StoredPlatform>) => {
      const { on, config, policies } = { ...get(), ...next };
      const files = config !== get().config || policies !== get().policies ? filesOf(config, policies) : get().files;
      set({ on, config, policies, files, ...(on ? {} : { status: null }) });
      writeStoredPlatform(storage, { on, config, policies });
    };
    return {
      ...stored,
      files: filesOf(stored.config, stored.policies),
      status: null,
      fetching: null,
      put,
    };
  });
}

/** What the check pipeline asks of the platform: its files while the view is on, and where the status goes. */
export function platformHook(store: PlatformStore): PlatformHook {
  return {
    files: () => (store.getState().on ? store.getState().files : undefined),
    answered: (status) => store.setState({ status }),
  };
}

function filesOf(config: PlatformEntry | null, policies: readonly PlatformEntry[]): PlatformFiles {
  return {
    ...(config ? { config: { name: config.name, text: config.text } } : {}),
    policies: policies.map((p) => ({ name: p.name, text: p.text })),
  };
}
