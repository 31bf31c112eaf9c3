import { Graph, layout } from '@dagrejs/dagre';
import { layeredLayout } from './layered';
import { layWithPeers } from './project-layout';
import { WORKLOAD_ID, type GraphNode, type WorkloadGraph } from './types';

/** A point on the canvas: a node's top-left corner. */
export interface XY {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export type Positions = Record<string, XY>;

/** The room a node takes before it has been measured: enough for the layout to keep nodes apart. */
export function estimatedSize(node: GraphNode): Size {
  switch (node.kind) {
    case 'workload':
      return { width: 220, height: 64 + 18 * Math.min(node.ports.length, 4) };
    case 'container':
      return { width: 240, height: 96 + (node.ports.length > 0 ? 18 : 0) };
    case 'resource':
      return { width: 220, height: 84 };
    case 'peer':
      return { width: 220, height: 84 };
  }
}

const RANK_GAP = 200;
/** Up to this many edges, every edge takes part in the layout (see autoLayout); a few tenths of a second at most. */
export const FULL_LAYOUT_EDGES = 60;
const NODE_GAP = 40;
/**
 * Above this many nodes the layout is core/graph/layered.ts's, whose time grows with the graph's size
 * (dagre's grows much faster: 0.5 s for 100 containers and 100 resources, 28 s for 1,000 and 1,000).
 */
export const DAGRE_MAX_NODES = 250;

/**
 * Lays the whole graph out left to right with dagre: the workload, then containers in start order,
 * then the resources they use. Returns top-left corners.
 *
 * A graph of up to FULL_LAYOUT_EDGES edges is laid out with every edge besides: dagre then keeps a
 * way free, in each column an edge crosses, for the edges that span several columns, so that they
 * do not run behind the nodes there (a generated 10 × 10 workload: 79 edges through nodes with the
 * reduced set, 15 with all). A larger graph gets a reduced set of edges, chosen so that each is one
 * rank long: the start order, the workload to the containers that wait for nothing, and each
 * resource from the last of its users. dagre's crossing minimisation grows with the edges that span
 * several ranks (a 100 × 100 workload took 20 s with all edges, 0.5 s with these).
 */
export function autoLayout(graph: WorkloadGraph, sizeOf: (node: GraphNode) => Size = estimatedSize): Positions {
  if (graph.nodes.some((n) => n.kind === 'peer')) return layWithPeers(graph, sizeOf, autoLayout);
  if (graph.nodes.length > DAGRE_MAX_NODES) {
    return layeredLayout(graph, layoutEdges(graph), sizeOf, { rankGap: RANK_GAP, nodeGap: NODE_GAP, margin: 20 });
  }
  const g = new Graph({ multigraph: false });
  g.setGraph({ rankdir: 'LR', ranksep: RANK_GAP, nodesep: NODE_GAP, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const sizes = new Map<string, Size>();
  for (const node of graph.nodes) {
    const size = sizeOf(node);
    sizes.set(node.id, size);
    g.setNode(node.id, { width: size.width, height: size.height });
  }
  for (const [source, target] of layoutEdges(graph)) g.setEdge(source, target);
  if (graph.edges.length <= FULL_LAYOUT_EDGES) {
    for (const e of graph.edges)
      if (e.source !== e.target && sizes.has(e.source) && sizes.has(e.target)) g.setEdge(e.source, e.target);
  }
  layout(g);
  const out: Positions = {};
  for (const node of graph.nodes) {
    const laid = g.node(node.id) as { x?: number; y?: number } | undefined;
    const size = sizes.get(node.id)!;
    out[node.id] = {
      x: Math.round((laid?.x ?? 0) - size.width / 2),
      y: Math.round((laid?.y ?? 0) - size.height / 2),
    };
  }
  return out;
}

/** The edges dagre ranks by (see autoLayout). */
export function layoutEdges(graph: WorkloadGraph): Array<[string, string]> {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const links = graph.edges.filter((e) => e.source !== e.target && ids.has(e.source) && ids.has(e.target));
  // Depth by longest path, relaxed a bounded number of times so that a cycle cannot loop forever.
  const depth = new Map<string, number>();
  for (let pass = 0, changed = true; changed && pass < graph.nodes.length; pass++) {
    changed = false;
    for (const e of links) {
      const d = (depth.get(e.source) ?? 0) + 1;
      if (d > (depth.get(e.target) ?? 0)) {
        depth.set(e.target, d);
        changed = true;
      }
    }
  }
  const out: Array<[string, string]> = [];
  const waits = new Set<string>();
  const lastUser = new Map<string, string>();
  for (const e of links) {
    if (e.kind === 'start-order') {
      out.push([e.source, e.target]);
      waits.add(e.target);
    } else {
      const current = lastUser.get(e.target);
      if (current === undefined || (depth.get(e.source) ?? 0) > (depth.get(current) ?? 0))
        lastUser.set(e.target, e.source);
    }
  }
  for (const [target, source] of lastUser) out.push([source, target]);
  for (const node of graph.nodes) {
    if (node.kind === 'container' && !waits.has(node.id)) out.push([WORKLOAD_ID, node.id]);
  }
  return out;
}

export interface Rect extends XY, Size {}

function overlaps(a: Rect, b: Rect, gap: number): boolean {
  return (
    a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap
  );
}

/**
 * Where a new node of `size` goes: at `anchor` if that spot is free, otherwise the nearest free spot
 * on rings around it (below and to the right first), never on top of another node.
 */
export function placeNear(anchor: XY, size: Size, occupied: readonly Rect[], gap = 24): XY {
  const free = (p: XY) => !occupied.some((r) => overlaps({ ...p, ...size }, r, gap));
  if (free(anchor)) return { x: Math.round(anchor.x), y: Math.round(anchor.y) };
  const stepX = size.width / 2 + gap;
  const stepY = size.height / 2 + gap;
  for (let ring = 1; ring < 200; ring++) {
    const candidates: XY[] = [];
    for (let i = -ring; i <= ring; i++) {
      candidates.push(
        { x: anchor.x + i * stepX, y: anchor.y + ring * stepY },
        { x: anchor.x + ring * stepX, y: anchor.y + i * stepY },
        { x: anchor.x + i * stepX, y: anchor.y - ring * stepY },
        { x: anchor.x - ring * stepX, y: anchor.y + i * stepY },
      );
    }
    // Nearest first; ties go below, then to the right (reading order).
    candidates.sort(
      (a, b) =>
        Math.hypot(a.x - anchor.x, a.y - anchor.y) - Math.hypot(b.x - anchor.x, b.y - anchor.y) ||
        b.y - a.y ||
        b.x - a.x,
    );
    const spot = candidates.find(free);
    if (spot) return { x: Math.round(spot.x), y: Math.round(spot.y) };
  }
  // Unreachable in practice (the rings grow past any finite set of nodes); to the right of everything.
  const right = Math.max(anchor.x, ...occupied.map((r) => r.x + r.width));
  return { x: Math.round(right + gap), y: Math.round(anchor.y) };
}

/**
 * Positions for the nodes that have none yet (added by a command or typed in the YAML), next to a
 * node they are linked to, or else beside the graph, each on a free spot. `hints` are the places
 * the user made them at (a drop point, the view's centre); they win over neighbours.
 */
export function placeNewNodes(
  graph: WorkloadGraph,
  positions: Positions,
  hints: ReadonlyMap<string, XY> = new Map(),
  sizeOf: (node: GraphNode) => Size = estimatedSize,
): Positions {
  const missing = graph.nodes.filter((n) => positions[n.id] === undefined);
  if (missing.length === 0) return positions;
  const placed: Positions = { ...positions };
  const occupied: Rect[] = graph.nodes
    .filter((n) => placed[n.id] !== undefined)
    .map((n) => ({ ...placed[n.id]!, ...sizeOf(n) }));
  const right = occupied.reduce((max, r) => Math.max(max, r.x + r.width), 0);
  const top = occupied.reduce((min, r) => Math.min(min, r.y), Infinity);
  for (const node of missing) {
    const size = sizeOf(node);
    // Another workload of the project stands right of the workload, whatever links it (project-layout.ts).
    const peer =
      node.kind === 'peer'
        ? {
            x: right + RANK_GAP,
            y: besideNeighbour(graph, node, placed, sizeOf)?.y ?? (Number.isFinite(top) ? top : 0),
          }
        : undefined;
    const anchor = hints.get(node.id) ??
      peer ??
      besideNeighbour(graph, node, placed, sizeOf) ?? {
        x: right + RANK_GAP / 2,
        y: Number.isFinite(top) ? top : 0,
      };
    const spot = placeNear(anchor, size, occupied);
    placed[node.id] = spot;
    occupied.push({ ...spot, ...size });
  }
  return placed;
}

/** To the right of the node it depends on, or to the left of the node that depends on it. */
function besideNeighbour(
  graph: WorkloadGraph,
  node: GraphNode,
  placed: Positions,
  sizeOf: (node: GraphNode) => Size,
): XY | undefined {
  for (const edge of graph.edges) {
    if (edge.target === node.id && placed[edge.source]) {
      const from = placed[edge.source]!;
      const source = graph.nodes.find((n) => n.id === edge.source);
      return { x: from.x + (source ? sizeOf(source).width : 200) + RANK_GAP / 2, y: from.y };
    }
    if (edge.source === node.id && placed[edge.target]) {
      const to = placed[edge.target]!;
      return { x: to.x - sizeOf(node).width - RANK_GAP / 2, y: to.y };
    }
  }
  return undefined;
}
