import {
  accessibleName,
  type GraphEdge,
  type GraphNode,
  type Positions,
  type Size,
  type WorkloadGraph,
} from '../../core/graph';
import type { FlowEdge } from './edges';
import type { FlowNode } from './nodes';

/**
 * React Flow's nodes and edges from the workload graph. A node or edge whose content did not change
 * keeps its object, so that React Flow and the memoized components skip it: after a YAML edit only
 * what the edit touched is drawn again (the bench's "YAML edit → graph updated" depends on this).
 * The objects are remembered by content (id and signature) in a cache that keeps the last results.
 */
export interface FlowCache {
  nodes: Map<string, { signature: string; flow: FlowNode }>;
  edges: Map<string, { signature: string; flow: FlowEdge }>;
  /** The last arrays handed out: returned again when nothing in them changed, so React Flow skips them. */
  nodeList: FlowNode[];
  edgeList: FlowEdge[];
}

export function emptyFlowCache(): FlowCache {
  return { nodes: new Map(), edges: new Map(), nodeList: [], edgeList: [] };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * A problem's index in the diagnostics moves whenever a problem is added or removed before it:
 * it is left out of the signatures, so that one new problem redraws its own node, not every node
 * and edge with a problem after it. (Badges look the index up when clicked.)
 */
function withoutIndexes(key: string, value: unknown): unknown {
  return key === 'index' ? undefined : value;
}

/** The canvas's cache (one canvas per page; a second one would only share objects of equal content). */
export const sharedFlowCache: FlowCache = emptyFlowCache();

export interface NodeView {
  positions: Positions;
  sizes: Readonly<Record<string, Size>>;
  selectedId: string | undefined;
  renamingId: string | undefined;
}

const ORIGIN = { x: 0, y: 0 };

export function toFlowNodes(graph: WorkloadGraph, view: NodeView, cache: FlowCache): FlowNode[] {
  const next = new Map<string, { signature: string; flow: FlowNode }>();
  const out = graph.nodes.map((node) => {
    const position = view.positions[node.id] ?? ORIGIN;
    const measured = view.sizes[node.id];
    const selected = node.id === view.selectedId;
    const renaming = node.id === view.renamingId;
    const signature = JSON.stringify([node, position, measured, selected, renaming], withoutIndexes);
    const cached = cache.nodes.get(node.id);
    const flow = cached?.signature === signature ? cached.flow : flowNode(node, position, measured, selected, renaming);
    next.set(node.id, { signature, flow });
    return flow;
  });
  cache.nodes = next;
  if (!sameItems(out, cache.nodeList)) cache.nodeList = out;
  return cache.nodeList;
}

function flowNode(
  node: GraphNode,
  position: { x: number; y: number },
  measured: Size | undefined,
  selected: boolean,
  renaming: boolean,
): FlowNode {
  const base = {
    id: node.id,
    position,
    selected,
    ariaLabel: accessibleName(node),
    className: `graph-node ${node.kind}${node.problems.length > 0 ? ' has-problems' : ''}`,
    // The workload node stands for the whole file: nothing connects to it and it cannot be removed.
    connectable: node.kind !== 'workload',
    domAttributes: { 'aria-keyshortcuts': node.kind === 'workload' ? 'Enter F2' : 'Enter C F2 Delete' },
    ...(measured ? { measured } : {}),
  };
  switch (node.kind) {
    case 'workload':
      return { ...base, type: 'workload', data: { node, renaming }, deletable: false };
    case 'container':
      return { ...base, type: 'container', data: { node, renaming } };
    case 'resource':
      return { ...base, type: 'resource', data: { node, renaming } };
  }
}

export function toFlowEdges(graph: WorkloadGraph, selectedId: string | undefined, cache: FlowCache): FlowEdge[] {
  const next = new Map<string, { signature: string; flow: FlowEdge }>();
  const out = graph.edges.map((edge) => {
    const selected = edge.id === selectedId;
    const signature = JSON.stringify(
      [edge.kind, edge.source, edge.target, edge.label, edge.problems, edge.pointer, selected],
      withoutIndexes,
    );
    const cached = cache.edges.get(edge.id);
    const flow = cached?.signature === signature ? cached.flow : flowEdge(edge, selected);
    next.set(edge.id, { signature, flow });
    return flow;
  });
  cache.edges = next;
  if (!sameItems(out, cache.edgeList)) cache.edgeList = out;
  return cache.edgeList;
}

/** The id of the arrowhead an edge ends with (defined by ArrowMarkers). */
export function arrowFor(edge: GraphEdge): string {
  if (edge.problems.length > 0) return ARROW_IDS.problem;
  return edge.kind === 'start-order' ? ARROW_IDS.startOrder : ARROW_IDS.plain;
}

export const ARROW_IDS = {
  plain: 'score-graph-arrow',
  startOrder: 'score-graph-arrow-start-order',
  problem: 'score-graph-arrow-problem',
} as const;

function flowEdge(edge: GraphEdge, selected: boolean): FlowEdge {
  const base = {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    selected,
    ariaLabel: accessibleName(edge),
    // One arrowhead defined once for the canvas (see ArrowMarkers), not one per edge kept by React Flow.
    markerEnd: arrowFor(edge),
    className: `graph-edge ${edge.kind}${edge.problems.length > 0 ? ' has-problems' : ''}`,
    // Removing an edge goes through the canvas's own Delete handling (it may have to list references).
    deletable: false,
    // Focusable (a click focuses it, so Delete works) but out of the Tab order: Tab goes from node to
    // node. From the keyboard, a start order is reached from its container (C lists it) or the YAML.
    domAttributes: { tabIndex: -1 },
  };
  switch (edge.kind) {
    case 'start-order':
      return { ...base, type: 'start-order', data: { edge } };
    case 'uses':
      return { ...base, type: 'uses', data: { edge } };
    case 'mount':
      return { ...base, type: 'mount', data: { edge } };
  }
}
