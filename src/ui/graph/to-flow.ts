import { Position, type Edge, type Node } from '@xyflow/react';
import {
  accessibleName,
  drawnKind,
  estimatedSize,
  type GraphEdge,
  type GraphNode,
  type LayoutDirection,
  type LinkEdge,
  type MountEdge,
  type Positions,
  type Rect,
  type Size,
  type StartOrderEdge,
  type UsesEdge,
  type WorkloadGraph,
} from '../../core/graph';
import { ariaKeyShortcuts } from '../intents/keys';
import { keysOn } from '../intents/table';

/**
 * React Flow's node objects hold only each node's state (the node components read what it shows
 * from NodeContent); its edge objects hold the graph's edge.
 */
export type WorkloadFlowNode = Node<{ renaming: boolean }, 'workload'>;
export type ContainerFlowNode = Node<{ renaming: boolean }, 'container'>;
export type ResourceFlowNode = Node<{ renaming: boolean }, 'resource'>;
export type PeerFlowNode = Node<{ renaming: boolean }, 'peer'>;
export type PeerPartFlowNode = Node<{ renaming: boolean }, 'peer-part'>;
/** The frame around the workload being edited, when the project has others (not a node of the graph). */
export type WorkloadFrameFlowNode = Node<{ name: string }, 'workload-frame'>;
export type FlowNode =
  WorkloadFlowNode | ContainerFlowNode | ResourceFlowNode | PeerFlowNode | PeerPartFlowNode | WorkloadFrameFlowNode;

export type StartOrderFlowEdge = Edge<{ edge: StartOrderEdge }, 'start-order'>;
export type UsesFlowEdge = Edge<{ edge: UsesEdge }, 'uses'>;
export type MountFlowEdge = Edge<{ edge: MountEdge }, 'mount'>;
export type LinkFlowEdge = Edge<{ edge: LinkEdge }, 'link'>;
export type FlowEdge = StartOrderFlowEdge | UsesFlowEdge | MountFlowEdge | LinkFlowEdge;

/**
 * React Flow's nodes and edges from the workload graph. A node or edge whose state (or, for an edge,
 * content) did not change keeps its object, so that React Flow and the memoized components skip it: after a YAML edit only
 * what the edit touched is drawn again (the bench's "YAML edit → graph updated" depends on this).
 * The objects are remembered by content (id and what they were made from) in a cache that keeps the
 * last results.
 */
export interface FlowCache {
  nodes: Map<string, { from: unknown[]; flow: FlowNode }>;
  edges: Map<string, { edge: GraphEdge; selected: boolean; flow: FlowEdge }>;
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
 * Deep equality of the plain data a graph is made of (as JSON would see it: a key whose value is
 * undefined is no key), comparing without building strings: this runs for every node and edge of
 * the canvas at each check. A problem's `index` in the diagnostics is left out: it moves whenever a
 * problem is added or removed before it, and one new problem should redraw its own node, not every
 * node and edge with a problem after it. (Badges look the index up when clicked.)
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameContent(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) {
    if (key !== 'index' && !sameContent(x[key], y[key])) return false;
  }
  for (const key in y) {
    if (key !== 'index' && !(key in x) && y[key] !== undefined) return false;
  }
  return true;
}

/** The canvas's cache (one canvas per page; a second one would only share objects of equal content). */
export const sharedFlowCache: FlowCache = emptyFlowCache();

export interface NodeView {
  positions: Positions;
  sizes: Readonly<Record<string, Size>>;
  selectedId: string | undefined;
  /** Selected with it (shift-click, a selection box). */
  alsoSelected?: ReadonlySet<string>;
  renamingId: string | undefined;
  /** Which way the graph is laid out: edges leave and enter the sides of the nodes that face the flow. */
  direction?: LayoutDirection;
  /** The frame around the workload being edited, named by it (a project of several; see placeGroups). */
  frame?: { rect: Rect; name: string };
}

export const WORKLOAD_FRAME_ID = 'workload-frame';

const ORIGIN = { x: 0, y: 0 };

/** A node's keys: Enter selects it (React Flow's), then those of the intents that act on its kind. */
const NODE_KEYS = Object.fromEntries(
  (['workload', 'container', 'resource', 'peer', 'peer-part'] as const).map((kind) => [
    kind,
    // Enter once: it is also the key that takes another workload up (editWorkload).
    `Enter ${ariaKeyShortcuts(keysOn(kind).filter((k) => k.key !== 'Enter'))}`.trim(),
  ]),
) as Record<GraphNode['kind'], string>;

