import { openDB, type IDBPDatabase } from 'idb';

/**
 * The working draft in IndexedDB: the text as the user has it, what was opened, and when it was saved.
 * A database of its own (the workload library has another), with one record: the draft of this browser.
 */
export interface Draft {
  text: string;
  /** The text as it was opened (a template, a file), to tell whether the draft holds unsaved changes. */
  openedText: string;
  origin: string;
  savedAt: number;
}

export interface DraftStorage {
  load(): Promise<Draft | undefined>;
  save(draft: Draft): Promise<void>;
  clear(): Promise<void>;
}

const DATABASE = 'score-designer-drafts';
const STORE = 'drafts';
const KEY = 'current';

export function indexedDbDrafts(database = DATABASE): DraftStorage {
  let db: Promise<IDBPDatabase> | undefined;
  const open = () =>
    (db ??= openDB(database, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore(STORE);
      },
    }));
  return {
    async load() {
      const value: unknown = await (await open()).get(STORE, KEY);
      return isDraft(value) ? value : undefined;
    },
    async save(draft) {
      await (await open()).put(STORE, draft, KEY);
    },
    async clear() {
      await (await open()).delete(STORE, KEY);
    },
  };
}

/** A record written by another version of the app, or damaged, is no draft: it is ignored, never trusted. */
export function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    typeof d.text === 'string' &&
    typeof d.openedText === 'string' &&
    typeof d.origin === 'string' &&
    typeof d.savedAt === 'number'
  );
}
