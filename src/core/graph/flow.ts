import { HANDLE_REACH, routeBetween, routeCrosses } from './diagram';
import {
  estimatedSize,
  placeNear,
  RANK_GAP,
  type LayoutDirection,
  type Positions,
  type Rect,
  type Size,
  type XY,
} from './layout';
import type { GraphNode, WorkloadGraph } from './types';

/**
 * Keeping the graph's flow between two Auto layouts: where a node that appears goes (beside what it
 * is linked to, on the side the flow says), and what moves when a new edge would run backwards. The
 * nodes the user placed stay where they are unless a new edge of theirs would loop back behind them;
 * then as few nodes as can be move, just far enough along the flow.
 */

/** The axis the graph flows along (x left to right, y top to bottom), and the one across it. */
interface Axis {
  along: 'x' | 'y';
  across: 'x' | 'y';
  length: 'width' | 'height';
}

const axisOf = (direction: LayoutDirection): Axis =>
  direction === 'top-to-bottom'
    ? { along: 'y', across: 'x', length: 'height' }
    : { along: 'x', across: 'y', length: 'width' };

const point = (axis: Axis, along: number, across: number): XY =>
  axis.along === 'x' ? { x: along, y: across } : { x: across, y: along };

/** The room left between a node and the one it is placed beside, along the flow. */
const BESIDE_GAP = RANK_GAP / 2;
/** An edge runs forward when it enters its target at least this far past where it left its source (its two handles). */
const FORWARD = 2 * HANDLE_REACH;
/** Past this many new nodes at once, they are placed in the graph's order (placing the linked first costs their square). */
const ORDERED_PLACING = 200;

/** Who links to whom: each node's sources (the nodes it follows) and targets (those that follow it). */
interface Links {
  sources: Map<string, string[]>;
  targets: Map<string, string[]>;
}

function linksOf(graph: WorkloadGraph): Links {
  const sources = new Map<string, string[]>();
  const targets = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const e of graph.edges) {
    if (e.source === e.target) continue;
    add(sources, e.target, e.source);
    add(targets, e.source, e.target);
  }
  return { sources, targets };
}

/**
 * Positions for the nodes that have none yet (added by a command or typed in the YAML): after the
 * nodes they follow (to their right, or below them top to bottom), else before the nodes that follow
 * them, else beyond the graph, each on a free spot, so that their edges run along the flow. Nodes
 * linked to placed ones go first, so that a chain of new nodes lines up. `hints` are the places the
 * user made them at (a drop point, the view's centre); they win over neighbours.
 */
export function placeNewNodes(
  graph: WorkloadGraph,
  positions: Positions,
  hints: ReadonlyMap<string, XY> = new Map(),
  sizeOf: (node: GraphNode) => Size = estimatedSize,
  direction: LayoutDirection = 'left-to-right',
): Positions {
  const missing = graph.nodes.filter((n) => positions[n.id] === undefined);
  if (missing.length === 0) return positions;
  const axis = axisOf(direction);
  const placed: Positions = { ...positions };
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const links = linksOf(graph);
  const occupied: Rect[] = graph.nodes
    .filter((n) => placed[n.id] !== undefined)
    .map((n) => ({ ...placed[n.id]!, ...sizeOf(n) }));
  // Beyond the graph: right of everything, level with its top (below everything, at its left).
  const end = occupied.reduce((max, r) => Math.max(max, r[axis.along] + r[axis.length]), 0);
  const first = occupied.reduce((min, r) => Math.min(min, r[axis.across]), Infinity);
  const right = occupied.reduce((max, r) => Math.max(max, r.x + r.width), 0);
  const top = Math.max(0, Math.min(...occupied.map((r) => r.y)));
  const linked = (node: GraphNode) =>
    [...(links.sources.get(node.id) ?? []), ...(links.targets.get(node.id) ?? [])].some((id) => placed[id]);
  const pending = [...missing];
  while (pending.length > 0) {
    const at = pending.length > ORDERED_PLACING ? 0 : Math.max(0, pending.findIndex(linked));
    const node = pending.splice(at, 1)[0]!;
    const size = sizeOf(node);
    const hint = hints.get(node.id);
    const beside = hint ? undefined : besideNeighbours(node.id, size, links, placed, byId, sizeOf, axis);
    // Another workload of the project stands right of the workload in either direction, level with
    // what links to it (project-layout.ts): its links are not the flow of this workload.
    const peer = node.kind === 'peer' ? { x: right + BESIDE_GAP, y: beside?.anchor.y ?? top } : undefined;
    const anchor = hint ?? peer ?? beside?.anchor ?? point(axis, end + BESIDE_GAP, Number.isFinite(first) ? first : 0);
    const spot = placeNear(anchor, size, occupied, undefined, peer ? undefined : beside?.allowed);
    placed[node.id] = spot;
    occupied.push({ ...spot, ...size });
  }
  return placed;
}