/**
 * The id of the element that names node `id` for screen readers (its wrapper is labelled by it):
 * a stable attribute, so that a change of the name does not change React Flow's node object.
 */
export function nodeLabelId(id: string): string {
  return `graph-node-label-${encodeURIComponent(id)}`;
}

/**
 * React Flow's nodes: where each node is and what state it is in, not what it shows. The content
 * goes to the node components through NodeContent (node-content.tsx), so that an edit that changes
 * only what nodes show hands React Flow the same array.
 */
export function toFlowNodes(graph: WorkloadGraph, view: NodeView, cache: FlowCache): FlowNode[] {
  const next = new Map<string, { from: unknown[]; flow: FlowNode }>();
  const out = graph.nodes.map((node) => {
    // A part of another workload stands in its frame (React Flow's child node): where, from the frame.
    const position = node.kind === 'peer-part' ? node.offset : (view.positions[node.id] ?? ORIGIN);
    const selected = node.id === view.selectedId || view.alsoSelected?.has(node.id) === true;
    const renaming = node.id === view.renamingId;
    // The measured size is not part of what makes a node new: React Flow keeps the size it measured
    // for as long as it is handed the same object. A node made anew (moved, selected) carries it, so
    // that React Flow does not hide it to measure it again. With the size in, the first edit after
    // opening made every node anew (they had been measured meanwhile), and React Flow took them all in
    // and drew them again: on the 100×100, that first change took 75 ms to its paint (median of 8
    // pages), 32 ms without.
    const direction = view.direction ?? 'left-to-right';
    const from = [node.kind, position, selected, renaming, direction, node.kind === 'peer' ? node.frame : undefined];
    const cached = cache.nodes.get(node.id);
    const flow =
      cached && sameContent(cached.from, from)
        ? cached.flow
        : flowNode(node, position, view.sizes[node.id], selected, renaming, direction);
    next.set(node.id, { from, flow });
    return flow;
  });
  cache.nodes = next;
  if (view.frame) out.unshift(workloadFrame(view.frame, cache));
  if (!sameItems(out, cache.nodeList)) cache.nodeList = out;
  return cache.nodeList;
}

function flowNode(
  node: GraphNode,
  position: { x: number; y: number },
  measured: Size | undefined,
  selected: boolean,
  renaming: boolean,
  direction: LayoutDirection,
): FlowNode {
  const down = direction === 'top-to-bottom';
  const base = {
    id: node.id,
    position,
    selected,
    // The sides its handles are on (the node components draw them there; React Flow measures them
    // again when these change).
    sourcePosition: down ? Position.Bottom : Position.Right,
    targetPosition: down ? Position.Top : Position.Left,
    className: `graph-node ${node.kind}`,
    // The workload node stands for the whole file: nothing connects to it and it cannot be removed.
    connectable: node.kind !== 'workload',
    domAttributes: {
      'aria-keyshortcuts': NODE_KEYS[node.kind],
      // Named by an element the node's component draws from its content (see NodeLabel).
      'aria-labelledby': nodeLabelId(node.id),
    },
    // A node not measured yet carries the size it is expected to have: React Flow's mini-map draws
    // only nodes with a size on the objects it is handed, and the canvas does not make its nodes anew
    // when React Flow measures them (see toFlowNodes), so without it the mini-map showed none of the
    // nodes of a workload just opened, only those moved or selected since. React Flow still measures
    // the node and draws its edges from what it measured.
    measured: measured ?? estimatedSize(node),
  };
  switch (node.kind) {
    case 'workload':
      return { ...base, type: 'workload', data: { renaming }, deletable: false };
    case 'container':
      return { ...base, type: 'container', data: { renaming } };
    case 'resource':
      return { ...base, type: 'resource', data: { renaming } };
    case 'peer':
      // Another workload of the project: edited in its own text, once taken up (see ProjectControls).
      // Open, it is the frame of its group: as large as what it holds, moved with it.
      return {
        ...base,
        type: 'peer',
        data: { renaming: false },
        deletable: false,
        connectable: false,
        ...(node.frame && { className: 'graph-node peer open', style: { ...node.frame }, measured: node.frame }),
      };
    case 'peer-part':
      // Read only, where its frame puts it: selected, it is taken up with its workload (Enter, double-click).
      return {
        ...base,
        type: 'peer-part',
        className: `graph-node peer-part ${node.part.kind}`,
        parentId: node.group,
        data: { renaming: false },
        draggable: false,
        deletable: false,
        connectable: false,
      };
  }
}

