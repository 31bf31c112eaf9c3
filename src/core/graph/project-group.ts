import type { ParsedDocument } from '../document/parse';
import { deriveGraph } from './derive';
import { placeNewNodes } from './flow';
import {
  autoLayout,
  boundsOf,
  estimatedSize,
  placeNear,
  type LayoutDirection,
  type Positions,
  type Rect,
  type Size,
} from './layout';
import { textWidth, wrapText } from './diagram';
import { projectPeer, type DrawnPeer, type PeerGroupParts, type ProjectPeer } from './project';
import { peerNodeId, peerPartId, type GraphNode, type PeerPartNode, type WorkloadGraph } from './types';

/**
 * The project's workloads as groups (#33 item 3): each other workload is drawn in a frame of its own
 * (its peer node, open) holding its containers and resources, laid out on their own; the workload
 * being edited is framed too, by the room its nodes take. The frames stand side by side, never on
 * top of one another, and the edited workload's nodes never move for them.
 */

/**
 * The room inside a frame: around its parts, and above them for its head (another workload's: its
 * name, size and buttons; the edited workload's: its name alone).
 */
export const FRAME_PADDING = 24;
/** A frame's head with its name, counts and ports on one line each (see frameHeader for longer ones). */
export const FRAME_HEADER = 84;
const EDITED_FRAME_HEADER = 48;
/** The height of a line of a frame's name, and of its details (as graph.css draws them). */
const NAME_LINE = 18;
const DETAIL_LINE = 16;
/** A frame is at least this wide: its name, counts and buttons fit. */
const FRAME_MIN_WIDTH = 260;
/** The room kept between two frames. */
const FRAME_GAP = 60;

/**
 * Another workload of the project as the canvas draws it, read once per text (and per positions it
 * was last left in): its summary (./project.ts) and its group, its containers and resources where
 * the user left them while it was edited (`stored`, its own positions), else laid out as a first
 * layout would (`direction`). Never throws: a text that does not read gives an empty group.
 */
export function drawnPeer(
  parsed: ParsedDocument,
  stored?: Positions,
  direction: LayoutDirection = 'left-to-right',
): DrawnPeer {
  const peer = projectPeer(parsed);
  return { ...peer, group: peerGroup(peer, deriveGraph(parsed), stored, direction) };
}

/**
 * How tall a frame's head is at `width`: its name wraps (the whole name is shown, as on every node),
 * and so do its counts and ports; the parts stand below it, never under a second line of it. Measured
 * as ui/graph's CSS draws it: the name 13 px bold after the workload icon and the word "Workload", the
 * details in the 12 px code font, inside the node's 10 px padding.
 */
export function frameHeader(
  peer: Pick<ProjectPeer, 'name' | 'containers' | 'resources' | 'ports'>,
  width: number,
): number {
  const inside = width - 2 * 11;
  const nameRoom = inside - 16 - 6 - textWidth('Workload', 13) - 6;
  const nameLines = wrapText(peer.name, Math.max(40, nameRoom), 13, false, true).length;
  const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const details = `${plural(peer.containers, 'container')} · ${plural(peer.resources, 'resource')}`;
  const ports = peer.ports.length > 0 ? ` Ports: ${peer.ports.map((p) => p.name).join(', ')}` : '';
  const detailLines = wrapText(details + ports, inside, 12, true).length;
  return FRAME_HEADER + (nameLines - 1) * NAME_LINE + (detailLines - 1) * DETAIL_LINE;
}