/**
 * After the furthest of the placed nodes it follows, level with it across the flow; else before the
 * nearest of those that follow it. `allowed`: the spots on that side (the free spot found may not
 * slide back behind them).
 */
function besideNeighbours(
  id: string,
  size: Size,
  links: Links,
  placed: Positions,
  byId: ReadonlyMap<string, GraphNode>,
  sizeOf: (node: GraphNode) => Size,
  axis: Axis,
): { anchor: XY; allowed: (p: XY) => boolean } | undefined {
  const lengthOf = (other: string) => {
    const node = byId.get(other);
    return node ? sizeOf(node)[axis.length] : 200;
  };
  let furthest: string | undefined;
  let exit = -Infinity;
  for (const source of links.sources.get(id) ?? []) {
    const at = placed[source];
    if (at && at[axis.along] + lengthOf(source) > exit) [furthest, exit] = [source, at[axis.along] + lengthOf(source)];
  }
  if (furthest !== undefined) {
    const along = exit + BESIDE_GAP;
    return {
      anchor: point(axis, along, placed[furthest]![axis.across]),
      allowed: (p) => p[axis.along] >= along - 1,
    };
  }
  let nearest: string | undefined;
  let entry = Infinity;
  for (const target of links.targets.get(id) ?? []) {
    const at = placed[target];
    if (at && at[axis.along] < entry) [nearest, entry] = [target, at[axis.along]];
  }
  if (nearest === undefined) return undefined;
  const along = entry - BESIDE_GAP - size[axis.length];
  return { anchor: point(axis, along, placed[nearest]![axis.across]), allowed: (p) => p[axis.along] <= along + 1 };
}

export interface FlowChange {
  /** The graph the positions were kept for last (before this change); none when it was just laid out or opened. */
  previous: WorkloadGraph | undefined;
  graph: WorkloadGraph;
  positions: Positions;
  hints?: ReadonlyMap<string, XY>;
  sizeOf?: (node: GraphNode) => Size;
  direction?: LayoutDirection;
}

/**
 * The positions after the graph changed from `previous` to `graph`: new nodes placed (placeNewNodes),
 * and each new edge between nodes that would run backwards (against the flow: it would loop back
 * behind its nodes) made to run forward by moving the fewest nodes, the least far. Two ways are
 * weighed: move the edge's target forward (and what follows it, where its edges would then run
 * backwards), or its source back (and what it follows). The one that moves fewer of the nodes that
 * were on the canvas before wins (a node just made has no place of the user's to lose), then the one
 * that moves fewer nodes, then forward. A new edge that closes a cycle cannot run forward all round:
 * it is left as it is. Edges that were there before are not touched: where the user dragged a node
 * behind another, it stays. Returns `positions` itself when nothing moved.
 */
export function keepFlow({
  previous,
  graph,
  positions,
  hints,
  sizeOf = estimatedSize,
  direction = 'left-to-right',
}: FlowChange): Positions {
  const made = new Set(graph.nodes.filter((n) => positions[n.id] === undefined).map((n) => n.id));
  let placed = placeNewNodes(graph, positions, hints, sizeOf, direction);
  // Most changes add no edge: the same ids in the same order are told without building sets (a large
  // workload has thousands, and this runs at each check).
  if (!previous || sameIds(previous.edges, graph.edges)) return placed;
  const before = new Set(previous.nodes.map((n) => n.id));
  const hadEdge = new Set(previous.edges.map((e) => e.id));
  // A node renamed has a new id and its place already (carried): its edges are not new.
  const known = (id: string) => before.has(id) || made.has(id);
  // A link between workloads of the project is not this workload's flow: its peers keep their column.
  const fresh = graph.edges.filter(
    (e) => e.kind !== 'link' && !hadEdge.has(e.id) && e.source !== e.target && known(e.source) && known(e.target),
  );
  if (fresh.length === 0) return placed;
  const flow = new FlowKeeper(graph, sizeOf, direction);
  for (const edge of fresh) {
    const now = placed;
    if (flow.runsForward((id) => now[id], edge.source, edge.target)) continue;
    const push = flow.ripple(placed, edge.target, edge.source, 'forward');
    const pull = flow.ripple(placed, edge.source, edge.target, 'back');
    const cost = (moves: Map<string, XY>) => [[...moves.keys()].filter((id) => !made.has(id)).length, moves.size];
    const better = (a: Map<string, XY>, b: Map<string, XY>) => {
      const [x, y] = [cost(a), cost(b)];
      return x[0]! < y[0]! || (x[0] === y[0] && x[1]! <= y[1]!);
    };
    const chosen = push && pull ? (better(push, pull) ? push : pull) : (push ?? pull);
    if (chosen && chosen.size > 0) placed = { ...placed, ...Object.fromEntries(chosen) };
  }
  return placed;
}

