import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CatalogBuild } from '../../core/catalog/build';
import { builtinCatalog } from '../../core/catalog/catalog';
import type { Catalog, CatalogFile } from '../../core/catalog/types';
import type { ProvisionerInfo } from '../../core/provisioners/types';
import type { KeyValueStorage } from '../browser/storage';
import { defaultReadApart, loadedReader, loadReader, readAll, READER_MISSING, readKey, reads } from './file-reads';
import type { FileRead } from './reader-protocol';

/**
 * The resource catalog the app works with: the provisioner files the user loaded (by file, paste
 * or `?catalog=<url>`), and the catalog built from them and the built-in provisioners. The files
 * are the truth (kept in localStorage, so a demo survives a reload); the catalog is derived.
 * `activeProvisioners()` is what the Compose export runs.
 *
 * Reading a provisioners file takes the template engine, most of the catalog's code: it is loaded
 * with the first file (at creation when files are stored, else when one is added), never for the
 * built-in catalog alone, which is all most visits need.
 *
 * A file's templates run in a worker (reader-client.ts), within the time budget there and the
 * template budget's other limits: a file over one is refused with the reason and never stored, and
 * a stored one that is (stored before these budgets) is dropped, with the reason. The page only
 * compiles the file's provisioners, running none, and joins them to the entries the worker made.
 */
export interface CatalogState {
  files: CatalogFile[];
  catalog: Catalog;
  /** A stored file that no longer loads (should not happen, but is said rather than hidden). */
  problems: Array<{ file: string; error: string }>;
  /** The address being fetched, while it is. */
  fetching: string | null;
  /** Adds a provisioners file, or replaces the one of the same name. A file that does not load is refused, with the reason. */
  addFile(file: CatalogFile): Promise<LoadResult>;
  removeFile(name: string): void;
  /** Back to the built-in catalog. */
  clear(): void;
  /** Fetches a provisioners file from this site (or the configured catalog address) and adds it. */
  loadFromUrl(url: string): Promise<LoadResult>;
  /** The provisioners in match order: loaded files (by name), then the built-ins. */
  activeProvisioners(): ProvisionerInfo[];
}

export type LoadResult = { ok: true; name: string; entries: number } | { error: string };

export type CatalogStore = StoreApi<CatalogState>;

export interface CatalogStoreOptions {
  /** Where loaded files are kept between visits; undefined keeps them for this page only. */
  storage?: KeyValueStorage | undefined;
  fetch?: typeof fetch;
  /** The page's address: catalogs are fetched from its origin only… */
  pageUrl?: string;
  /** …or from this address, which the deployment configures (VITE_CATALOG_URL). */
  configuredUrl?: string;
  /**
   * Runs a file's templates and gives its entries: in a worker within the time budget (the page's
   * default), or here where there are no workers (Node, the tests).
   */
  readApart?: (file: CatalogFile) => Promise<FileRead>;
}

const STORAGE_KEY = 'score-designer.catalog.v1';
/** Provisioner files are a few tens of KB; anything this large is not one. */
export const MAX_FILE_BYTES = 2_000_000;

/**
 * The store, once the files stored from an earlier visit can be read: with files, the first check
 * must already see their provisioners, so the reader is downloaded first (the app waits for this
 * together with the draft it recovers). Without files, nothing is downloaded.
 */
export async function openCatalogStore(options: CatalogStoreOptions = {}): Promise<CatalogStore> {
  const stored = readFiles(options.storage);
  if (stored.length > 0) {
    await Promise.all([loadReader().catch(() => undefined), readAll(stored, options.readApart ?? defaultReadApart)]);
  }
  return createCatalogStore(options);
}

/**
 * The store, at once. Stored files are read when the reader is already here (see openCatalogStore);
 * otherwise the catalog is the built-in one until it arrives, moments later.
 */
