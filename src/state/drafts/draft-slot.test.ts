import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { recoverDocument } from './autosave';
import { claimDraftSlot, RELOAD_GRACE_MS, type Tabs } from './draft-slot';
import { indexedDbDrafts, type Draft, type DraftShelf } from './shelf';

const opened = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
const draft = (text: string, savedAt: number, openedText = opened): Draft => ({
  text,
  openedText,
  origin: 'shop.yaml',
  savedAt,
});

/**
 * A browser in memory: its Web Locks (slot → the tab holding it) and, per tab, its sessionStorage.
 * Closing a tab lets its locks go, as the browser does; a reload keeps its sessionStorage.
 */
function browser() {
  const locks = new Map<string, number>();
  const left = new Map<string, number>();
  let clock = 100_000;
  let tabs = 0;
  let slots = 0;
  const open = (session: string | null = null) => {
    const id = ++tabs;
    const state = { session };
    const api: Tabs = {
      remembered: () => state.session,
      remember: (slot) => void (state.session = slot),
      hold: async (slot) => {
        if (locks.has(slot) && locks.get(slot) !== id) return false;
        locks.set(slot, id);
        return true;
      },
      held: async () => new Set(locks.keys()),
      newSlot: () => `slot-${++slots}`,
      leftAt: (slot) => left.get(slot),
      markLeft: (slot) => void left.set(slot, clock),
      forgetLeft: (slot) => void left.delete(slot),
      now: () => clock,
    };
    /** The page goes: its locks are let go, and it says so as it leaves (pagehide). */
    const close = () => {
      for (const [slot, holder] of locks) {
        if (holder !== id) continue;
        locks.delete(slot);
        left.set(slot, clock);
      }
    };
    return {
      api,
      close,
      /** The same tab after a reload: its locks went with the old page, its sessionStorage stays. */
      reload: () => {
        close();
        return open(state.session);
      },
      /** The browser's "Duplicate tab": a copy of the sessionStorage. */
      duplicate: () => open(state.session),
    };
  };
  return {
    open,
    /** Time passes: past the grace after a tab left, its slot is a closed tab's. */
    later: () => void (clock += RELOAD_GRACE_MS + 1),
  };
}

async function start(shelf: DraftShelf, tab: { api: Tabs }) {
  const slot = await claimDraftSlot(shelf, tab.api);
  return { storage: slot.storage, waiting: slot.waiting, initial: await recoverDocument(slot.storage) };
}

const newShelf = () => indexedDbDrafts(`slots-${Math.random()}`);

describe('draft slots, one per tab', () => {
  it('a reloaded tab gets its own draft back', async () => {
    const shelf = newShelf();
    const b = browser();
    const tab = b.open();
    const first = await start(shelf, tab);
    expect(first.initial.origin).toBeNull();
    await first.storage.save(draft(opened + '# mine\n', 1));
    const again = await start(shelf, tab.reload());
    expect(again.initial.text).toBe(opened + '# mine\n');
  });

  it('two open tabs write to two slots: neither overwrites the other', async () => {
    const shelf = newShelf();
    const b = browser();
    const a = await start(shelf, b.open());
    await a.storage.save(draft(opened + '# tab A\n', 1));
    const second = b.open();
    const c = await start(shelf, second);
    // The second tab does not take the first one's work: it starts on the start screen.
    expect(c.initial.origin).toBeNull();
    await c.storage.save(draft(opened + '# tab B\n', 2));
    expect((await a.storage.load())?.text).toBe(opened + '# tab A\n');
    expect((await c.storage.load())?.text).toBe(opened + '# tab B\n');
    expect((await shelf.all()).map((d) => d.draft.text).sort()).toEqual([opened + '# tab A\n', opened + '# tab B\n']);
  });

  it('a new tab takes the newest draft of a closed tab; the next new tab the next one', async () => {
    const shelf = newShelf();
    const b = browser();
    const tabA = b.open();
    const tabB = b.open();
    const a = await start(shelf, tabA);
    const c = await start(shelf, tabB);
    await a.storage.save(draft(opened + '# older\n', 1));
    await c.storage.save(draft(opened + '# newer\n', 2));
    tabA.close();
    tabB.close();
    b.later();
    const first = await start(shelf, b.open());
    expect(first.initial).toMatchObject({ text: opened + '# newer\n', recovered: { savedAt: 2 } });
    const second = await start(shelf, b.open());
    expect(second.initial).toMatchObject({ text: opened + '# older\n', recovered: { savedAt: 1 } });
    const third = await start(shelf, b.open());
    expect(third.initial.origin).toBeNull();
  });

  it('a new tab opened while another reloads leaves that tab its slot', async () => {
    const shelf = newShelf();
    const b = browser();
    const tab = b.open();
    const a = await start(shelf, tab);
    await a.storage.save(draft(opened + '# mine\n', 1));
    tab.close(); // the reload has begun: the old page is gone, the new one not yet there
    const other = await start(shelf, b.open());
    expect(other.initial.origin).toBeNull();
    expect(other.waiting).toBe(0);
    const back = await start(shelf, tab.reload());
    expect(back.initial.text).toBe(opened + '# mine\n');
  });

  it('a new tab takes up unsaved work before a newer draft without changes, which is dropped', async () => {
    const shelf = newShelf();
    await shelf.slot('x').save(draft(opened, 1));
    await shelf.slot('y').save(draft(opened + '# changed\n', 2));
    await shelf.slot('z').save(draft(opened, 3));
    await shelf.slot('w').save(draft(opened + '# also changed\n', 0));
    const b = browser();
    const tab = await start(shelf, b.open());
    expect(tab.initial.text).toBe(opened + '# changed\n');
    // One more draft with unsaved changes waits for the next new tab; those without changes are gone.
    expect(tab.waiting).toBe(1);
    expect((await shelf.all()).map((d) => d.slot).sort()).toEqual(['w', 'y']);
    const next = await start(shelf, b.open());
    expect(next.initial.text).toBe(opened + '# also changed\n');
    expect(next.waiting).toBe(0);
  });

  it('a duplicated tab continues from a copy, in a slot of its own', async () => {
    const shelf = newShelf();
    const b = browser();
    const original = b.open();
    const a = await start(shelf, original);
    await a.storage.save(draft(opened + '# shared start\n', 1));
    const copy = await start(shelf, original.duplicate());
    expect(copy.initial.text).toBe(opened + '# shared start\n');
    await copy.storage.save(draft(opened + '# the copy\n', 2));
    expect((await a.storage.load())?.text).toBe(opened + '# shared start\n');
  });

  it('takes over the single draft an earlier version of the app kept', async () => {
    const shelf = newShelf();
    await shelf.slot('current').save(draft(opened + '# before slots\n', 1));
    const tab = await start(shelf, browser().open());
    expect(tab.initial.text).toBe(opened + '# before slots\n');
  });

  it('starts with a new slot when the storage fails or hangs', async () => {
    const failing: DraftShelf = { all: () => Promise.reject(new Error('no')), slot: newShelf().slot };
    const tab = await start(failing, browser().open());
    expect(tab.initial.origin).toBeNull();
    const hanging: DraftShelf = { all: () => new Promise(() => {}), slot: newShelf().slot };
    const { storage } = await claimDraftSlot(hanging, browser().open().api, 10);
    await storage.save(draft(opened, 1));
    expect((await storage.load())?.text).toBe(opened);
  });
});