/** The frame around the workload being edited: behind its nodes, neither selected nor moved. */
function workloadFrame(frame: NonNullable<NodeView['frame']>, cache: FlowCache): WorkloadFrameFlowNode {
  const { rect, name } = frame;
  const cached = cache.nodes.get(WORKLOAD_FRAME_ID);
  const from = [rect, name];
  if (cached && sameContent(cached.from, from)) return cached.flow as WorkloadFrameFlowNode;
  const size = { width: rect.width, height: rect.height };
  const flow: WorkloadFrameFlowNode = {
    id: WORKLOAD_FRAME_ID,
    type: 'workload-frame',
    position: { x: rect.x, y: rect.y },
    data: { name },
    style: size,
    measured: size,
    className: 'graph-frame',
    zIndex: -1,
    selectable: false,
    draggable: false,
    focusable: false,
    deletable: false,
    connectable: false,
    ariaRole: 'group',
    ariaLabel: `Workload ${name || '(unnamed)'}, being edited`,
  };
  cache.nodes.set(WORKLOAD_FRAME_ID, { from, flow });
  return flow;
}

export function toFlowEdges(
  graph: WorkloadGraph,
  selectedId: string | undefined,
  cache: FlowCache,
  alsoSelected?: ReadonlySet<string>,
): FlowEdge[] {
  const next = new Map<string, { edge: GraphEdge; selected: boolean; flow: FlowEdge }>();
  const out = graph.edges.map((edge) => {
    const selected = edge.id === selectedId || alsoSelected?.has(edge.id) === true;
    const cached = cache.edges.get(edge.id);
    const flow =
      cached && cached.selected === selected && sameEdge(cached.edge, edge) ? cached.flow : flowEdge(edge, selected);
    next.set(edge.id, { edge, selected, flow });
    return flow;
  });
  cache.edges = next;
  if (!sameItems(out, cache.edgeList)) cache.edgeList = out;
  return cache.edgeList;
}

/**
 * Whether an edge draws as it did: what its flow object is made from (its ends, label, pointer and
 * problems), compared field by field. This runs for every edge at each check (5,600 on a 1,000 ×
 * 1,000 workload): no array is made per edge, and the problems, almost always none, are compared
 * deeply only when there are some.
 */
function sameEdge(a: GraphEdge, b: GraphEdge): boolean {
  return (
    a.kind === b.kind &&
    a.source === b.source &&
    a.target === b.target &&
    a.label === b.label &&
    a.pointer === b.pointer &&
    (a.problems.length === 0 ? b.problems.length === 0 : sameContent(a.problems, b.problems))
  );
}

/** The id of the arrowhead an edge ends with (defined by ArrowMarkers). */
export function arrowFor(edge: GraphEdge): string {
  if (edge.problems.length > 0) return ARROW_IDS.problem;
  return drawnKind(edge) === 'start-order' ? ARROW_IDS.startOrder : ARROW_IDS.plain;
}

export const ARROW_IDS = {
  plain: 'score-graph-arrow',
  startOrder: 'score-graph-arrow-start-order',
  problem: 'score-graph-arrow-problem',
} as const;

/** An edge's kind; inside another workload's frame, `link inner` and the kind it has there. */
function edgeClasses(edge: GraphEdge): string {
  const kind = drawnKind(edge);
  return kind === edge.kind ? kind : `${edge.kind} inner ${kind}`;
}

function flowEdge(edge: GraphEdge, selected: boolean): FlowEdge {
  const base = {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    selected,
    ariaLabel: accessibleName(edge),
    // One arrowhead defined once for the canvas (see ArrowMarkers), not one per edge kept by React Flow.
    markerEnd: arrowFor(edge),
    className: `graph-edge ${edgeClasses(edge)}${edge.problems.length > 0 ? ' has-problems' : ''}`,
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
    case 'link':
      return { ...base, type: 'link', data: { edge } };
  }
}
