import { RECOVERY_TIMEOUT_MS } from './autosave';
import { hasChanges } from '../document/store';
import type { DraftShelf, DraftStorage } from './shelf';

/**
 * Which draft slot a tab writes to. Each open tab holds a slot of its own, so two tabs never write over
 * each other's work:
 * - a reloaded (or reopened) tab takes back its own slot, named in its sessionStorage;
 * - a new tab takes up a draft no open tab holds (the work of a closed or crashed tab): the newest with
 *   unsaved changes, else the newest; else it starts with a new, empty slot;
 * - a duplicated tab (its sessionStorage is a copy, so it names a slot the original still holds) gets
 *   a copy of that draft in a new slot.
 * A tab holds its slot with a Web Lock for as long as the page lives; the browser lets it go when the
 * tab closes or crashes. Drafts of closed tabs without unsaved changes are dropped when a new tab
 * takes another: they hold nothing that is not where they were opened from.
 */

/** What the browser tells about its tabs. */
export interface Tabs {
  /** The slot this tab used before a reload, if any. */
  remembered(): string | null;
  remember(slot: string): void;
  /** Holds the slot for the life of the page: false when another open tab holds it. */
  hold(slot: string): Promise<boolean>;
  /** The slots open tabs hold. */
  held(): Promise<ReadonlySet<string>>;
  newSlot(): string;
  /** When a tab last left the page holding the slot (a reload or a close), shared by every tab. */
  leftAt(slot: string): number | undefined;
  /** Said as the page goes: for a moment the slot may be a reloading tab's, not a closed one's. */
  markLeft(slot: string): void;
  forgetLeft(slot: string): void;
  now(): number;
}

/**
 * A slot whose tab left this recently may be a tab reloading, about to take it back: a new tab
 * leaves it alone (it takes it up when opened later, or from the notice of waiting drafts).
 */
export const RELOAD_GRACE_MS = 3000;

const SESSION_KEY = 'score-designer.draft-slot';
const LEFT_KEY = 'score-designer.draft-slots-left';
const LOCK_PREFIX = 'score-designer-draft:';

/** The browser's tabs: sessionStorage and Web Locks; without them, every tab shares one slot as before. */
export function browserTabs(scope: typeof globalThis = globalThis): Tabs {
  const session = (() => {
    try {
      return scope.sessionStorage;
    } catch {
      return undefined; // refused (storage disabled): no slot survives a reload, drafts still do
    }
  })();
  const locks = scope.navigator?.locks;
  const local = (() => {
    try {
      return scope.localStorage;
    } catch {
      return undefined;
    }
  })();
  /** slot → when its tab left; read and written whole (a few entries: the tabs left lately). */
  const leftTimes = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(local?.getItem(LEFT_KEY) ?? '{}');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
    } catch {
      return {};
    }
  };
  const writeLeftTimes = (times: Record<string, number>) => {
    try {
      // Old entries go: past the grace they say nothing.
      const now = Date.now();
      const kept = Object.fromEntries(Object.entries(times).filter(([, at]) => now - at < RELOAD_GRACE_MS * 10));
      local?.setItem(LEFT_KEY, JSON.stringify(kept));
    } catch {
      // Refused: a new tab may then take up a reloading tab's slot; that tab continues from a copy.
    }
  };
  return {
    leftAt(slot) {
      const at = leftTimes()[slot];
      return typeof at === 'number' ? at : undefined;
    },
    markLeft(slot) {
      writeLeftTimes({ ...leftTimes(), [slot]: Date.now() });
    },
    forgetLeft(slot) {
      const times = leftTimes();
      if (!(slot in times)) return;
      delete times[slot];
      writeLeftTimes(times);
    },
    now: () => Date.now(),
    remembered() {
      try {
        return session?.getItem(SESSION_KEY) ?? null;
      } catch {
        return null;
      }
    },
    remember(slot) {
      try {
        session?.setItem(SESSION_KEY, slot);
      } catch {
        // Storage refused: the slot is still held for this page's life.
      }
    },
    hold(slot) {
      if (!locks) return Promise.resolve(true);
      return new Promise((resolve) => {
        locks
          .request(LOCK_PREFIX + slot, { ifAvailable: true }, (lock) => {
            resolve(lock !== null);
            // Granted: kept until the page goes (a promise that never settles).
            return lock ? new Promise<void>(() => {}) : undefined;
          })
          .catch(() => resolve(false));
      });
    },
    async held() {
      if (!locks) return new Set();
      const { held = [] } = await locks.query();
      return new Set(
        held.flatMap((lock) => (lock.name?.startsWith(LOCK_PREFIX) ? [lock.name.slice(LOCK_PREFIX.length)] : [])),
      );
    },
    newSlot() {
      return scope.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    },
  };
}

