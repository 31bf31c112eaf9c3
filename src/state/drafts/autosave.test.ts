import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, recoverDocument, sessionLeaveCopy, startAutosave } from './autosave';
import { createDocumentStore, hasChanges } from '../document/store';
import { indexedDbDrafts, type Draft, type DraftStorage } from './shelf';

const opened = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
const edited = opened.replace('nginx', 'nginx:1.27 # pinned');

/** A storage that remembers in memory and counts writes. */
function memoryDrafts(): DraftStorage & { draft: Draft | undefined; writes: number } {
  const storage = {
    draft: undefined as Draft | undefined,
    writes: 0,
    load: async () => storage.draft,
    save: async (d: Draft) => {
      storage.writes++;
      storage.draft = d;
    },
    clear: async () => {
      storage.writes++;
      storage.draft = undefined;
    },
  };
  return storage;
}

describe('autosave', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('saves the text within a second of the last change, once for a burst', () => {
    const storage = memoryDrafts();
    const store = createDocumentStore({ text: opened, origin: 'the template “Shop”' });
    const stop = startAutosave(store, storage, { now: () => 42 });
    for (let i = 1; i <= 5; i++) store.getState().typeText(opened + '#'.repeat(i));
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(AUTOSAVE_DELAY_MS).toBeLessThanOrEqual(1000);
    expect(storage.writes).toBe(1);
    expect(storage.draft).toEqual({
      text: opened + '#####',
      openedText: opened,
      origin: 'the template “Shop”',
      savedAt: 42,
    });
    stop();
  });

  it('saves at once when the page is hidden or closed', () => {
    const storage = memoryDrafts();
    const target = new EventTarget();
    const store = createDocumentStore({ text: opened, origin: 'x' });
    const stop = startAutosave(store, storage, { target });
    store.getState().typeText(edited);
    target.dispatchEvent(new Event('pagehide'));
    expect(storage.draft?.text).toBe(edited);
    stop();
  });

  it('saves typing without a pause at least every AUTOSAVE_MAX_WAIT_MS', () => {
    const storage = memoryDrafts();
    const store = createDocumentStore({ text: opened, origin: 'x' });
    const stop = startAutosave(store, storage);
    // A key every 100 ms for 3 s: the pause autosave waits for never comes.
    for (let i = 1; i <= 30; i++) {
      store.getState().typeText(opened + '#'.repeat(i));
      vi.advanceTimersByTime(100);
      const typedAt = i * 100;
      const saved = storage.draft ? storage.draft.text.length - opened.length : 0;
      // What is saved is never more than a second behind what was typed.
      expect(typedAt - saved * 100, `after ${typedAt} ms`).toBeLessThanOrEqual(1000);
    }
    expect(AUTOSAVE_MAX_WAIT_MS).toBeLessThan(1000);
    stop();
  });

  it('as the page leaves with a write under way, keeps a copy in sessionStorage; recovery takes it when newer', async () => {
    const sessionStorage = memorySession();
    const leaveCopy = sessionLeaveCopy(sessionStorage, 'tab-1');
    // IndexedDB that never finishes the write begun as the page unloads.
    const stored = memoryDrafts();
    const unfinished = { ...stored, save: () => new Promise<void>(() => {}) };
    const target = new EventTarget();
    const store = createDocumentStore({ text: opened, origin: 'shop.yaml' });
    const stop = startAutosave(store, unfinished, { target, leaveCopy, now: () => 9 });
    store.getState().typeText(edited);
    target.dispatchEvent(new Event('pagehide'));
    stop();
    expect(leaveCopy.read()?.draft?.text).toBe(edited);

    // After the reload: the stored draft is older than the copy, which wins and is stored.
    await stored.save({ text: opened + '# older\n', openedText: opened, origin: 'shop.yaml', savedAt: 5 });
    const initial = await recoverDocument(stored, 100, leaveCopy);
    expect(initial).toMatchObject({ text: edited, recovered: { savedAt: 9 } });
    await vi.runAllTimersAsync();
    expect(stored.draft?.text).toBe(edited);
    expect(leaveCopy.read()).toBeUndefined();
    // A copy older than the stored draft, or of another tab's slot, is not taken.
    leaveCopy.write({ text: 'stale', openedText: opened, origin: 'x', savedAt: 1 }, 1);
    expect((await recoverDocument(stored, 100, leaveCopy)).text).toBe(edited);
    expect(sessionLeaveCopy(sessionStorage, 'tab-2').read()).toBeUndefined();
  });

  it('a draft discarded as the page leaves stays discarded, though its removal had not finished', async () => {
    const leaveCopy = sessionLeaveCopy(memorySession(), 'tab');
    const stored = memoryDrafts();
    await stored.save({ text: edited, openedText: opened, origin: 'shop.yaml', savedAt: 5 });
    const unfinished = { ...stored, clear: () => new Promise<void>(() => {}) };
    const target = new EventTarget();
    const store = createDocumentStore({ text: edited, origin: 'shop.yaml', openedText: opened });
    const stop = startAutosave(store, unfinished, { target, leaveCopy, now: () => 9 });
    store.getState().discardRecovered();
    target.dispatchEvent(new Event('pagehide'));
    stop();
    expect(await recoverDocument(stored, 100, leaveCopy)).toEqual({ text: '', origin: null });
    await vi.runAllTimersAsync();
    expect(stored.draft).toBeUndefined();
  });

  it('a copy too large to keep what was opened keeps the text, and takes what was opened from the stored draft', async () => {
    // A quota of 1,000 characters, as sessionStorage has one of about 5 million.
    const small = memorySession(1000);
    const big = opened + '#'.repeat(500);
    const leaveCopy = sessionLeaveCopy(small, 'tab');
    leaveCopy.write({ text: big + '# new\n', openedText: big, origin: 'big.yaml', savedAt: 9 }, 9);
    const stored = memoryDrafts();
    await stored.save({ text: big, openedText: big, origin: 'big.yaml', savedAt: 5 });
    const initial = await recoverDocument(stored, 100, leaveCopy);
    expect(initial).toMatchObject({ text: big + '# new\n', openedText: big, recovered: { savedAt: 9 } });
    // Nothing fits: no copy at all, rather than an older one.
    leaveCopy.write({ text: 'x'.repeat(2000), openedText: '', origin: 'big.yaml', savedAt: 10 }, 10);
    expect(leaveCopy.read()).toBeUndefined();
  });

  it('forgets the copy once a later write has finished', async () => {
    const leaveCopy = sessionLeaveCopy(memorySession(), 'tab');
    leaveCopy.write({ text: 'old copy', openedText: opened, origin: 'x', savedAt: 1 }, 1);
    const storage = memoryDrafts();
    const store = createDocumentStore({ text: opened, origin: 'x' });
    const stop = startAutosave(store, storage, { leaveCopy });
    store.getState().typeText(edited);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(storage.draft?.text).toBe(edited);
    expect(leaveCopy.read()).toBeUndefined();
    stop();
  });

  it('forgets the draft when nothing is open any more', () => {
    const storage = memoryDrafts();
    const store = createDocumentStore({ text: opened, origin: 'x' });
    const stop = startAutosave(store, storage);
    store.getState().typeText(edited);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(storage.draft).toBeDefined();
    store.getState().close();
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(storage.draft).toBeUndefined();
    stop();
  });
});