/** Moving nodes along the flow until the edges they join run forward. */
class FlowKeeper {
  private readonly byId: Map<string, GraphNode>;
  private readonly links: Links;

  private readonly axis: Axis;

  constructor(
    private readonly graph: WorkloadGraph,
    private readonly sizeOf: (node: GraphNode) => Size,
    private readonly direction: LayoutDirection,
  ) {
    this.axis = axisOf(direction);
    this.byId = new Map(graph.nodes.map((n) => [n.id, n]));
    this.links = linksOf(graph);
  }

  private length(id: string): number {
    const node = this.byId.get(id);
    return node ? this.sizeOf(node)[this.axis.length] : 0;
  }

  runsForward(at: (id: string) => XY | undefined, source: string, target: string): boolean {
    const [from, to] = [at(source), at(target)];
    if (!from || !to) return true;
    return to[this.axis.along] >= from[this.axis.along] + this.length(source) + FORWARD;
  }

  /**
   * The moves that make `start`'s edge run forward: `start` moved forward past the node it follows
   * (or back before the node that follows it), then each node whose edge with a moved node would now
   * run backwards, moved likewise. Undefined when the moves come round to `stop` (a cycle) or do not end.
   */
  ripple(positions: Positions, start: string, stop: string, way: 'forward' | 'back'): Map<string, XY> | undefined {
    const { along, across } = this.axis;
    const moved = new Map<string, XY>();
    const at = (id: string) => moved.get(id) ?? positions[id];
    const queue: Array<[string, string]> = [[start, stop]];
    for (let steps = 0; queue.length > 0; steps++) {
      if (steps > 4 * this.graph.nodes.length + 16) return undefined;
      const [id, from] = queue.shift()!;
      if (id === stop && from !== stop) return undefined;
      const [source, target] = way === 'forward' ? [from, id] : [id, from];
      if (this.runsForward(at, source, target)) continue;
      const here = at(id)!;
      const bound =
        way === 'forward'
          ? at(from)![along] + this.length(from) + BESIDE_GAP
          : at(from)![along] - BESIDE_GAP - this.length(id);
      const node = this.byId.get(id)!;
      const occupied: Rect[] = this.graph.nodes
        .filter((n) => n.id !== id && at(n.id) !== undefined)
        .map((n) => ({ ...at(n.id)!, ...this.sizeOf(n) }));
      const allowed = (p: XY) => (way === 'forward' ? p[along] >= bound - 1 : p[along] <= bound + 1);
      // Level with where it was, with the node its edge joins, or a row (column) either side of that node:
      // whichever runs fewest edges through nodes, then the nearest to where it was.
      const size = this.sizeOf(node);
      const step = size[this.axis.length === 'width' ? 'height' : 'width'] + (2 * BESIDE_GAP) / 5;
      const joined = at(from)![across];
      const spots = [here[across], joined, joined + step, joined - step].map((level) =>
        placeNear(point(this.axis, bound, level), size, occupied, undefined, allowed),
      );
      const cost = (p: XY) => [this.crossings(id, p, at), Math.hypot(p.x - here.x, p.y - here.y)] as const;
      const costs = spots.map(cost);
      let best = 0;
      for (let i = 1; i < spots.length; i++) {
        const [c, d] = costs[i]!;
        const [bc, bd] = costs[best]!;
        if (c < bc || (c === bc && d < bd)) best = i;
      }
      const spot = spots[best]!;
      moved.set(id, spot);
      const next = way === 'forward' ? this.links.targets.get(id) : this.links.sources.get(id);
      for (const other of next ?? []) if (at(other)) queue.push([other, id]);
    }
    return moved;
  }

  /**
   * How many (edge, node) pairs cross with node `id` at `spot`: its own edges through other nodes, and
   * other edges through it (measureDiagram's edge–node count, for the edges a move changes).
   */
  private crossings(id: string, spot: XY, at: (id: string) => XY | undefined): number {
    const box: Rect = { ...spot, ...this.sizeOf(this.byId.get(id)!) };
    const rect = (other: string): Rect | undefined => {
      if (other === id) return box;
      const node = this.byId.get(other);
      const p = at(other);
      return node && p ? { ...p, ...this.sizeOf(node) } : undefined;
    };
    let count = 0;
    for (const e of this.graph.edges) {
      const [source, target] = [rect(e.source), rect(e.target)];
      if (!source || !target || e.source === e.target) continue;
      const route = routeBetween(source, target, this.direction);
      if (e.source !== id && e.target !== id) {
        if (routeCrosses(route, box)) count++;
        continue;
      }
      for (const n of this.graph.nodes) {
        const r = n.id === e.source || n.id === e.target ? undefined : rect(n.id);
        if (r && routeCrosses(route, r)) count++;
      }
    }
    return count;
  }
}

function sameIds(a: ReadonlyArray<{ id: string }>, b: ReadonlyArray<{ id: string }>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.id !== b[i]!.id) return false;
  return true;
}