/** The slot a tab writes its draft to: its name, and its storage. */
export interface DraftSlot {
  name: string;
  storage: DraftStorage;
  /** How many other drafts with unsaved changes no open tab holds (a new tab takes up the newest). */
  waiting: number;
  /** A duplicated tab: the slot its draft was copied from (its copy made on leaving is that slot's). */
  copiedFrom?: string;
}

/** The slot this tab writes its draft to (see above). Never fails: trouble ends in a new slot. */
export async function claimDraftSlot(
  shelf: DraftShelf,
  tabs: Tabs,
  timeoutMs = RECOVERY_TIMEOUT_MS,
): Promise<DraftSlot> {
  const fresh = async (): Promise<string> => {
    const slot = tabs.newSlot();
    await tabs.hold(slot);
    tabs.remember(slot);
    return slot;
  };
  /** The stored drafts no open tab holds, unsaved work first, newest first; undefined when storage fails. */
  const orphans = async () => {
    try {
      // Storage that hangs or fails must not keep the app from starting.
      const [drafts, held] = await Promise.race([
        Promise.all([shelf.all(), tabs.held()]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs)),
      ]);
      const now = tabs.now();
      const reloading = (slot: string) => now - (tabs.leftAt(slot) ?? -Infinity) < RELOAD_GRACE_MS;
      return drafts
        .filter((d) => !held.has(d.slot) && !reloading(d.slot))
        .sort((a, b) => Number(hasChanges(b.draft)) - Number(hasChanges(a.draft)) || b.draft.savedAt - a.draft.savedAt);
    } catch {
      return undefined;
    }
  };
  const slot = async (name: string): Promise<DraftSlot> => {
    tabs.forgetLeft(name); // held again: not a tab that left
    const others = (await orphans()) ?? [];
    return { name, storage: shelf.slot(name), waiting: others.filter((d) => hasChanges(d.draft)).length };
  };

  const remembered = tabs.remembered();
  if (remembered !== null) {
    if (await tabs.hold(remembered)) return slot(remembered);
    // A duplicated tab: the original keeps its slot; this one continues from a copy.
    const name = await fresh();
    try {
      const copy = await shelf.slot(remembered).load();
      if (copy) await shelf.slot(name).save(copy);
    } catch {
      // Storage failing: this tab starts afresh rather than not at all.
    }
    return { ...(await slot(name)), copiedFrom: remembered };
  }

  const found = await orphans();
  for (const orphan of found ?? []) {
    // Another tab opening at the same moment may take it first; then the next one is tried.
    if (!(await tabs.hold(orphan.slot))) continue;
    tabs.remember(orphan.slot);
    // Drafts without changes are dropped, but for those a tab opening meanwhile has taken up.
    const stillHeld = await tabs.held().catch(() => undefined);
    const unchanged = found!.filter((d) => !hasChanges(d.draft) && stillHeld && !stillHeld.has(d.slot));
    await Promise.all(unchanged.map((d) => shelf.slot(d.slot).clear())).catch(() => undefined);
    return slot(orphan.slot);
  }
  return slot(await fresh());
}
