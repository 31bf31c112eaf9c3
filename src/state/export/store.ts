import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProvisionerInfo } from '../../core/provisioners';
import type { CatalogStore } from '../catalog/store';
import { readK8sSettings, type ExportTarget, type K8sSettings } from './settings';

/**
 * What the export remembers per workload, outside score.yaml (localStorage, keyed by workload name):
 * the seed that generated names and passwords come from, so that exporting again gives the same
 * secrets until the user asks for new ones, and the compose.yaml last exported, so that the preview
 * can show what changed since (and manifests.yaml, for the Kubernetes preview). Also which
 * provisioners the export runs (the catalog's, when given), the Kubernetes export's options, and
 * which target export readiness checks.
 * The export itself is `exportOf` in actions.ts: its code is loaded when the user first
 * exports or opens the preview, while this state is there from the start.
 */
export interface ExportState {
  seeds: Readonly<Record<string, number>>;
  lastExported: Readonly<Record<string, string>>;
  /** The manifests.yaml last exported per workload (the Kubernetes preview's baseline). */
  lastManifests: Readonly<Record<string, string>>;
  /** The provisioners in match order; undefined for score-compose's defaults. */
  provisioners: readonly ProvisionerInfo[] | undefined;
  /**
   * The catalog, when the export follows one: the Kubernetes export reads its files that are score-k8s
   * files, the bundle carries the files an export used. `provisioners` changes with it.
   */
  catalog: CatalogStore | undefined;
  /** The Kubernetes export's options (namespace, image, start order), remembered. */
  k8s: K8sSettings;
  /** The export target readiness checks: the one the user last previewed or exported to, remembered. */
  target: ExportTarget;
  /** The workload's seed, made (and kept) the first time it is asked for. Not for use while rendering. */
  ensureSeed(workload: string): number;
  /** A new seed for the workload: new passwords and names in the next export. */
  regenerateSeed(workload: string): number;
  /** Remembers what was exported, as the baseline the preview compares with. */
  recordExport(workload: string, compose: string): void;
  setProvisioners(provisioners: readonly ProvisionerInfo[] | undefined): void;
  /**
   * Changes what the export remembers beside the seeds, and keeps it (storage): the Kubernetes
   * export's choices, made by the export's own code (choices.ts), loaded later than this store.
   */
  remember(changes: Partial<Pick<ExportState, 'lastManifests' | 'k8s' | 'target'>>): void;
}

export type ExportStore = StoreApi<ExportState>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface ExportStoreOptions {
  storage?: KeyValueStorage | undefined;
  /** Where new seeds come from; tests pass their own. */
  newSeed?: () => number;
  /** The export follows the catalog's active provisioners when given. */
  catalog?: CatalogStore;
}

const STORAGE_KEY = 'score-designer.export.v1';
/** compose.yaml texts are kept for this many workloads, the most recently exported. */
export const MAX_REMEMBERED_EXPORTS = 30;
const MAX_SEEDS = 1000;

export function createExportStore(options: ExportStoreOptions = {}): ExportStore {
  const { storage, catalog } = options;
  const newSeed = options.newSeed ?? randomSeed;
  const saved = readSaved(storage);

  const store = createStore<ExportState>()((set, get) => {
    const save = (changed: Partial<Saved>) => {
      set(changed);
      const { seeds, lastExported, lastManifests, k8s, target } = get();
      writeSaved(storage, { seeds, lastExported, lastManifests, k8s, target });
    };
    const withSeed = (workload: string, seed: number) =>
      save({ seeds: keepLast(withEntry(get().seeds, workload, seed), MAX_SEEDS) });

    return {
      ...saved,
      provisioners: catalog ? catalog.getState().activeProvisioners() : undefined,
      catalog,
      ensureSeed(workload) {
        const existing = seedOf(get(), workload);
        if (existing !== undefined) return existing;
        const seed = newSeed() >>> 0;
        withSeed(workload, seed);
        return seed;
      },
      regenerateSeed(workload) {
        const previous = seedOf(get(), workload);
        let seed = newSeed() >>> 0;
        if (seed === previous) seed = (seed + 1) >>> 0; // "regenerate" must change something
        withSeed(workload, seed);
        return seed;
      },
      recordExport(workload, text) {
        save({ lastExported: withLatest(get().lastExported, workload, text) });
      },
      setProvisioners(provisioners) {
        set({ provisioners });
      },
      remember: save,
    };
  });

  if (catalog) {
    catalog.subscribe((state, previous) => {
      if (state.catalog !== previous.catalog) store.getState().setProvisioners(state.activeProvisioners());
    });
  }
  return store;
}

/** The workload's seed, if it has one (an own entry: a workload may be named `__proto__`). */
export function seedOf(state: Pick<ExportState, 'seeds'>, workload: string): number | undefined {
  return Object.hasOwn(state.seeds, workload) ? state.seeds[workload] : undefined;
}

/** The compose.yaml last exported for the workload, if any. */
export function lastExportOf(state: Pick<ExportState, 'lastExported'>, workload: string): string | undefined {
  return Object.hasOwn(state.lastExported, workload) ? state.lastExported[workload] : undefined;
}

/** A seed from the browser's (or Node's) random source: passwords should differ between users. */
export function randomSeed(): number {
  const values = new Uint32Array(1);
  globalThis.crypto.getRandomValues(values);
  return values[0]!;
}

interface Saved {
  seeds: Record<string, number>;
  lastExported: Record<string, string>;
  lastManifests: Record<string, string>;
  k8s: K8sSettings;
  target: ExportTarget;
}

function readSaved(storage: KeyValueStorage | undefined): Saved {
  let value: Record<string, unknown> = {};
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    const read: unknown = raw ? JSON.parse(raw) : {};
    if (typeof read === 'object' && read !== null) value = read as Record<string, unknown>;
  } catch {
    // unreadable storage: start afresh rather than fail to open
  }
  const { seeds, lastExported, lastManifests, k8s, target } = value;
  const isText = (v: unknown): v is string => typeof v === 'string';
  return {
    seeds: entriesOf(
      seeds,
      (v): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffffffff,
    ),
    lastExported: entriesOf(lastExported, isText),
    lastManifests: entriesOf(lastManifests, isText),
    k8s: readK8sSettings(k8s),
    target: target === 'kubernetes' ? target : 'compose',
  };
}

function writeSaved(storage: KeyValueStorage | undefined, saved: Saved): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the seeds still hold for this visit.
  }
}

/** Own entries whose value passes the check, into an object without a prototype (names such as __proto__ are data). */
function entriesOf<T>(value: unknown, check: (v: unknown) => v is T): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) if (check(item)) out[key] = item;
  return out;
}

/** The record with the text last exported for the workload, keeping the last MAX_REMEMBERED_EXPORTS. */
export function withLatest(record: Readonly<Record<string, string>>, workload: string, text: string) {
  return keepLast(withEntry(record, workload, text), MAX_REMEMBERED_EXPORTS);
}

/** A copy with `key` set to `value`, moved to the end (the most recent). */
function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of Object.entries(record)) if (k !== key) out[k] = v;
  out[key] = value;
  return out;
}

/** Keeps the last `max` entries in insertion order (the most recently written are last). */
function keepLast<T>(record: Record<string, T>, max: number): Record<string, T> {
  const entries = Object.entries(record);
  if (entries.length <= max) return record;
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries.slice(entries.length - max)) out[k] = v;
  return out;
}
