import {
  centredBox,
  labelBox,
  labelLines,
  overlapArea,
  pointAt,
  routeBetween,
  routeCrosses,
  runsBackwards,
  type Route,
} from './diagram';
import type { LayoutDirection, Positions, Rect, Size } from './layout';
import { drawnKind, type GraphEdge, type GraphNode, type WorkloadGraph } from './types';

/**
 * Where each edge's label sits along its edge: clear of the nodes and of the other labels where the
 * edge leaves room. A label stays on its own curve (at a point `t` of it, 0 at the source, 1 at the
 * target), so that it still reads as that edge's; among the places along the middle of the curve it
 * takes the one nearest the middle that covers nothing, else the one that covers least.
 */

export interface LabelRequest {
  id: string;
  route: Route;
  size: Size;
}

/** Where on its curve each label goes: its `t`. */
export type LabelPlaces = ReadonlyMap<string, number>;

/** The middle first, then outwards, no nearer an end than an eighth of the way. */
const CANDIDATES: readonly number[] = (() => {
  const out = [0.5];
  for (let step = 0.04; step <= 0.38; step += 0.04) out.push(0.5 - step, 0.5 + step);
  return out.map((t) => Math.round(t * 100) / 100);
})();

/** Node boxes count ten times a label's: a label over a node hides the node's words. */
const NODE_WEIGHT = 10;

/**
 * Places the labels, shortest edges first (they have the fewest places to go), each clear of `nodes`
 * and of the labels placed before it where it can be. Boxes are found through a grid, so that a
 * large workload's thousands of labels are placed in a few milliseconds.
 */
export function placeLabels(labels: readonly LabelRequest[], nodes: readonly Rect[]): Map<string, number> {
  const nodeGrid = new BoxGrid();
  for (const box of nodes) nodeGrid.add(box);
  const labelGrid = new BoxGrid();
  const order = [...labels].sort((a, b) => span(a.route) - span(b.route));
  const out = new Map<string, number>();
  for (const label of order) {
    let best = 0.5;
    let bestCost = Infinity;
    let bestBox: Rect | undefined;
    for (const t of CANDIDATES) {
      const box = centredBox(pointAt(label.route, t), label.size);
      const cost = NODE_WEIGHT * nodeGrid.overlap(box) + labelGrid.overlap(box);
      if (cost < bestCost) [best, bestCost, bestBox] = [t, cost, box];
      if (cost === 0) break;
    }
    out.set(label.id, best);
    if (bestBox) labelGrid.add(bestBox);
  }
  return out;
}

const span = (route: Route) => Math.hypot(route.to.x - route.from.x, route.to.y - route.from.y);

/** Boxes bucketed by the cells of a grid they touch: a box is compared only with those near it. */
class BoxGrid {
  private readonly cells = new Map<number, Rect[]>();
  private static readonly CELL = 64;
  /** Marks a box already counted in this query (a box may lie in several cells). */
  private readonly counted = new Map<Rect, number>();
  private query = 0;

  add(box: Rect): void {
    this.each(box, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(box);
      else this.cells.set(key, [box]);
    });
  }

  /** The area of `box` that the boxes held cover (each counted once). */
  overlap(box: Rect): number {
    const query = ++this.query;
    let area = 0;
    this.each(box, (key) => {
      for (const other of this.cells.get(key) ?? []) {
        if (this.counted.get(other) === query) continue;
        this.counted.set(other, query);
        area += overlapArea(box, other);
      }
    });
    return area;
  }

  private each(box: Rect, visit: (key: number) => void): void {
    const c = BoxGrid.CELL;
    const [x0, x1] = [Math.floor(box.x / c), Math.floor((box.x + box.width) / c)];
    const [y0, y1] = [Math.floor(box.y / c), Math.floor((box.y + box.height) / c)];
    // One number per cell: rows of 2^20 cells, far more than any canvas holds.
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(x * 1_048_576 + y);
  }
}

