import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { parentPointer, parsePointer, toPointer, unescapeSegment } from '../document/pointer';
import type { LocatedPlaceholder } from '../workload/placeholders';
import { workloadOf } from '../workload/read';
import type { Container, Resource, ServicePort, Workload } from '../workload/types';
import { textOf } from '../workload/values';
import { attachProblems } from './problems';
import { projectParts, type DrawnPeer } from './project';
import { startOrderLabel } from './start-order';
import {
  containerNodeId,
  resourceNodeId,
  startOrderEdgeId,
  WORKLOAD_ID,
  type ContainerNode,
  type GraphEdge,
  type GraphNode,
  type MountEdge,
  type PortSummary,
  type Readiness,
  type ResourceNode,
  type StartOrderEdge,
  type UsesEdge,
  type WorkloadGraph,
  type WorkloadNode,
} from './types';

const READINESS: readonly string[] = ['started', 'healthy', 'complete'];

/**
 * The graph of a workload: its containers and resources, and what links them: placeholders that
 * read a resource's outputs, volume mounts, and the start order. Works on any shape of document
 * (a field of the wrong type is simply not drawn) and never throws. `diagnostics` become badges on
 * the nodes and edges they concern; their indices are kept so that a badge can open its problem.
 * `peers`: the other workloads of the project, drawn as one node or a group each, with the links to them.
 */
export function deriveGraph(
  parsed: ParsedDocument,
  diagnostics: readonly Diagnostic[] = [],
  peers: readonly DrawnPeer[] = [],
): WorkloadGraph {
  const read = workloadOf(parsed);
  const { containers, resources } = read;
  const name = textOf(read.metadata?.name) ?? '';
  const ports = [...read.servicePorts.values()].map(portSummary);
  const served = servedPorts(ports, containers);

  const workload: WorkloadNode = { kind: 'workload', id: WORKLOAD_ID, name, pointer: '', ports, problems: [] };
  const nodes: GraphNode[] = [workload];
  const edges: GraphEdge[] = [];
  for (const container of containers.values()) nodes.push(containerNode(container, served.get(container.name) ?? []));
  for (const resource of resources.values()) nodes.push(resourceNode(resource));

  for (const [first, container] of containers) {
    for (const [then, entry] of container.before) {
      // An entry naming no container (or itself) draws nothing: its problem shows on the container.
      if (then === first || !containers.has(then)) continue;
      const ready = READINESS.includes(entry.ready as string) ? (entry.ready as Readiness) : undefined;
      const edge: StartOrderEdge = {
        kind: 'start-order',
        id: startOrderEdgeId(first, then),
        source: containerNodeId(first),
        target: containerNodeId(then),
        first,
        then,
        ready,
        label: startOrderLabel(first, then, ready),
        pointer: toPointer(['containers', first, 'before', then]),
        problems: [],
      };
      edges.push(edge);
    }
  }

  edges.push(...referenceEdges(read.placeholders, read));
  if (peers.length > 0) {
    // The other workloads of the project, and what links them to this one (./project.ts).
    const project = projectParts(read, peers, nodes);
    nodes.push(...project.nodes);
    edges.push(...project.edges);
  }
  const graph: WorkloadGraph = { nodes, edges, name };
  attachProblems(graph, parsed, diagnostics);
  return graph;
}

/**
 * The nodes made for the containers and resources read last, by the object read (core/workload/read.ts
 * keeps one per entry of the document, and an edit's re-read keeps the entries it did not touch): an
 * edit makes anew only the nodes of what it changed. A large workload's check made 2,000 nodes, with
 * their pointers, at every keystroke. The nodes are not changed afterwards: problems go on copies
 * (attachProblems).
 */
const containerNodes = new WeakMap<Container, ContainerNode>();
const resourceNodes = new WeakMap<Resource, ResourceNode>();

function containerNode(container: Container, ports: PortSummary[]): ContainerNode {
  const made = containerNodes.get(container);
  if (made && samePorts(made.ports, ports)) return made;
  const before = [...container.before.values()];
  const node: ContainerNode = {
    kind: 'container',
    id: containerNodeId(container.name),
    name: container.name,
    pointer: toPointer(['containers', container.name]),
    image: textOf(container.image),
    ports,
    probes: { liveness: container.livenessProbe !== undefined, readiness: container.readinessProbe !== undefined },
    init: before.length > 0 && before.every((entry) => entry.ready === 'complete'),
    problems: [],
  };
  containerNodes.set(container, node);
  return node;
}

function samePorts(a: readonly PortSummary[], b: readonly PortSummary[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (p, i) =>
        p.name === b[i]!.name &&
        p.port === b[i]!.port &&
        p.targetPort === b[i]!.targetPort &&
        p.protocol === b[i]!.protocol,
    )
  );
}

function resourceNode(resource: Resource): ResourceNode {
  const made = resourceNodes.get(resource);
  if (made) return made;
  const resourceId = textOf(resource.id);
  const node: ResourceNode = {
    kind: 'resource',
    id: resourceNodeId(resource.name),
    name: resource.name,
    pointer: toPointer(['resources', resource.name]),
    type: textOf(resource.type),
    class: textOf(resource.class),
    resourceId,
    shared: resourceId !== undefined,
    problems: [],
  };
  resourceNodes.set(resource, node);
  return node;
}