export function createCatalogStore(options: CatalogStoreOptions = {}): CatalogStore {
  const { storage, pageUrl, configuredUrl } = options;
  const readApart = options.readApart ?? defaultReadApart;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  // Stored files refused when read (over a budget since): dropped, and said once, here.
  const stored = readFiles(storage);
  const dropped = stored.flatMap((f) => {
    const read = reads.get(readKey(f));
    return read && 'error' in read && read.refused ? [{ file: f.name, error: `${read.error} It was removed.` }] : [];
  });
  const initial = dropped.length > 0 ? stored.filter((f) => !dropped.some((d) => d.file === f.name)) : stored;
  if (dropped.length > 0) writeFiles(storage, initial);
  let readerFailed = false;
  const build = (files: CatalogFile[]): CatalogBuild => {
    if (files.length === 0) return { catalog: builtinCatalog(), errors: [] };
    const reader = loadedReader();
    if (reader) {
      const { joinCatalogEntries } = reader;
      // Joined to what the worker made; a file not read yet waits for its reading (rebuilt then).
      return reader.buildCatalog(
        files.filter((f) => reads.has(readKey(f))),
        (file) => {
          const read = reads.get(readKey(file))!;
          return 'error' in read ? read : joinCatalogEntries(file, read.entries);
        },
      );
    }
    // Not here yet (see below), or it did not download: the files are kept, and said to be unread when it failed.
    return {
      catalog: builtinCatalog(),
      errors: readerFailed ? files.map((f) => ({ file: f.name, error: READER_MISSING })) : [],
    };
  };
  const built = build(initial);
  built.errors.unshift(...dropped);

  const store = createStore<CatalogState>()((set, get) => {
    const setFiles = (files: CatalogFile[]) => {
      const next = build(files);
      set({ files, catalog: next.catalog, problems: next.errors });
      writeFiles(storage, files);
    };

    return {
      files: initial,
      catalog: built.catalog,
      problems: built.errors,
      fetching: null,

      async addFile(file) {
        if (file.text.length > MAX_FILE_BYTES) {
          return {
            error: `“${file.name}” is too large for a provisioners file (over ${MAX_FILE_BYTES / 1_000_000} MB).`,
          };
        }
        let read: Awaited<ReturnType<typeof loadReader>>;
        try {
          read = await loadReader();
        } catch {
          return { error: `“${file.name}” was not loaded: ${READER_MISSING}` };
        }
        // Its templates run in the worker; here the page only waits for the answer, free meanwhile.
        const got = await readApart(file);
        if ('error' in got) return { error: `“${file.name}” was not loaded: ${got.error}` };
        const joined = read.joinCatalogEntries(file, got.entries);
        if ('error' in joined) return { error: `“${file.name}” was not loaded: ${joined.error}` };
        reads.set(readKey(file), got);
        setFiles([...get().files.filter((f) => f.name !== file.name), file]);
        return { ok: true, name: file.name, entries: joined.loaded.length };
      },
      removeFile(name) {
        setFiles(get().files.filter((f) => f.name !== name));
      },
      clear() {
        setFiles([]);
      },
      async loadFromUrl(url) {
        const allowed = allowedCatalogUrl(url, pageUrl, configuredUrl);
        if ('error' in allowed) return allowed;
        void loadReader().catch(() => undefined); // downloads while the file does; addFile says if it failed
        set({ fetching: allowed.url });
        try {
          const response = await doFetch(allowed.url, {
            credentials: allowed.sameOrigin ? 'same-origin' : 'omit',
            headers: { Accept: 'application/yaml, text/yaml, text/plain, */*' },
          });
          if (!response.ok)
            return { error: `The catalog at ${allowed.url} could not be fetched: HTTP ${response.status}.` };
          const text = await response.text();
          return await get().addFile({ name: fileNameOf(allowed.url), text, url: allowed.url });
        } catch (error) {
          return {
            error: `The catalog at ${allowed.url} could not be fetched: ${error instanceof Error ? error.message : String(error)}.`,
          };
        } finally {
          set({ fetching: null });
        }
      },
      activeProvisioners() {
        return [...get().catalog.provisioners];
      },
    };
  });

  if (initial.length > 0 && (!loadedReader() || initial.some((f) => !reads.has(readKey(f))))) {
    // Made before the reader arrived and the files were read (openCatalogStore waits for both): the
    // stored files join when they are.
    const rebuild = () => {
      if (store.getState().files !== initial) return; // the user changed them meanwhile
      const next = build(initial);
      store.setState({ catalog: next.catalog, problems: next.errors });
    };
    loadReader().then(
      () => readAll(initial, readApart).then(rebuild),
      () => {
        readerFailed = true;
        rebuild();
      },
    );
  }
  return store;
}

/** The `?catalog=` address in the page's address, if the user put one there. */
export function catalogUrlFromAddress(href: string): string | undefined {
  try {
    return new URL(href).searchParams.get('catalog') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Loads the catalog named in the page's address (`?catalog=<url>`); nothing when there is none. */
export function loadCatalogFromAddress(store: CatalogStore, href: string): Promise<LoadResult> | undefined {
  const url = catalogUrlFromAddress(href);
  return url === undefined || url === '' ? undefined : store.getState().loadFromUrl(url);
}

/**
 * Only http(s) addresses on the page's own origin, or exactly the configured catalog address:
 * a link someone sends must not make the app fetch from anywhere they like.
 */
export function allowedCatalogUrl(
  url: string,
  pageUrl: string | undefined,
  configuredUrl: string | undefined,
): { url: string; sameOrigin: boolean } | { error: string } {
  let target: URL;
  try {
    target = pageUrl !== undefined ? new URL(url, pageUrl) : new URL(url);
  } catch {
    return { error: `“${url}” is not an address a catalog can be loaded from.` };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { error: `Catalogs load over http or https only, not “${target.protocol}”.` };
  }
  const sameOrigin = pageUrl !== undefined && new URL(pageUrl).origin === target.origin;
  const configured = configuredUrl !== undefined && configuredUrl !== '' && sameAddress(configuredUrl, target.href);
  if (!sameOrigin && !configured) {
    return {
      error: `The catalog address ${target.href} is on another site. Only catalogs from this site${configuredUrl ? ` or ${configuredUrl}` : ''} are loaded; download the file and load it with “Load provisioners file…” instead.`,
    };
  }
  return { url: target.href, sameOrigin };
}

function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : 'catalog.provisioners.yaml';
}

function readFiles(storage: KeyValueStorage | undefined): CatalogFile[] {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(value)) return [];
    return value.flatMap((f: unknown): CatalogFile[] => {
      if (typeof f !== 'object' || f === null) return [];
      const { name, text, url } = f as Record<string, unknown>;
      if (typeof name !== 'string' || typeof text !== 'string') return [];
      return [{ name, text, ...(typeof url === 'string' ? { url } : {}) }];
    });
  } catch {
    return [];
  }
}

function writeFiles(storage: KeyValueStorage | undefined, files: CatalogFile[]): void {
  try {
    if (files.length === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(files));
  } catch {
    // Storage full or refused: the catalog still works for this visit.
  }
}