/** An edge of the diagram as drawn: its curve, its label's lines, size and place. */
export interface DiagramEdge {
  edge: GraphEdge;
  route: Route;
  lines: string[];
  size: Size;
  /** Where its label sits along the curve. */
  t: number;
}

export interface Diagram {
  /** Each placed node's box. */
  boxes: Map<string, Rect>;
  edges: DiagramEdge[];
  /** Which way its edges run (which sides of the nodes they leave and enter). */
  direction: LayoutDirection;
}

/**
 * The diagram of a graph whose nodes are at `positions` (top-left corners) and of `sizeOf` size: the
 * nodes' boxes, every edge's curve (leaving and entering the sides `direction` says), and its label
 * placed. Nodes without a position are left out, and so are their edges.
 */
export function layDiagram(
  graph: WorkloadGraph,
  positions: Positions,
  sizeOf: (node: GraphNode) => Size,
  only?: ReadonlySet<string>,
  direction: LayoutDirection = 'left-to-right',
): Diagram {
  const boxes = new Map<string, Rect>();
  for (const node of graph.nodes) {
    const at = positions[node.id];
    if (at && (!only || only.has(node.id))) boxes.set(node.id, { ...at, ...sizeOf(node) });
  }
  const drawn: Array<Omit<DiagramEdge, 't'>> = [];
  for (const edge of graph.edges) {
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target || edge.source === edge.target) continue;
    const lines = labelLines(drawnKind(edge), edge.label);
    drawn.push({ edge, route: routeBetween(source, target, direction), lines, size: labelBox(lines) });
  }
  const places = placeLabels(
    drawn.map((d) => ({ id: d.edge.id, route: d.route, size: d.size })),
    [...boxes.values()],
  );
  return { boxes, edges: drawn.map((d) => ({ ...d, t: places.get(d.edge.id) ?? 0.5 })), direction };
}

/**
 * What `layDiagram` lays a diagram from, as one string: equal strings give equal diagrams. A check
 * that changes only the problems derives a new graph of the same shape, and its labels need not be
 * placed again (the canvas compares this before it places them).
 */
export function diagramKey(
  graph: WorkloadGraph,
  positions: Positions,
  sizeOf: (node: GraphNode) => Size,
  direction: LayoutDirection = 'left-to-right',
): string {
  const nodes = graph.nodes.map((node) => {
    const at = positions[node.id];
    if (!at) return [node.id];
    const { width, height } = sizeOf(node);
    return [node.id, at.x, at.y, width, height];
  });
  const edges = graph.edges.map((e) => [e.id, e.source, e.target, e.kind, e.label]);
  return JSON.stringify([direction, nodes, edges]);
}

/** How readable a diagram is, counted: labels over nodes, labels over labels, edges through nodes. */
export interface DiagramMeasure {
  labelNode: number;
  labelLabel: number;
  edgeNode: number;
}

/**
 * Counts the overlaps of a laid diagram: pairs (label, node) and (label, label) whose boxes share
 * area, and pairs (edge, node) where the edge's curve passes through a node it does not join.
 */
export function measureDiagram(diagram: Diagram): DiagramMeasure {
  const labels = diagram.edges.map((d) => centredBox(pointAt(d.route, d.t), d.size));
  const nodes = [...diagram.boxes.entries()];
  let labelNode = 0;
  let labelLabel = 0;
  let edgeNode = 0;
  labels.forEach((box, i) => {
    for (const [, node] of nodes) if (overlapArea(box, node) > 0) labelNode++;
    for (let j = i + 1; j < labels.length; j++) if (overlapArea(box, labels[j]!) > 0) labelLabel++;
  });
  for (const d of diagram.edges) {
    for (const [id, node] of nodes) {
      if (id !== d.edge.source && id !== d.edge.target && routeCrosses(d.route, node)) edgeNode++;
    }
  }
  return { labelNode, labelLabel, edgeNode };
}

/** How many edges of a laid diagram run backwards (against its direction: they loop back). */
export function countBackwards(diagram: Diagram): number {
  return diagram.edges.filter((d) => runsBackwards(d.route, diagram.direction)).length;
}
