import type { GraphNode, WorkloadGraph } from './types';

/** As layout.ts's (which uses this file, so it cannot import them from there). */
type Size = { width: number; height: number };
type Positions = Record<string, { x: number; y: number }>;

/**
 * A layered layout for large graphs, in time that grows with the nodes and edges (dagre's grows far
 * faster: a 1,000 × 1,000 workload took it half a minute). The same picture in outline: ranks left to
 * right along the edges it is given, the nodes of a rank in a column, ordered so that edges cross
 * little (a few barycentre sweeps), each node as near the middle of what links to it from the left
 * as the column leaves room for. Never two nodes on top of each other.
 */

export interface LayeredSpacing {
  /** Between the columns (ranks). */
  rankGap: number;
  /** Between the nodes of a column. */
  nodeGap: number;
  /** Around the whole graph. */
  margin: number;
}

/** Rounds of barycentre ordering: down, up, down, up (enough to untangle the usual workload). */
const SWEEPS = 4;

/**
 * Positions (top-left corners) for every node of `graph`: ranked by `rankEdges` (each edge's target
 * right of its source, where a cycle allows), ordered and placed by every edge of the graph.
 */
export function layeredLayout(
  graph: WorkloadGraph,
  rankEdges: ReadonlyArray<readonly [string, string]>,
  sizeOf: (node: GraphNode) => Size,
  spacing: LayeredSpacing,
): Positions {
  const ids = graph.nodes.map((n) => n.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const sizes = graph.nodes.map(sizeOf);
  const rank = ranksOf(ids.length, pairs(rankEdges, index));

  // Neighbours along every edge drawn (and the ranking edges), for ordering and placing.
  const left: number[][] = ids.map(() => []);
  const right: number[][] = ids.map(() => []);
  for (const [s, t] of [
    ...pairs(rankEdges, index),
    ...pairs(
      graph.edges.map((e) => [e.source, e.target] as const),
      index,
    ),
  ]) {
    if (rank[s]! < rank[t]!) {
      left[t]!.push(s);
      right[s]!.push(t);
    } else if (rank[t]! < rank[s]!) {
      left[s]!.push(t);
      right[t]!.push(s);
    }
  }

  // The columns, each in document order to begin with.
  const columns: number[][] = [];
  for (let i = 0; i < ids.length; i++) (columns[rank[i]!] ??= []).push(i);
  const filled = columns.filter((c) => c !== undefined);
  const place = new Float64Array(ids.length);
  const renumber = (column: number[]) => column.forEach((n, i) => (place[n] = i / Math.max(1, column.length - 1)));
  filled.forEach(renumber);
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    const order = down ? filled : [...filled].reverse();
    for (const column of order) {
      const by = down ? left : right;
      const key = new Map(column.map((n) => [n, barycentre(by[n]!, place) ?? place[n]!]));
      // Stable: nodes with equal keys keep their order.
      column.sort((a, b) => key.get(a)! - key.get(b)!);
      renumber(column);
    }
  }

  // Columns left to right, each as wide as its widest node; nodes stacked top to bottom in their
  // order, each at the middle of its left-hand neighbours where the node above leaves room.
  const out: Positions = {};
  const centreY = new Float64Array(ids.length);
  let x = spacing.margin;
  let top = Infinity;
  for (const column of filled) {
    let bottom = -Infinity;
    let width = 0;
    for (const n of column) {
      const size = sizes[n]!;
      const wanted = barycentre(left[n]!, centreY);
      const y = Math.max(wanted === undefined ? -Infinity : wanted - size.height / 2, bottom + spacing.nodeGap);
      const at = Number.isFinite(y) ? y : 0;
      out[ids[n]!] = { x, y: at };
      centreY[n] = at + size.height / 2;
      bottom = at + size.height;
      top = Math.min(top, at);
      width = Math.max(width, size.width);
    }
    x += width + spacing.rankGap;
  }
  // The top of the graph at the margin, in whole pixels.
  const shift = spacing.margin - (Number.isFinite(top) ? top : 0);
  for (const id of ids) {
    const at = out[id]!;
    out[id] = { x: Math.round(at.x), y: Math.round(at.y + shift) };
  }
  return out;
}

/** The edges as pairs of node indices, leaving out those to or from a node not in the graph and loops. */
function pairs(
  edges: ReadonlyArray<readonly [string, string]>,
  index: ReadonlyMap<string, number>,
): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  for (const [source, target] of edges) {
    const s = index.get(source);
    const t = index.get(target);
    if (s !== undefined && t !== undefined && s !== t) out.push([s, t]);
  }
  return out;
}

/**
 * Each node's rank: the longest path to it along `edges`, in one pass over them in topological order
 * (Kahn's). Where a cycle stops that order, the waiting node that comes first in the document goes
 * next, and its edges from nodes not ranked yet are left out.
 */
function ranksOf(count: number, edges: ReadonlyArray<readonly [number, number]>): Int32Array {
  const out: number[][] = Array.from({ length: count }, () => []);
  const waiting = new Int32Array(count);
  for (const [s, t] of edges) {
    out[s]!.push(t);
    waiting[t]!++;
  }
  const rank = new Int32Array(count);
  const done = new Uint8Array(count);
  const queue: number[] = [];
  for (let i = 0; i < count; i++) if (waiting[i] === 0) queue.push(i);
  let head = 0;
  let next = 0; // the first node that may not be ranked yet, for breaking cycles
  for (let ranked = 0; ranked < count; ranked++) {
    let n: number;
    if (head < queue.length) n = queue[head++]!;
    else {
      while (done[next]) next++;
      n = next;
    }
    done[n] = 1;
    for (const t of out[n]!) {
      if (done[t]) continue;
      rank[t] = Math.max(rank[t]!, rank[n]! + 1);
      if (--waiting[t]! === 0) queue.push(t);
    }
  }
  return rank;
}

/** The mean of the values at `of`, or undefined when there are none. */
function barycentre(of: readonly number[], values: Float64Array): number | undefined {
  if (of.length === 0) return undefined;
  let sum = 0;
  for (const n of of) sum += values[n]!;
  return sum / of.length;
}
