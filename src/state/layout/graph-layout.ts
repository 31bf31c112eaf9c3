import type { LayoutDirection, Positions, XY } from '../../core/graph';
import { browserStorage } from '../browser/storage';
import { isRecord } from '../../core/workload/values';

/**
 * Where the user put the nodes of each workload's graph, and which way its layout flows, remembered
 * in this browser (localStorage), outside score.yaml: they are about the picture, not the workload,
 * and must not change its text. Keyed by the workload's name (metadata.name); the most recently used workloads are kept,
 * up to a limit, so that storage does not grow without end.
 */
export const GRAPH_LAYOUT_KEY = 'score-designer.graph-layout.v1';
export const MAX_REMEMBERED_WORKLOADS = 50;
/** A stored coordinate beyond this is not from a drag: ignore it rather than fly the view away. */
const MAX_COORDINATE = 1e7;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface Entry {
  positions: Positions;
  /** Stored only when it is not the default (left to right), so that older entries read as they were. */
  direction?: LayoutDirection;
  /** Drawn collapsed to one node while another workload of the project is edited; stored only when so. */
  collapsed?: true;
  usedAt: number;
}

export interface GraphLayoutStorage {
  /** The positions stored for a workload; undefined when it was never laid out here. */
  read(workload: string): Positions | undefined;
  /** Which way the workload's layout flows; undefined when it was never chosen here (left to right). */
  readDirection(workload: string): LayoutDirection | undefined;
  /**
   * Stores the positions of a workload (all of them: the stored ones are replaced), and the direction
   * of its layout when given (else the stored one stays).
   */
  write(workload: string, positions: Positions, direction?: LayoutDirection): void;
  /** Whether the workload's group is collapsed to one node while another of the project is edited. */
  readCollapsed(workload: string): boolean;
  /** Collapses the workload's group, or opens it again: kept with its positions, never in score.yaml. */
  setCollapsed(workload: string, collapsed: boolean): void;
  /** The workload was renamed: its positions follow it. */
  rename(from: string, to: string): void;
  /** Writes what waits to be saved now (the page is being hidden or closed). */
  flush(): void;
}

let shared: GraphLayoutStorage | undefined;

/** The page's one storage of layouts: the canvas's positions, and the project's groups read from them. */
export function sharedGraphLayoutStorage(): GraphLayoutStorage {
  return (shared ??= createGraphLayoutStorage());
}

/** How long changes wait before they are written to localStorage (see createGraphLayoutStorage). */
export const SAVE_DELAY_MS = 400;

export function createGraphLayoutStorage(
  storage: KeyValueStorage | undefined = browserStorage('localStorage'),
  {
    now = () => Date.now(),
    limit = MAX_REMEMBERED_WORKLOADS,
    saveDelayMs = SAVE_DELAY_MS,
  }: { now?: () => number; limit?: number; saveDelayMs?: number } = {},
): GraphLayoutStorage {
  // Every workload's positions are one JSON value in localStorage, parsed and written whole. Typing a
  // workload's name renames it at every check, a drag moves its nodes: such changes are made to the
  // copy kept here at once, and written together once they pause. Reads see them at once.
  let kept: Map<string, Entry> | undefined;
  /** Workloads changed here and not saved yet (a name absent from `kept` was renamed away). */
  const unsaved = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const current = () => (kept ??= readAll(storage));
  // With nothing of its own waiting, this tab reads afresh: another tab may have saved since.
  const fresh = () => {
    if (unsaved.size === 0 && storage) kept = undefined;
    return current();
  };
  const save = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (unsaved.size === 0) return;
    if (!storage) {
      unsaved.clear(); // nowhere to write: the copy here serves this page for as long as it is open
      return;
    }
    // Read again, so that what another tab saved meanwhile is kept: only this tab's changes are laid over it.
    const all = readAll(storage);
    for (const workload of unsaved) {
      const entry = kept?.get(workload);
      if (entry) all.set(workload, entry);
      else all.delete(workload);
    }
    unsaved.clear();
    kept = new Map([...all].sort((a, b) => b[1].usedAt - a[1].usedAt).slice(0, limit));
    try {
      storage.setItem(GRAPH_LAYOUT_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // storage full or forbidden: the canvas still works, positions are just not remembered
    }
  };
  const changed = (...workloads: string[]) => {
    for (const w of workloads) unsaved.add(w);
    timer ??= setTimeout(save, saveDelayMs);
  };
  return {
    read(workload) {
      return fresh().get(workload)?.positions;
    },
    readDirection(workload) {
      return fresh().get(workload)?.direction;
    },
    write(workload, positions, direction) {
      const all = current();
      const chosen = cleanDirection(direction ?? all.get(workload)?.direction);
      const collapsed = all.get(workload)?.collapsed;
      all.set(workload, {
        positions: cleanPositions(positions),
        ...(chosen && { direction: chosen }),
        ...(collapsed && { collapsed }),
        usedAt: now(),
      });
      changed(workload);
    },
    readCollapsed(workload) {
      return fresh().get(workload)?.collapsed === true;
    },
    setCollapsed(workload, collapsed) {
      const all = current();
      const { collapsed: _was, ...entry } = all.get(workload) ?? { positions: cleanPositions(null), usedAt: now() };
      all.set(workload, { ...entry, ...(collapsed && { collapsed: true as const }), usedAt: now() });
      changed(workload);
    },
    rename(from, to) {
      if (from === to) return;
      const all = current();
      const entry = all.get(from);
      if (!entry) return;
      all.delete(from);
      all.set(to, { ...entry, usedAt: now() });
      changed(from, to);
    },
    flush: save,
  };
}

/** Everything stored, entry by entry: whatever is malformed is dropped, the rest kept. */
function readAll(storage: KeyValueStorage | undefined): Map<string, Entry> {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(GRAPH_LAYOUT_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const out = new Map<string, Entry>();
  if (!isRecord(stored)) return out;
  for (const [workload, entry] of Object.entries(stored)) {
    if (!isRecord(entry)) continue;
    const usedAt = typeof entry.usedAt === 'number' && Number.isFinite(entry.usedAt) ? entry.usedAt : 0;
    const direction = cleanDirection(entry.direction);
    const collapsed = entry.collapsed === true;
    out.set(workload, {
      positions: cleanPositions(entry.positions),
      ...(direction && { direction }),
      ...(collapsed && { collapsed }),
      usedAt,
    });
  }
  return out;
}

/** A direction other than the default, as stored; anything else is the default (nothing stored). */
function cleanDirection(value: unknown): LayoutDirection | undefined {
  return value === 'top-to-bottom' ? value : undefined;
}

function cleanPositions(value: unknown): Positions {
  // No prototype: a node id such as "__proto__" is just a key.
  const out: Positions = Object.create(null) as Positions;
  if (!isRecord(value)) return out;
  for (const [id, p] of Object.entries(value)) {
    if (isPoint(p)) out[id] = { x: p.x, y: p.y };
  }
  return out;
}

function isPoint(p: unknown): p is XY {
  return (
    isRecord(p) &&
    typeof p.x === 'number' &&
    typeof p.y === 'number' &&
    Math.abs(p.x) < MAX_COORDINATE &&
    Math.abs(p.y) < MAX_COORDINATE
  );
}
