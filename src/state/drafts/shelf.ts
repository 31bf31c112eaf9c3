import { openDB, type IDBPDatabase } from 'idb';
import type { StoredWorkload } from '../project/store';

/**
 * The working draft in IndexedDB: the text as the user has it, what was opened, and when it was saved.
 * A database of its own (the workload library has another), with a record per tab (see `DraftShelf`).
 */
export interface Draft {
  text: string;
  /** The text as it was opened (a template, a file), to tell whether the draft holds unsaved changes. */
  openedText: string;
  origin: string;
  savedAt: number;
  /**
   * The project's other workloads (state/project), in order, and where this one stands among them;
   * absent when the project holds this one alone.
   */
  others?: StoredWorkload[];
  position?: number;
}

/** The draft's other workloads that are well formed (a damaged list is no project, never trusted). */
export function othersOf(draft: Draft): { others: StoredWorkload[]; position: number } {
  const list = Array.isArray(draft.others) ? draft.others : [];
  const others = list.filter(
    (w): w is StoredWorkload =>
      typeof w === 'object' &&
      w !== null &&
      typeof w.text === 'string' &&
      typeof w.openedText === 'string' &&
      typeof w.origin === 'string',
  );
  const position = typeof draft.position === 'number' && Number.isInteger(draft.position) ? draft.position : 0;
  return { others, position: Math.min(Math.max(position, 0), others.length) };
}

export interface DraftStorage {
  load(): Promise<Draft | undefined>;
  save(draft: Draft): Promise<void>;
  clear(): Promise<void>;
}

const DATABASE = 'score-designer-drafts';
const STORE = 'drafts';

/**
 * Every tab's draft, each in a slot of its own (the slot's name is the record's key), so that two tabs
 * never write over each other's work. Which slot a tab uses is decided by `claimDraftSlot`.
 */
export interface DraftShelf {
  /** Every stored draft with its slot; damaged records are left out. */
  all(): Promise<Array<{ slot: string; draft: Draft }>>;
  /** The storage of one slot. */
  slot(slot: string): DraftStorage;
}

export function indexedDbDrafts(database = DATABASE): DraftShelf {
  let db: Promise<IDBPDatabase> | undefined;
  const open = () =>
    (db ??= openDB(database, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore(STORE);
      },
    }));
  return {
    async all() {
      const tx = (await open()).transaction(STORE);
      const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
      return keys.flatMap((key, i) => {
        const draft: unknown = values[i];
        return typeof key === 'string' && isDraft(draft) ? [{ slot: key, draft }] : [];
      });
    },
    slot(slot) {
      return {
        async load() {
          const value: unknown = await (await open()).get(STORE, slot);
          return isDraft(value) ? value : undefined;
        },
        async save(draft) {
          await (await open()).put(STORE, draft, slot);
        },
        async clear() {
          await (await open()).delete(STORE, slot);
        },
      };
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