describe('recovery', () => {
  it('restores a draft with unsaved changes exactly, and says it was recovered', async () => {
    const storage = indexedDbDrafts(`test-${Math.random()}`).slot('tab');
    await storage.save({ text: edited, openedText: opened, origin: 'shop.yaml', savedAt: 7 });
    const initial = await recoverDocument(storage);
    expect(initial).toEqual({ text: edited, openedText: opened, origin: 'shop.yaml', recovered: { savedAt: 7 } });
    const store = createDocumentStore(initial);
    expect(store.getState().text).toBe(edited);
    expect(hasChanges(store.getState())).toBe(true);
  });

  it('reopens a draft without changes quietly, and starts empty without a draft', async () => {
    const storage = indexedDbDrafts(`test-${Math.random()}`).slot('tab');
    expect(await recoverDocument(storage)).toEqual({ text: '', origin: null });
    await storage.save({ text: opened, openedText: opened, origin: 'shop.yaml', savedAt: 7 });
    expect((await recoverDocument(storage)).recovered).toBeNull();
    await storage.clear();
    expect(await recoverDocument(storage)).toEqual({ text: '', origin: null });
  });

  it('ignores a damaged record, and starts anyway when storage fails or hangs', async () => {
    const broken: DraftStorage = { load: () => Promise.reject(new Error('no')), save: vi.fn(), clear: vi.fn() };
    expect(await recoverDocument(broken)).toEqual({ text: '', origin: null });
    const hanging: DraftStorage = { load: () => new Promise(() => {}), save: vi.fn(), clear: vi.fn() };
    expect(await recoverDocument(hanging, 10)).toEqual({ text: '', origin: null });
    const odd: DraftStorage = { load: async () => ({ text: 1 }) as unknown as Draft, save: vi.fn(), clear: vi.fn() };
    expect(await recoverDocument(odd)).toEqual({ text: '', origin: null });
  });
});

/** sessionStorage in memory; a value longer than `quota` is refused as the browser refuses one over its quota. */
function memorySession(quota = Infinity) {
  const session = new Map<string, string>();
  return {
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      session.set(k, v);
    },
    removeItem: (k: string) => void session.delete(k),
  };
}
