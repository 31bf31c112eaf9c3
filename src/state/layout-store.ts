import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * How the workspace is laid out, remembered across visits (localStorage): which panes are shown,
 * their sizes, where the YAML pane goes, and the theme. Kept apart from the document: it belongs to
 * this browser, not to the workload.
 */
export type PaneId = 'graph' | 'inspector' | 'yaml' | 'problems';
export type YamlPlacement = 'below' | 'beside';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface Layout {
  yamlPlacement: YamlPlacement;
  /** Sizes in CSS pixels: the inspector's width, the YAML pane's height (below) or width (beside), the problems' height. */
  sizes: Record<Exclude<PaneId, 'graph'>, number>;
  collapsed: Record<PaneId, boolean>;
  theme: ThemeChoice;
}

export interface LayoutState extends Layout {
  setSize(pane: Exclude<PaneId, 'graph'>, size: number): void;
  toggle(pane: PaneId): void;
  setYamlPlacement(placement: YamlPlacement): void;
  setTheme(theme: ThemeChoice): void;
  reset(): void;
}

export type LayoutStore = StoreApi<LayoutState>;

export const defaultLayout: Layout = {
  yamlPlacement: 'below',
  sizes: { inspector: 320, yaml: 320, problems: 180 },
  collapsed: { graph: false, inspector: false, yaml: false, problems: false },
  theme: 'system',
};

/** The smallest and largest a pane may be made, so that a stored layout can never hide a pane by accident. */
export const SIZE_LIMITS = { min: 120, max: 2000 } as const;

const STORAGE_KEY = 'score-designer.layout.v1';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createLayoutStore(storage: KeyValueStorage | undefined = safeLocalStorage()): LayoutStore {
  const store = createStore<LayoutState>()((set, get) => ({
    ...readLayout(storage),
    setSize(pane, size) {
      set({ sizes: { ...get().sizes, [pane]: clampSize(size) } });
    },
    toggle(pane) {
      set({ collapsed: { ...get().collapsed, [pane]: !get().collapsed[pane] } });
    },
    setYamlPlacement(yamlPlacement) {
      set({ yamlPlacement });
    },
    setTheme(theme) {
      set({ theme });
    },
    reset() {
      set({ ...defaultLayout, theme: get().theme });
    },
  }));
  store.subscribe((state) => {
    const { yamlPlacement, sizes, collapsed, theme } = state;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify({ yamlPlacement, sizes, collapsed, theme }));
    } catch {
      // storage full or forbidden: the layout still works, it is just not remembered
    }
  });
  return store;
}

export function clampSize(size: number): number {
  return Number.isFinite(size)
    ? Math.round(Math.min(SIZE_LIMITS.max, Math.max(SIZE_LIMITS.min, size)))
    : SIZE_LIMITS.min;
}

/** The stored layout, field by field: whatever is missing or wrong falls back to the default. */
export function readLayout(storage: KeyValueStorage | undefined): Layout {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<keyof Layout, unknown>>;
  const sizes = { ...defaultLayout.sizes };
  const collapsed = { ...defaultLayout.collapsed };
  for (const pane of Object.keys(sizes) as Array<keyof Layout['sizes']>) {
    const value = (s.sizes as Record<string, unknown> | undefined)?.[pane];
    if (typeof value === 'number') sizes[pane] = clampSize(value);
  }
  for (const pane of Object.keys(collapsed) as PaneId[]) {
    const value = (s.collapsed as Record<string, unknown> | undefined)?.[pane];
    if (typeof value === 'boolean') collapsed[pane] = value;
  }
  return {
    yamlPlacement: s.yamlPlacement === 'beside' ? 'beside' : 'below',
    sizes,
    collapsed,
    theme: s.theme === 'light' || s.theme === 'dark' ? s.theme : 'system',
  };
}

function safeLocalStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
