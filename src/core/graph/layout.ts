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

/**
 * Which way the graph flows: the workload first, then containers in start order, then the
 * resources they use, from left to right (the default) or from top to bottom. Chosen per workload
 * and kept with its positions (state/layout/graph-layout.ts), never in score.yaml.
 */
export type LayoutDirection = 'left-to-right' | 'top-to-bottom';

export const LAYOUT_DIRECTIONS: readonly LayoutDirection[] = ['left-to-right', 'top-to-bottom'];

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
      return node.frame ?? { width: 220, height: 84 };
    case 'peer-part':
      return estimatedSize(node.part);
  }
}

/** The room between two columns (rows, top to bottom) of the layout. */
export const RANK_GAP = 200;
/**
 * The room between two rows top to bottom: less, since a label (a line or two, at most 170 px wide)
 * needs its height between rows, not its width. The templates keep every label clear of the nodes and
 * of each other at it (flow.test.ts), and are a quarter less tall than at 200.
 */
const ROW_GAP = 120;
/** Up to this many edges, every edge takes part in the layout (see autoLayout); a few tenths of a second at most. */
export const FULL_LAYOUT_EDGES = 60;
const NODE_GAP = 40;
/**
 * Above this many nodes the layout is core/graph/layered.ts's, whose time grows with the graph's size
 * (dagre's grows much faster: 0.5 s for 100 containers and 100 resources, 28 s for 1,000 and 1,000).
 */
export const DAGRE_MAX_NODES = 250;

/**
 * Lays the whole graph out with dagre, left to right or top to bottom (`direction`): the workload,
 * then containers in start order, then the resources they use. Returns top-left corners.
 *
 * A graph of up to FULL_LAYOUT_EDGES edges is laid out with every edge besides: dagre then keeps a
 * way free, in each column an edge crosses, for the edges that span several columns, so that they
 * do not run behind the nodes there (a generated 10 × 10 workload: 79 edges through nodes with the
 * reduced set, 15 with all). A larger graph gets a reduced set of edges, chosen so that each is one
 * rank long: the start order, the workload to the containers that wait for nothing, and each
 * resource from the last of its users. dagre's crossing minimisation grows with the edges that span
 * several ranks (a 100 × 100 workload took 20 s with all edges, 0.5 s with these).
 */
export function autoLayout(
  graph: WorkloadGraph,
  sizeOf: (node: GraphNode) => Size = estimatedSize,
  direction: LayoutDirection = 'left-to-right',
): Positions {
  if (graph.nodes.some((n) => n.kind === 'peer'))
    return layWithPeers(graph, sizeOf, (own, size) => autoLayout(own, size, direction));
  // The layered layout runs left to right only: a graph this large is laid out so in either direction.
  if (graph.nodes.length > DAGRE_MAX_NODES) {
    return layeredLayout(graph, layoutEdges(graph), sizeOf, { rankGap: RANK_GAP, nodeGap: NODE_GAP, margin: 20 });
  }
  const g = new Graph({ multigraph: false });
  g.setGraph({
    rankdir: direction === 'top-to-bottom' ? 'TB' : 'LR',
    ranksep: direction === 'top-to-bottom' ? ROW_GAP : RANK_GAP,
    nodesep: NODE_GAP,
    marginx: 20,
    marginy: 20,
  });
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

/** The box around nodes placed at `positions`, each of its size; undefined when there are none. */
export function boundsOf(ids: readonly string[], positions: Positions, sizeOf: (id: string) => Size): Rect | undefined {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const id of ids) {
    const at = positions[id];
    if (!at) continue;
    const size = sizeOf(id);
    left = Math.min(left, at.x);
    top = Math.min(top, at.y);
    right = Math.max(right, at.x + size.width);
    bottom = Math.max(bottom, at.y + size.height);
  }
  return left === Infinity ? undefined : { x: left, y: top, width: right - left, height: bottom - top };
}

function overlaps(a: Rect, b: Rect, gap: number): boolean {
  return (
    a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap
  );
}

/**
 * Where a new node of `size` goes: at `anchor` if that spot is free, otherwise the nearest free spot
 * on rings around it (below and to the right first), never on top of another node. `allowed` keeps the
 * search to one side of the anchor (an edge that must run forward).
 */
export function placeNear(
  anchor: XY,
  size: Size,
  occupied: readonly Rect[],
  gap = 24,
  allowed: (p: XY) => boolean = () => true,
): XY {
  const free = (p: XY) => allowed(p) && !occupied.some((r) => overlaps({ ...p, ...size }, r, gap));
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
