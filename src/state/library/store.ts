import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RepositoryErrorKind } from '../../api/errors';
import { lazyLocalRepository } from '../../api/lazy-repository';
import { RemoteWorkloadRepository } from '../../api/remote-repository';
import type { WorkloadRepository } from '../../api/repository';
import type { DocumentStore } from '../document/store';
import { linkApplies, loadLink, storeLink, type SavedLink } from './link';
import {
  checkBaseUrl,
  credentialsOf,
  loadSettings,
  storeSettings,
  type LibrarySettings,
  type SettingsStorage,
} from './settings';

/**
 * The workload library as the app uses it: which repository is active (from the settings), which
 * saved workload the open text belongs to, and how the last save went. The repositories themselves
 * are in src/api; this store only picks one and remembers what the UI must show.
 */
export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving'; name: string }
  | { state: 'saved'; name: string; created: boolean; at: number }
  | { state: 'failed'; message: string; retryable: boolean; kind: RepositoryErrorKind | 'refused' };

export interface LibraryState {
  settings: LibrarySettings;
  repository: WorkloadRepository;
  /** The saved workload the open text was opened from or last saved as. */
  link: SavedLink | null;
  save: SaveStatus;
  /** Uses these settings from now on, and keeps them (the secret as `remember` says). */
  applySettings(settings: LibrarySettings): void;
  setLink(link: SavedLink | null): void;
  setSave(status: SaveStatus): void;
}

export type LibraryStore = StoreApi<LibraryState>;

export interface LibraryStoreOptions {
  storage?: SettingsStorage;
  /** Makes the repository for settings; tests pass fakes. */
  makeRepository?: (settings: LibrarySettings) => WorkloadRepository;
}

export function createLibraryStore({ storage = {}, makeRepository }: LibraryStoreOptions = {}): LibraryStore {
  const make = makeRepository ?? repositoryMaker();
  const settings = loadSettings(storage);
  return createStore<LibraryState>()((set, get) => ({
    settings,
    repository: make(settings),
    link: loadLink(storage.local),
    save: { state: 'idle' },
    applySettings(next) {
      storeSettings(next, storage);
      const repository = sameRepository(get().settings, next) ? get().repository : make(next);
      set({ settings: next, repository, save: { state: 'idle' } });
    },
    setLink(link) {
      storeLink(storage.local, link);
      set({ link });
    },
    setSave(status) {
      set({ save: status });
    },
  }));
}

/**
 * The repository for settings: the one local library (a single IndexedDB connection), or a client
 * of the configured server. Settings whose address is unusable (damaged storage) fall back to local.
 */
export function repositoryMaker(
  local: () => WorkloadRepository = once(lazyLocalRepository),
): (settings: LibrarySettings) => WorkloadRepository {
  return (settings) => {
    if (settings.repository === 'local') return local();
    const url = checkBaseUrl(settings.baseUrl);
    if (!url.ok) return local();
    return new RemoteWorkloadRepository({ baseUrl: url.url, credentials: credentialsOf(settings) });
  };
}

/** Settings that reach the same library the same way need no new repository (and keep its cache). */
function sameRepository(a: LibrarySettings, b: LibrarySettings): boolean {
  if (a.repository !== b.repository) return false;
  if (a.repository === 'local') return true;
  return a.baseUrl === b.baseUrl && a.auth === b.auth && (a.auth === 'none' || a.secret === b.secret);
}

/**
 * Keeps the link true: when another text is opened (a file, a template, a share link), the open
 * workload no longer belongs to the saved one, and Save must not overwrite it. Returns a stop function.
 */
export function followDocument(library: LibraryStore, document: DocumentStore): () => void {
  const drop = (openedText: string) => {
    const { link } = library.getState();
    if (link && !linkApplies(link, openedText)) library.getState().setLink(null);
  };
  drop(document.getState().openedText);
  return document.subscribe((state, previous) => {
    if (state.openedText !== previous.openedText || state.origin !== previous.origin) drop(state.openedText);
  });
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
