import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { ScoreWorkload } from './contract';

/**
 * The browser's IndexedDB database of the workload library, and its schema's history.
 * A schema change is a new entry in `migrations` (never an edit of an old one): opening an older
 * database runs the missing steps in order, inside the upgrade transaction, so nothing is lost.
 */
export const DATABASE_NAME = 'score-designer';

/** A saved workload: the text as the user wrote it (the truth) and its data (for listing and the API). */
export interface WorkloadRecord {
  name: string;
  text: string;
  value: ScoreWorkload;
  /** ISO 8601. */
  updatedAt: string;
}

export interface LibrarySchema extends DBSchema {
  workloads: { key: string; value: WorkloadRecord };
}

export type LibraryDatabase = IDBPDatabase<LibrarySchema>;
type UpgradeTransaction = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

/** Step i turns a version-i database into version i+1. */
const migrations: Array<(db: LibraryDatabase, tx: UpgradeTransaction) => void> = [
  // 0 → 1: workloads keyed by name; keys sort as names do, so listing needs no index.
  (db) => {
    db.createObjectStore('workloads', { keyPath: 'name' });
  },
];

export const DATABASE_VERSION = migrations.length;

export function upgradeLibrary(db: LibraryDatabase, oldVersion: number, tx: UpgradeTransaction): void {
  for (let version = oldVersion; version < DATABASE_VERSION; version++) migrations[version]?.(db, tx);
}

/**
 * Opens (creating or upgrading) the library. `factory` is the browser's `indexedDB` unless given
 * (tests pass fake-indexeddb's). When another tab needs a newer version, this connection closes
 * so as not to block it, and `onClose` lets the owner reopen on next use.
 */
export async function openLibrary(
  factory: IDBFactory = globalThis.indexedDB,
  name = DATABASE_NAME,
  onClose: () => void = () => {},
): Promise<LibraryDatabase> {
  if (!factory) throw new Error('This browser offers no IndexedDB storage (private mode may disable it).');
  const request = factory.open(name, DATABASE_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as LibraryDatabase;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as UpgradeTransaction;
    upgradeLibrary(db, event.oldVersion, tx);
  });
  const db = (await wrap(request)) as LibraryDatabase;
  db.addEventListener('versionchange', () => {
    db.close();
    onClose();
  });
  db.addEventListener('close', onClose);
  return db;
}
