import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, recoverDocument, startAutosave } from './autosave';
import { createDocumentStore, hasChanges } from './document-store';
import { indexedDbDrafts, type Draft, type DraftStorage } from './drafts';

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
