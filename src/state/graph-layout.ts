import type { Positions, XY } from '../core/graph';

/**
 * Where the user put the nodes of each workload's graph, remembered in this browser (localStorage),
 * outside score.yaml: positions are about the picture, not the workload, and must not change its
 * text. Keyed by the workload's name (metadata.name); the most recently used workloads are kept,
 * up to a limit, so that storage does not grow without end.
 */
export const GRAPH_LAYOUT_KEY = 'score-designer.graph-layout.v1';
export const MAX_REMEMBERED_WORKLOADS = 50;
/** A stored coordinate beyond this is not from a drag: ignore it rather than fly the view away. */
const MAX_COORDINATE = 1e7;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface Entry {
  positions: Positions;
  usedAt: number;
}

export interface GraphLayoutStorage {
  /** The positions stored for a workload; undefined when it was never laid out here. */
  read(workload: string): Positions | undefined;
  /** Stores the positions of a workload (all of them: the stored ones are replaced). */
  write(workload: string, positions: Positions): void;
  /** The workload was renamed: its positions follow it. */
  rename(from: string, to: string): void;
}

export function createGraphLayoutStorage(
  storage: KeyValueStorage | undefined = safeLocalStorage(),
  { now = () => Date.now(), limit = MAX_REMEMBERED_WORKLOADS }: { now?: () => number; limit?: number } = {},
): GraphLayoutStorage {
  const load = (): Map<string, Entry> => readAll(storage);
  const save = (all: Map<string, Entry>) => {
    const kept = [...all].sort((a, b) => b[1].usedAt - a[1].usedAt).slice(0, limit);
    try {
      storage?.setItem(GRAPH_LAYOUT_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // storage full or forbidden: the canvas still works, positions are just not remembered
    }
  };
  return {
    read(workload) {
      return load().get(workload)?.positions;
    },
    write(workload, positions) {
      const all = load();
      all.set(workload, { positions: cleanPositions(positions), usedAt: now() });
      save(all);
    },
    rename(from, to) {
      if (from === to) return;
      const all = load();
      const entry = all.get(from);
      if (!entry) return;
      all.delete(from);
      all.set(to, { ...entry, usedAt: now() });
      save(all);
    },
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
    out.set(workload, { positions: cleanPositions(entry.positions), usedAt });
  }
  return out;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeLocalStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
