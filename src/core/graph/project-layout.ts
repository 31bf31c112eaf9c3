import type { GraphNode, WorkloadGraph } from './types';

// As layout.ts has them (written here, not imported: layout.ts calls this file).
type Size = { width: number; height: number };
type Positions = Record<string, { x: number; y: number }>;

const COLUMN_GAP = 200;
const ROW_GAP = 40;

/**
 * The layout of a workload with the project's other workloads (peers, ./project.ts): the workload is
 * laid out as it is alone — its links to the others take no part in it, so that opening a second
 * workload does not rearrange the first — and the peers stand in a column to its right, each level
 * with the nodes it is linked to where it can be, so that the links run left to right.
 */
export function layWithPeers(
  graph: WorkloadGraph,
  sizeOf: (node: GraphNode) => Size,
  layWorkload: (graph: WorkloadGraph, sizeOf: (node: GraphNode) => Size) => Positions,
): Positions {
  const peers = graph.nodes.filter((n) => n.kind === 'peer');
  const own: WorkloadGraph = {
    ...graph,
    nodes: graph.nodes.filter((n) => n.kind !== 'peer'),
    edges: graph.edges.filter((e) => e.kind !== 'link'),
  };
  const out = layWorkload(own, sizeOf);
  let right = 0;
  let top = Infinity;
  for (const node of own.nodes) {
    const at = out[node.id];
    if (!at) continue;
    right = Math.max(right, at.x + sizeOf(node).width);
    top = Math.min(top, at.y);
  }
  if (!Number.isFinite(top)) top = 20;
  // Where each peer would like to stand: level with the middle of what links to it.
  const wanted = new Map<string, number>();
  for (const peer of peers) {
    const ys = graph.edges
      .filter((e) => e.kind === 'link' && (e.target === peer.id || e.source === peer.id))
      .map((e) => (e.target === peer.id ? e.source : e.target))
      .flatMap((id) => {
        const node = own.nodes.find((n) => n.id === id);
        const at = out[id];
        return node && at ? [at.y + sizeOf(node).height / 2] : [];
      });
    wanted.set(peer.id, ys.length > 0 ? ys.reduce((a, b) => a + b, 0) / ys.length : Infinity);
  }
  const column = [...peers].sort((a, b) => wanted.get(a.id)! - wanted.get(b.id)!);
  let y = top;
  for (const peer of column) {
    const size = sizeOf(peer);
    const want = wanted.get(peer.id)!;
    const at = Number.isFinite(want) ? Math.max(y, Math.round(want - size.height / 2)) : y;
    out[peer.id] = { x: Math.round(right + COLUMN_GAP), y: at };
    y = at + size.height + ROW_GAP;
  }
  return out;
}
