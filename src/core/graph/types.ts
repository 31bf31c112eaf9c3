import type { DiagnosticCode, Severity } from '../diagnostics';
import type { LocatedPlaceholder } from '../workload/placeholders';

/**
 * The workload as a graph: what the canvas draws. Derived from the document on every change and
 * never edited directly; the canvas edits the text through commands and the graph follows.
 * Node ids are stable across edits: `workload`, `container:NAME`, `resource:NAME` (DESIGN §4).
 */

/** A problem shown as a badge: its index in the diagnostics it was derived from, to open it. */
export interface ProblemRef {
  index: number;
  severity: Severity;
  code: DiagnosticCode;
  message: string;
}

/** A service port of the workload, in the words a badge shows (`web 80→8080/TCP`). */
export interface PortSummary {
  name: string;
  port: string;
  targetPort: string;
  protocol: string;
}

interface NodeBase {
  id: string;
  name: string;
  /** JSON Pointer of what the node stands for: selecting the node selects this. */
  pointer: string;
  problems: ProblemRef[];
}

export interface WorkloadNode extends NodeBase {
  kind: 'workload';
  id: 'workload';
  ports: PortSummary[];
}

export interface ContainerNode extends NodeBase {
  kind: 'container';
  image: string | undefined;
  /** The service ports this container serves (see `servedPorts` for how they are told apart). */
  ports: PortSummary[];
  probes: { liveness: boolean; readiness: boolean };
  /** Every `before` entry waits for it to complete: it runs to completion before the others start. */
  init: boolean;
}

export interface ResourceNode extends NodeBase {
  kind: 'resource';
  type: string | undefined;
  class: string | undefined;
  /** The `id` field: same type, class and id is the same resource across workloads. */
  resourceId: string | undefined;
  shared: boolean;
}

/**
 * Another workload of the project, drawn as one node beside the workload being edited (see
 * ./project.ts). Read only here: opening it makes it the workload being edited.
 */
export interface PeerNode extends NodeBase {
  kind: 'peer';
  /** Its service ports' names. */
  ports: string[];
  containers: number;
  resources: number;
  /**
   * Drawn open (a group, see ./project-group.ts): the size of the frame that holds its containers and
   * resources (its parts, PeerPartNode). Undefined while it is collapsed to one node.
   */
  frame?: { width: number; height: number };
}

/**
 * A container or resource of another workload of the project, drawn read only in that workload's
 * frame (its open peer node, `group`): as its own graph has it (`part`), at `offset` from the
 * frame's top-left corner. It stands for nothing in the text being edited (its pointer is '').
 */
export interface PeerPartNode extends NodeBase {
  kind: 'peer-part';
  /** The peer node whose frame holds it. */
  group: string;
  /** The workload it belongs to (its name). */
  workload: string;
  offset: { x: number; y: number };
  part: ContainerNode | ResourceNode;
}

export type GraphNode = WorkloadNode | ContainerNode | ResourceNode | PeerNode | PeerPartNode;
export type NodeKind = GraphNode['kind'];

/**
 * One place in the workload that draws an edge: a placeholder `${resources.NAME…}`, in a variable,
 * file, command, param or volume source. It is the placeholder as the document located it (its
 * pointer, context, `token.raw` as written, split `parts`, and its `start`–`end` in the text): an edge
 * refers to it rather than copying it, since the graph is derived again at every check. Read only.
 */
export type Reference = LocatedPlaceholder;

interface EdgeBase {
  id: string;
  source: string;
  target: string;
  /** What the edge means, in words: its visible label and its accessible name. */
  label: string;
  /** JSON Pointer selected with the edge. */
  pointer: string;
  problems: ProblemRef[];
}

/** A container (or a resource, through its params) reads outputs of a resource. */
export interface UsesEdge extends EdgeBase {
  kind: 'uses';
  outputs: string[];
  references: Reference[];
}

/** A container mounts a volume resource. */
export interface MountEdge extends EdgeBase {
  kind: 'mount';
  /** The mount paths inside the container. */
  targets: string[];
  references: Reference[];
}

export type Readiness = 'started' | 'healthy' | 'complete';

/** `containers.FIRST.before.THEN`: FIRST starts before THEN; the edge runs FIRST → THEN. */
export interface StartOrderEdge extends EdgeBase {
  kind: 'start-order';
  first: string;
  then: string;
  /** What THEN waits for; undefined when the entry names no valid condition. */
  ready: Readiness | undefined;
}

/**
 * A link between workloads of the project: a `service-port` resource to the workload (and port) it
 * names, or a resource shared (same type, class and id) with another workload. Or an edge inside
 * another workload's frame (its `uses`, `mount` or `start-order`), read only, drawn as that kind.
 */
export interface LinkEdge extends EdgeBase {
  kind: 'link';
  relation: 'service-port' | 'shared' | InnerEdgeKind;
}

/** The kinds of edge another workload's frame draws inside it. */
export type InnerEdgeKind = 'uses' | 'mount' | 'start-order';

export type GraphEdge = UsesEdge | MountEdge | StartOrderEdge | LinkEdge;
export type EdgeKind = GraphEdge['kind'];

/** How an edge is drawn: as its kind, or, inside another workload's frame, as the kind it has there. */
export function drawnKind(edge: GraphEdge): EdgeKind {
  return edge.kind === 'link' && edge.relation !== 'service-port' && edge.relation !== 'shared'
    ? edge.relation
    : edge.kind;
}

export interface WorkloadGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** The workload's name (metadata.name), '' when it has none. */
  name: string;
}

export const WORKLOAD_ID = 'workload';
export const containerNodeId = (name: string): string => `container:${name}`;
export const resourceNodeId = (name: string): string => `resource:${name}`;
export const peerNodeId = (name: string): string => `peer:${name}`;
/** A part (`container:web`) of the workload `workload`, drawn in its group: `in:workload/container:web`. */
export const peerPartId = (workload: string, partId: string): string => `in:${workload}/${partId}`;
export const startOrderEdgeId = (first: string, then: string): string => `before:${first}->${then}`;