function peerGroup(peer: ProjectPeer, graph: WorkloadGraph, stored: Positions | undefined, direction: LayoutDirection) {
  const { name } = peer;
  const own = graph.nodes.filter((n) => n.kind === 'container' || n.kind === 'resource');
  const laid =
    stored && own.some((n) => stored[n.id] !== undefined)
      ? placeNewNodes(graph, stored, new Map(), estimatedSize, direction)
      : autoLayout(graph, estimatedSize, direction);
  let left = Infinity;
  let top = Infinity;
  for (const node of own) {
    left = Math.min(left, laid[node.id]!.x);
    top = Math.min(top, laid[node.id]!.y);
  }
  // The width first (the parts' room across), then the head at that width, then the parts below it.
  let width = FRAME_MIN_WIDTH;
  for (const node of own)
    width = Math.max(width, Math.round(laid[node.id]!.x - left) + 2 * FRAME_PADDING + estimatedSize(node).width);
  const header = frameHeader(peer, width);
  let height = header + FRAME_PADDING;
  const group = peerNodeId(name);
  const parts: PeerPartNode[] = own.map((node) => {
    const at = laid[node.id]!;
    const offset = { x: Math.round(at.x - left + FRAME_PADDING), y: Math.round(at.y - top + header) };
    const size = estimatedSize(node);
    height = Math.max(height, offset.y + size.height + FRAME_PADDING);
    return {
      kind: 'peer-part',
      id: peerPartId(name, node.id),
      name: node.name,
      pointer: '',
      problems: [],
      group,
      workload: name,
      offset,
      part: node as PeerPartNode['part'],
    };
  });
  const ownIds = new Set(own.map((n) => n.id));
  const edges = graph.edges.flatMap((e) =>
    e.kind !== 'link' && e.source !== e.target && ownIds.has(e.source) && ownIds.has(e.target)
      ? [{ id: e.id, kind: e.kind, source: e.source, target: e.target, label: e.label }]
      : [],
  );
  const out: PeerGroupParts = { parts, size: { width, height }, edges };
  return out;
}

/**
 * The graph the layout works on: the frames without what they hold (a group is laid out on its own,
 * above, and moves as one), a link to or from a part standing for a link to or from its frame.
 */
export function withoutPeerParts(graph: WorkloadGraph): WorkloadGraph {
  if (!graph.nodes.some((n) => n.kind === 'peer-part')) return graph;
  const groupOf = new Map<string, string>();
  for (const n of graph.nodes) if (n.kind === 'peer-part') groupOf.set(n.id, n.group);
  const edges = graph.edges.flatMap((e) => {
    const source = groupOf.get(e.source) ?? e.source;
    const target = groupOf.get(e.target) ?? e.target;
    if (source === target) return [];
    return source === e.source && target === e.target ? [e] : [{ ...e, source, target }];
  });
  return { ...graph, nodes: graph.nodes.filter((n) => n.kind !== 'peer-part'), edges };
}

/**
 * Where the frames and their parts stand, from the layout's positions (`positions`: those of the
 * workload's own nodes and of the frames, top-left corners): the edited workload's frame around its
 * nodes (undefined without other workloads), each other frame where the layout put it unless that
 * overlaps a frame before it (then the nearest free place), and each part at its offset in its frame.
 * The edited workload's nodes never move. Returns `positions` itself when there is nothing to place.
 */
export function placeGroups(
  graph: WorkloadGraph,
  positions: Positions,
  sizeOf: (node: GraphNode) => Size,
): { positions: Positions; frame: Rect | undefined } {
  const peers = graph.nodes.filter((n) => n.kind === 'peer');
  if (peers.length === 0) return { positions, frame: undefined };
  const frame = frameAround(
    graph.nodes.filter((n) => n.kind === 'workload' || n.kind === 'container' || n.kind === 'resource'),
    positions,
    sizeOf,
  );
  const out: Positions = { ...positions };
  const occupied: Rect[] = frame ? [frame] : [];
  for (const peer of peers) {
    const at = positions[peer.id];
    if (!at) continue;
    const spot = placeNear(at, sizeOf(peer), occupied, FRAME_GAP);
    out[peer.id] = spot;
    occupied.push({ ...spot, ...sizeOf(peer) });
  }
  for (const node of graph.nodes) {
    if (node.kind !== 'peer-part') continue;
    const frameAt = out[node.group];
    if (frameAt) out[node.id] = { x: frameAt.x + node.offset.x, y: frameAt.y + node.offset.y };
  }
  return { positions: out, frame };
}

/** The frame around `nodes` (with room for its name above them), or undefined for none placed. */
function frameAround(nodes: readonly GraphNode[], positions: Positions, sizeOf: (node: GraphNode) => Size) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const box = boundsOf([...byId.keys()], positions, (id) => sizeOf(byId.get(id)!));
  if (!box) return undefined;
  const x = box.x - FRAME_PADDING;
  const y = box.y - EDITED_FRAME_HEADER;
  return {
    x,
    y,
    width: Math.max(FRAME_MIN_WIDTH, box.width + 2 * FRAME_PADDING),
    height: box.y + box.height + FRAME_PADDING - y,
  };
}
