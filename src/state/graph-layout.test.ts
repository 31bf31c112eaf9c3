import { describe, expect, it } from 'vitest';
import { createGraphLayoutStorage, GRAPH_LAYOUT_KEY } from './graph-layout';

/** localStorage as a test sees it: a map, optionally full. */
function memoryStorage(full = false) {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('quota exceeded', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

describe('graph layout storage', () => {
  it('remembers positions per workload, across instances (a reload)', () => {
    const storage = memoryStorage();
    createGraphLayoutStorage(storage).write('shop', { 'container:web': { x: 10, y: 20 } });
    createGraphLayoutStorage(storage).write('blog', { 'container:web': { x: -5, y: 7.5 } });
    const reloaded = createGraphLayoutStorage(storage);
    expect(reloaded.read('shop')).toEqual({ 'container:web': { x: 10, y: 20 } });
    expect(reloaded.read('blog')).toEqual({ 'container:web': { x: -5, y: 7.5 } });
    expect(reloaded.read('other')).toBeUndefined();
  });

  it('keeps nothing in score.yaml: only its own key in storage', () => {
    const storage = memoryStorage();
    createGraphLayoutStorage(storage).write('shop', { workload: { x: 0, y: 0 } });
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
    expect(['a', 'b', 'c', 'd'].map((n) => layout.read(n) !== undefined)).toEqual([true, false, true, true]);
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
    expect(() => createGraphLayoutStorage(memoryStorage(true)).write('x', {})).not.toThrow();
    const none = createGraphLayoutStorage(undefined);
    expect(() => none.write('x', { workload: { x: 0, y: 0 } })).not.toThrow();
    expect(none.read('x')).toBeUndefined();
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
});