function portSummary(p: ServicePort): PortSummary {
  const port = textOf(p.port) ?? '?';
  return { name: p.name, port, targetPort: textOf(p.targetPort) ?? port, protocol: textOf(p.protocol) ?? 'TCP' };
}

/**
 * Which container serves which service port. Score puts ports on the workload, not on a container
 * (all containers share one network), so: a single container serves them all; with several, a
 * container serves a port when one of its probes checks that port. Other ports show on the workload only.
 */
function servedPorts(ports: PortSummary[], containers: ReadonlyMap<string, Container>): Map<string, PortSummary[]> {
  const out = new Map<string, PortSummary[]>();
  if (containers.size === 1) {
    out.set(containers.keys().next().value!, ports);
    return out;
  }
  for (const container of containers.values()) {
    const probed = new Set<string>();
    for (const probe of [container.livenessProbe, container.readinessProbe]) {
      const port = textOf(probe?.httpGet?.port);
      if (port !== undefined) probed.add(port);
    }
    const mine = ports.filter((p) => probed.has(p.targetPort));
    if (mine.length > 0) out.set(container.name, mine);
  }
  return out;
}

/** Edges drawn by placeholders `${resources.NAME…}`: one per (from, resource, uses|mount). */
function referenceEdges(placeholders: readonly LocatedPlaceholder[], workload: Workload): GraphEdge[] {
  // This runs for every placeholder at every check (thousands in a large workload): edges are found
  // through maps keyed by names already in hand, and consecutive placeholders of one container
  // share the reading of its name (they come in document order).
  const edges: Array<UsesEdge | MountEdge> = [];
  type ByResource = Map<string, UsesEdge | MountEdge>;
  const byOwner = new Map<string, { uses: ByResource; mount: ByResource }>();
  const owners = new OwnerReader(workload);
  for (const p of placeholders) {
    const parts = p.parts;
    const resourceName = parts[1];
    if (parts[0] !== 'resources' || resourceName === undefined || !workload.resources.has(resourceName)) continue;
    const from = owners.of(p.pointer);
    if (!from) continue;
    let own = byOwner.get(from);
    if (!own) byOwner.set(from, (own = { uses: new Map(), mount: new Map() }));
    const mount = p.context === 'volume-source';
    const byResource = mount ? own.mount : own.uses;
    let edge = byResource.get(resourceName);
    if (!edge) {
      edge = referenceEdge(mount, from, resourceNodeId(resourceName), mount ? parentPointer(p.pointer) : p.pointer);
      byResource.set(resourceName, edge);
      edges.push(edge);
    }
    edge.references.push(p);
    if (edge.kind === 'mount') {
      const mountPath = volumeTarget(workload, p.pointer);
      if (mountPath !== undefined && !edge.targets.includes(mountPath)) edge.targets.push(mountPath);
    } else {
      // What follows the resource's name is the output it reads; none reads the resource itself (its id).
      const output = parts.length === 3 ? parts[2]! : parts.slice(2).join('.');
      const shown = output === '' ? 'id' : output;
      if (!edge.outputs.includes(shown)) edge.outputs.push(shown);
    }
  }
  for (const edge of edges) {
    edge.label =
      edge.kind === 'mount'
        ? edge.targets.length > 0
          ? `mounted at ${edge.targets.join(', ')}`
          : 'mounted'
        : edge.outputs.join(', ');
  }
  return edges;
}

/** A new edge from `source` to the resource node `target`, before its references are added. */
function referenceEdge(mount: boolean, source: string, target: string, pointer: string): UsesEdge | MountEdge {
  const id = `${mount ? 'mount' : 'uses'}:${source}->${target}`;
  return mount
    ? { kind: 'mount', id, source, target, targets: [], references: [], label: '', pointer, problems: [] }
    : { kind: 'uses', id, source, target, outputs: [], references: [], label: '', pointer, problems: [] };
}

/**
 * The node a placeholder belongs to: the container (or resource, for params) whose field holds it.
 * Reads only the pointer's first two segments, and remembers the last owner: consecutive
 * placeholders mostly share it.
 */
class OwnerReader {
  private prefix = '';
  private owner: string | undefined;
  constructor(private readonly workload: Workload) {}

  of(pointer: string): string | undefined {
    const { prefix } = this;
    if (
      prefix !== '' &&
      pointer.startsWith(prefix) &&
      (pointer.length === prefix.length || pointer[prefix.length] === '/')
    ) {
      return this.owner;
    }
    const second = pointer.indexOf('/', 1);
    if (second < 0) return undefined;
    const third = pointer.indexOf('/', second + 1);
    const kind = pointer.slice(1, second);
    const name = unescapeSegment(pointer.slice(second + 1, third < 0 ? undefined : third));
    this.prefix = third < 0 ? pointer : pointer.slice(0, third);
    this.owner =
      kind === 'containers' && this.workload.containers.has(name)
        ? containerNodeId(name)
        : kind === 'resources' && this.workload.resources.has(name)
          ? resourceNodeId(name)
          : undefined;
    return this.owner;
  }
}

/** The mount path of a volume whose source is at `pointer`: its key (map form) or its `target` (list form). */
function volumeTarget(workload: Workload, pointer: string): string | undefined {
  const [, containerName, , key] = parsePointer(pointer);
  if (containerName === undefined || key === undefined) return undefined;
  const volumes = workload.containers.get(containerName)?.volumes;
  if (volumes?.form === 'list') return textOf(volumes.entries[Number(key)]?.target);
  return key;
}
