import { describe, expect, it } from 'vitest';
import { createLayoutStore, defaultLayout, defaultLayoutFor, readLayout, SIZE_LIMITS } from './store';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [['score-designer.layout.v1', initial]]);
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the pane layout', () => {
  it('is remembered: a new store reads what the last one set', () => {
    const storage = memoryStorage();
    const first = createLayoutStore(storage);
    first.getState().setSize('inspector', 400);
    first.getState().toggle('problems');
    first.getState().setYamlPlacement('beside');
    first.getState().setTheme('dark');
    const second = createLayoutStore(storage).getState();
    expect(second.sizes.inspector).toBe(400);
    expect(second.collapsed.problems).toBe(true);
    expect(second.yamlPlacement).toBe('beside');
    expect(second.theme).toBe('dark');
  });

  it('keeps sizes within limits, so that no pane can be lost by dragging', () => {
    const store = createLayoutStore(memoryStorage());
    store.getState().setSize('yaml', 5);
    expect(store.getState().sizes.yaml).toBe(SIZE_LIMITS.min);
    store.getState().setSize('yaml', Number.NaN);
    expect(store.getState().sizes.yaml).toBe(SIZE_LIMITS.min);
  });

  it('falls back to the default, field by field, for anything stored wrong', () => {
    expect(readLayout(memoryStorage('not json'))).toEqual(defaultLayout);
    expect(readLayout(undefined)).toEqual(defaultLayout);
    const partly = readLayout(memoryStorage(JSON.stringify({ theme: 'purple', sizes: { inspector: 1e9, yaml: 'x' } })));
    expect(partly.theme).toBe('system');
    expect(partly.sizes).toEqual({ ...defaultLayout.sizes, inspector: SIZE_LIMITS.max });
  });

  it('gives the graph a good share of a short window: the YAML pane and the problems follow its height', () => {
    const short = createLayoutStore(memoryStorage(), 700).getState().sizes;
    expect(short.yaml).toBe(210);
    expect(short.problems).toBe(112);
    // Never more than the sizes of a tall window, never less than a few lines.
    expect(defaultLayoutFor(1600).sizes).toEqual(defaultLayout.sizes);
    expect(defaultLayoutFor(300).sizes).toMatchObject({ yaml: 200, problems: 100 });
    // A size the user chose stays theirs; reset goes back to the window's default.
    const storage = memoryStorage();
    const store = createLayoutStore(storage, 700);
    store.getState().setSize('yaml', 500);
    expect(createLayoutStore(storage, 700).getState().sizes.yaml).toBe(500);
    store.getState().reset();
    expect(store.getState().sizes.yaml).toBe(210);
  });
});
