import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphLayoutStorage, GRAPH_LAYOUT_KEY, SAVE_DELAY_MS } from './graph-layout';

/** localStorage as a test sees it: a map, optionally full. */
function memoryStorage(full = false) {
  const data = new Map<string, string>();
  const storage = {
    data,
    writes: 0,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('quota exceeded', 'QuotaExceededError');
      storage.writes++;
      data.set(key, value);
    },
  };
  return storage;
}

/** Writes one workload's positions from an instance of its own, saved at once (as when the page is hidden). */
function saved(
  storage: ReturnType<typeof memoryStorage>,
  workload: string,
  positions: Record<string, { x: number; y: number }>,
) {
  const layout = createGraphLayoutStorage(storage);
  layout.write(workload, positions);
  layout.flush();
}

describe('graph layout storage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('remembers positions per workload, across instances (a reload)', () => {
    const storage = memoryStorage();
    saved(storage, 'shop', { 'container:web': { x: 10, y: 20 } });
    saved(storage, 'blog', { 'container:web': { x: -5, y: 7.5 } });
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.read('shop')).toEqual({ 'container:web': { x: 10, y: 20 } });
    expect(reloaded.read('blog')).toEqual({ 'container:web': { x: -5, y: 7.5 } });
    expect(reloaded.read('other')).toBeUndefined();
  });

  it('keeps nothing in score.yaml: only its own key in storage', () => {
    const storage = memoryStorage();
    saved(storage, 'shop', { workload: { x: 0, y: 0 } });
    expect([...storage.data.keys()]).toEqual([GRAPH_LAYOUT_KEY]);
  });

  it('moves positions with a renamed workload', () => {
    const storage = memoryStorage();
    const layout = createGraphLayoutStorage(storage);
    layout.write('shop', { workload: { x: 1, y: 2 } });
    layout.rename('shop', 'store');
    expect(layout.read('shop')).toBeUndefined();
    expect(layout.read('store')).toEqual({ workload: { x: 1, y: 2 } });
  });

  it('forgets the least recently used workloads beyond the limit', () => {
    const storage = memoryStorage();
    let clock = 0;
    const layout = createGraphLayoutStorage(storage, { now: () => ++clock, limit: 3 });
    for (const name of ['a', 'b', 'c']) layout.write(name, { workload: { x: 0, y: 0 } });
    layout.write('a', { workload: { x: 5, y: 5 } }); // a is used again: b is now the oldest
    layout.write('d', { workload: { x: 0, y: 0 } });
    layout.flush();
    expect(['a', 'b', 'c', 'd'].map((n) => layout.read(n) !== undefined)).toEqual([true, false, true, true]);
    const reloaded = createGraphLayoutStorage(storage);
    expect(['a', 'b', 'c', 'd'].map((n) => reloaded.read(n) !== undefined)).toEqual([true, false, true, true]);
  });

  it('writes changes once they pause: a name typed key by key is saved once, under the last name', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    saved(storage, 'shop', { workload: { x: 1, y: 2 } });
    const writes = storage.writes;
    const layout = createGraphLayoutStorage(storage);
    let name = 'shop';
    for (const key of 'front') {
      // What the graph does at each check while the name is typed.
      layout.rename(name, name + key);
      name += key;
      layout.write(name, { workload: { x: 1, y: 2 } });
      vi.advanceTimersByTime(SAVE_DELAY_MS / 10);
    }
    expect(layout.read('shopfront')).toEqual({ workload: { x: 1, y: 2 } }); // this tab sees it at once
    expect(storage.writes).toBe(writes);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(storage.writes).toBe(writes + 1);
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.read('shopfront')).toEqual({ workload: { x: 1, y: 2 } });
    expect(['shop', 'shopf', 'shopfron'].map((n) => reloaded.read(n))).toEqual([undefined, undefined, undefined]);
  });

  it('keeps what another tab saved meanwhile, and reads it when nothing of its own waits', () => {
    const storage = memoryStorage();
    const here = createGraphLayoutStorage(storage);
    const there = createGraphLayoutStorage(storage);
    expect(here.read('blog')).toBeUndefined();
    here.write('shop', { workload: { x: 1, y: 1 } });
    there.write('blog', { workload: { x: 2, y: 2 } });
    there.flush();
    here.flush();
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.read('shop')).toEqual({ workload: { x: 1, y: 1 } });
    expect(reloaded.read('blog')).toEqual({ workload: { x: 2, y: 2 } });
    there.write('blog', { workload: { x: 3, y: 3 } });
    there.flush();
    expect(here.read('blog')).toEqual({ workload: { x: 3, y: 3 } });
  });

  it('drops malformed entries and keeps the good ones', () => {
    const storage = memoryStorage();
    storage.data.set(
      GRAPH_LAYOUT_KEY,
      JSON.stringify({
        good: { positions: { workload: { x: 1, y: 2 }, bad: { x: 'no', y: 1 }, far: { x: 1e12, y: 0 } }, usedAt: 1 },
        junk: 42,
        noPositions: { usedAt: 3 },
      }),
    );
    const layout = createGraphLayoutStorage(storage);
    expect(layout.read('good')).toEqual({ workload: { x: 1, y: 2 } });
    expect(layout.read('junk')).toBeUndefined();
    expect(layout.read('noPositions')).toEqual({});
  });

  it('survives storage that is unreadable, full or missing', () => {
    const broken = memoryStorage();
    broken.data.set(GRAPH_LAYOUT_KEY, '{not json');
    expect(createGraphLayoutStorage(broken).read('x')).toBeUndefined();
    expect(() => saved(memoryStorage(true), 'x', {})).not.toThrow();
    const none = createGraphLayoutStorage(undefined);
    expect(() => none.write('x', { workload: { x: 0, y: 0 } })).not.toThrow();
    expect(() => none.flush()).not.toThrow();
    expect(none.read('x')).toEqual({ workload: { x: 0, y: 0 } }); // kept while the page is open
  });

  it('treats "__proto__" as a plain name', () => {
    const storage = memoryStorage();
    const layout = createGraphLayoutStorage(storage);
    // As a node id arrives from a parsed name: an own key, not the prototype.
    layout.write(
      '__proto__',
      JSON.parse('{"__proto__": {"x": 3, "y": 4}}') as Record<string, { x: number; y: number }>,
    );
    expect(layout.read('__proto__')?.['__proto__']).toEqual({ x: 3, y: 4 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("remembers the direction of each workload's layout with its positions, across a reload and a rename", () => {
    const storage = memoryStorage();
    const layout = createGraphLayoutStorage(storage);
    layout.write('shop', { workload: { x: 0, y: 0 } }, 'top-to-bottom');
    layout.write('blog', { workload: { x: 0, y: 0 } });
    // Positions written again (a drag) keep the direction chosen.
    layout.write('shop', { workload: { x: 5, y: 5 } });
    layout.flush();
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.readDirection('shop')).toBe('top-to-bottom');
    expect(reloaded.readDirection('blog')).toBeUndefined();
    expect(reloaded.read('shop')).toEqual({ workload: { x: 5, y: 5 } });
    reloaded.write('blog', { workload: { x: 0, y: 0 } }, 'left-to-right');
    reloaded.rename('shop', 'store');
    expect(reloaded.readDirection('store')).toBe('top-to-bottom');
    reloaded.write('store', {}, 'left-to-right');
    reloaded.flush();
    // The default is not stored: an entry reads as the ones written before directions existed.
    expect(JSON.parse(storage.data.get(GRAPH_LAYOUT_KEY)!)).not.toHaveProperty('store.direction');
  });

  it('reads an unknown stored direction as the default', () => {
    const storage = memoryStorage();
    storage.data.set(
      GRAPH_LAYOUT_KEY,
      JSON.stringify({
        a: { positions: {}, direction: 'sideways', usedAt: 1 },
        b: { positions: {}, direction: 'top-to-bottom' },
      }),
    );
    const layout = createGraphLayoutStorage(storage);
    expect(layout.readDirection('a')).toBeUndefined();
    expect(layout.readDirection('b')).toBe('top-to-bottom');
  });

  it("remembers whether each workload's group is collapsed, with its positions, across a reload and a rename", () => {
    const storage = memoryStorage();
    const layout = createGraphLayoutStorage(storage);
    layout.write('shop', { workload: { x: 1, y: 1 } });
    layout.setCollapsed('shop', true);
    layout.setCollapsed('blog', true); // never laid out here: remembered all the same
    // Positions written again (the workload edited and moved) keep the choice.
    layout.write('shop', { workload: { x: 5, y: 5 } });
    layout.flush();
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.readCollapsed('shop')).toBe(true);
    expect(reloaded.readCollapsed('blog')).toBe(true);
    expect(reloaded.readCollapsed('other')).toBe(false);
    expect(reloaded.read('shop')).toEqual({ workload: { x: 5, y: 5 } });
    reloaded.rename('shop', 'store');
    expect(reloaded.readCollapsed('store')).toBe(true);
    reloaded.setCollapsed('store', false);
    reloaded.flush();
    // Open is the default, and not stored.
    expect(JSON.parse(storage.data.get(GRAPH_LAYOUT_KEY)!)).not.toHaveProperty('store.collapsed');
    expect(createGraphLayoutStorage(storage).read('store')).toEqual({ workload: { x: 5, y: 5 } });
  });
});
