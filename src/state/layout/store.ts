import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage } from '../browser/storage';

/**
 * How the workspace is laid out, remembered across visits (localStorage): which panes are shown,
 * their sizes, where the YAML pane goes, and the theme. Kept apart from the document: it belongs to
 * this browser, not to the workload.
 */
export type PaneId = 'graph' | 'inspector' | 'yaml' | 'problems' | 'status';
export type YamlPlacement = 'below' | 'beside';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface Layout {
  yamlPlacement: YamlPlacement;
  /**
   * Sizes in CSS pixels: the inspector's width, the YAML pane's height (below) or width (beside), the
   * problems' height, the Status pane's width (beside the problems, while the orchestrator view is on).
   */
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
  sizes: { inspector: 320, yaml: 320, problems: 180, status: 440 },
  collapsed: { graph: false, inspector: false, yaml: false, problems: false, status: false },
  theme: 'system',
};

/**
 * The default for a window `height` px tall: the YAML pane and the problems take about 30% and 16% of
 * it (at most their sizes above), so that the graph, the designer's centre, keeps a good share of a
 * laptop's screen. Fixed sizes left it 46 px at 1000×700 and 270 px at 1400×900.
 */
export function defaultLayoutFor(height: number | undefined): Layout {
  if (height === undefined || !Number.isFinite(height) || height <= 0) return defaultLayout;
  const share = (part: number, least: number, most: number) =>
    Math.round(Math.min(most, Math.max(least, height * part)));
  return {
    ...defaultLayout,
    sizes: {
      ...defaultLayout.sizes,
      yaml: share(0.3, 200, defaultLayout.sizes.yaml),
      problems: share(0.16, 100, defaultLayout.sizes.problems),
    },
  };
}

/** The smallest and largest a pane may be made, so that a stored layout can never hide a pane by accident. */
export const SIZE_LIMITS = { min: 120, max: 2000 } as const;

const STORAGE_KEY = 'score-designer.layout.v1';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createLayoutStore(
  storage: KeyValueStorage | undefined = browserStorage('localStorage'),
  windowHeight: number | undefined = typeof innerHeight === 'number' ? innerHeight : undefined,
): LayoutStore {
  const base = defaultLayoutFor(windowHeight);
  const store = createStore<LayoutState>()((set, get) => ({
    ...readLayout(storage, base),
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
      set({ ...base, theme: get().theme });
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

/** The stored layout, field by field: whatever is missing or wrong falls back to the default (`base`). */
export function readLayout(storage: KeyValueStorage | undefined, base: Layout = defaultLayout): Layout {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<keyof Layout, unknown>>;
  const sizes = { ...base.sizes };
  const collapsed = { ...base.collapsed };
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
