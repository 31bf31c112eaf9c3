import type { ParsedDocument } from '../document/parse';
import { toPointer } from '../document/pointer';
import { uniqueName } from '../workload/names';
import { workloadOf } from '../workload/read';
import type { Workload } from '../workload/types';
import { isRecord, textOf } from '../workload/values';
import {
  WORKLOAD_ID,
  peerNodeId,
  peerPartId,
  resourceNodeId,
  type GraphNode,
  type InnerEdgeKind,
  type LinkEdge,
  type PeerNode,
  type PeerPartNode,
} from './types';

/**
 * A project: several workloads open together, as score-compose takes several. The canvas draws the
 * workload being edited in full and each other workload of the project as one node, a peer, with what
 * links them: a `service-port` resource names another workload and one of its ports (score-compose's
 * provisioner reads `params.workload` and `params.port`), and a resource with an `id` is the same
 * resource in every workload that declares the same type, class and id (drawn once, in the workload
 * being edited, with a link to each peer that shares it).
 */

/** What the canvas needs of another workload of the project: read once per text, not per check. */
export interface ProjectPeer {
  name: string;
  /** Its service ports: by name, with the port number a `service-port` may name instead. */
  ports: ReadonlyArray<{ name: string; port: string }>;
  containers: number;
  resources: number;
  /** Its resources that name an `id`: shared with any workload declaring the same type, class and id. */
  shared: readonly SharedKey[];
  /** Its `service-port` resources: the workload and port each names. */
  servicePorts: ReadonlyArray<{ resource: string; workload: string; port: string }>;
}

interface SharedKey {
  resource: string;
  key: string;
}

/** A peer summarised from its document; a text that does not read gives a peer with its name alone, or none. */
export function projectPeer(parsed: ParsedDocument): ProjectPeer {
  return peerOf(workloadOf(parsed));
}

function peerOf(read: Workload): ProjectPeer {
  return {
    name: textOf(read.metadata?.name) ?? '',
    ports: [...read.servicePorts.values()].map((p) => ({ name: p.name, port: textOf(p.port) ?? '' })),
    containers: read.containers.size,
    resources: read.resources.size,
    shared: sharedKeys(read),
    servicePorts: servicePortsOf(read),
  };
}

/** score-compose's provisioner finds a port by its name, or by its number written as text. */
function hasPort(peer: Pick<ProjectPeer, 'ports'>, port: string): boolean {
  return peer.ports.some((p) => p.name === port || p.port === port);
}

function sharedKeys(read: Workload): SharedKey[] {
  const keys: SharedKey[] = [];
  for (const r of read.resources.values()) {
    const id = textOf(r.id);
    const type = textOf(r.type);
    if (id === undefined || type === undefined) continue;
    keys.push({ resource: r.name, key: `${type}.${textOf(r.class) ?? 'default'}#${id}` });
  }
  return keys;
}

function servicePortsOf(read: Workload): ProjectPeer['servicePorts'] {
  const found: Array<{ resource: string; workload: string; port: string }> = [];
  for (const r of read.resources.values()) {
    if (textOf(r.type) !== 'service-port' || !isRecord(r.params)) continue;
    const workload = textOf(r.params.workload);
    const port = textOf(r.params.port);
    if (workload !== undefined && port !== undefined) found.push({ resource: r.name, workload, port });
  }
  return found;
}

/**
 * Another workload drawn open, as a group: its containers and resources (not its workload node: the
 * frame stands for it) in a frame of `size`, each at its offset in the frame, and the edges between
 * them (see ./project-group.ts, which lays them out; read once per text).
 */
export interface PeerGroupParts {
  parts: readonly PeerPartNode[];
  size: { width: number; height: number };
  edges: readonly PeerInnerEdge[];
}

/** An edge of another workload between two of its containers and resources, by their ids in its own graph. */
export interface PeerInnerEdge {
  id: string;
  kind: InnerEdgeKind;
  source: string;
  target: string;
  label: string;
}

/** A peer as the canvas draws it: open with its group, unless collapsed to one node. */
export interface DrawnPeer extends ProjectPeer {
  group?: PeerGroupParts;
  collapsed?: boolean;
}

/**
 * The peers' nodes and the links of the project, as seen from the workload being edited (`read`,
 * whose containers are `own`): its service-port resources to the peer and port they name, the peers'
 * service-port resources to it or to each other, and the resources shared between workloads. A peer
 * with a group that is not collapsed is drawn open: its frame (the peer node, with its `frame` size)
 * and its containers and resources in it; a link then reaches the container that serves the port it
 * names where that is known (else the frame) and leaves from the peer's own resource. A shared
 * resource is drawn once, in the first workload that declares it (the edited one first), and linked
 * to the frame of each other workload declaring it. A link to a workload or port that is not in the
 * project is not drawn: the export's readiness reports it at its place. An open group's own edges are
 * drawn inside its frame (read only, as links), one to its shared resource reaching where that is drawn.
 */
export function projectParts(
  read: Workload,
  peers: readonly DrawnPeer[],
  own: readonly GraphNode[] = [],
): { nodes: GraphNode[]; edges: LinkEdge[] } {
  const self = peerOf(read);
  const nodes: PeerNode[] = [];
  const edges: LinkEdge[] = [];
  const byName = new Map<string, DrawnPeer>();
  for (const peer of peers) {
    // A peer named as the workload being edited, or as another peer, cannot be told apart: shown once.
    if (peer.name === '' || peer.name === self.name || byName.has(peer.name)) continue;
    byName.set(peer.name, peer);
    const open = peer.group && !peer.collapsed ? peer.group : undefined;
    nodes.push({
      kind: 'peer',
      id: peerNodeId(peer.name),
      name: peer.name,
      pointer: '',
      problems: [],
      ports: peer.ports.map((p) => p.name),
      containers: peer.containers,
      resources: peer.resources,
      ...(open && { frame: open.size }),
    });
  }
  const openGroup = (peer: DrawnPeer) => (peer.group && !peer.collapsed ? peer.group : undefined);
  // Where each shared resource is drawn: the first workload declaring it, the edited one first.
  const drawnAt = new Map<string, string>();
  for (const mine of self.shared) if (!drawnAt.has(mine.key)) drawnAt.set(mine.key, resourceNodeId(mine.resource));
  // Parts of groups drawn elsewhere (a shared resource), and where they are drawn.
  const hidden = new Map<string, string>();
  for (const peer of byName.values()) {
    for (const theirs of peer.shared) {
      const at = drawnAt.get(theirs.key);
      const id = openGroup(peer) ? peerPartId(peer.name, resourceNodeId(theirs.resource)) : peerNodeId(peer.name);
      if (at === undefined) drawnAt.set(theirs.key, id);
      else if (id !== at) hidden.set(id, at);
    }
  }
  const parts: PeerPartNode[] = [];
  for (const peer of byName.values()) {
    for (const part of openGroup(peer)?.parts ?? []) if (!hidden.has(part.id)) parts.push(part);
  }
  const drawn = new Set(parts.map((p) => p.id));

  /** A node of `peer` (by its id in the peer's own graph): its part when drawn, else its frame or node. */
  function partIn(peer: DrawnPeer, id: string): string {
    const part = openGroup(peer) ? peerPartId(peer.name, id) : undefined;
    return part !== undefined && drawn.has(part) ? part : peerNodeId(peer.name);
  }
  /** Where a link to port `port` of `peer` ends: the container serving it, where one is drawn, else the frame. */
  function portOf(peer: DrawnPeer, port: string): string {
    const server = openGroup(peer)?.parts.find(
      (p) => p.part.kind === 'container' && p.part.ports.some((s) => s.name === port || s.port === port),
    );
    return server && drawn.has(server.id) ? server.id : peerNodeId(peer.name);
  }
  // Two resources of one peer may name the same port: the resource makes the id unique.
  const link = (via: string, edge: Omit<LinkEdge, 'kind' | 'id' | 'problems'>) => {
    if (edge.source === edge.target) return;
    edges.push({ ...edge, kind: 'link', id: `link:${edge.source}->${edge.target}:${via}`, problems: [] });
  };

  for (const sp of self.servicePorts) {
    const target = byName.get(sp.workload);
    if (!target || !hasPort(target, sp.port)) continue;
    link(sp.resource, {
      relation: 'service-port',
      source: resourceNodeId(sp.resource),
      target: portOf(target, sp.port),
      label: `port ${sp.port}`,
      pointer: toPointer(['resources', sp.resource, 'params']),
    });
  }
  for (const peer of byName.values()) {
    for (const sp of peer.servicePorts) {
      const toSelf = sp.workload === self.name && self.name !== '';
      const target = toSelf ? self : byName.get(sp.workload);
      if (!target || !hasPort(target, sp.port) || target === peer) continue;
      const port = toSelf ? read.servicePorts.get(sp.port) : undefined;
      const server = port && own.find((n) => n.kind === 'container' && n.ports.some((p) => p.name === port.name));
      link(`${peer.name}/${sp.resource}`, {
        relation: 'service-port',
        source: partIn(peer, resourceNodeId(sp.resource)),
        target: toSelf ? (server?.id ?? WORKLOAD_ID) : portOf(byName.get(sp.workload)!, sp.port),
        label: `port ${sp.port}`,
        // Selecting the link shows the port it reaches, when that port is the edited workload's.
        pointer: port ? toPointer(['service', 'ports', port.name]) : '',
      });
    }
  }
  // A shared resource, from where it is drawn to the frame of each other workload declaring it.
  for (const mine of self.shared) {
    for (const peer of byName.values()) {
      if (!peer.shared.some((theirs) => theirs.key === mine.key)) continue;
      link(mine.resource, {
        relation: 'shared',
        source: resourceNodeId(mine.resource),
        target: peerNodeId(peer.name),
        label: 'shared',
        pointer: toPointer(['resources', mine.resource, 'id']),
      });
    }
  }
  for (const peer of byName.values()) {
    for (const theirs of peer.shared) {
      const at = drawnAt.get(theirs.key)!;
      if (self.shared.some((mine) => mine.key === theirs.key) || at === partIn(peer, resourceNodeId(theirs.resource)))
        continue;
      link(`${peer.name}/${theirs.resource}`, {
        relation: 'shared',
        source: at,
        target: peerNodeId(peer.name),
        label: 'shared',
        pointer: '',
      });
    }
  }
  // Each open group's own edges, between its parts (or to where its shared resource is drawn).
  for (const peer of byName.values()) {
    const group = openGroup(peer);
    if (!group) continue;
    const end = (id: string) => {
      const part = peerPartId(peer.name, id);
      return drawn.has(part) ? part : hidden.get(part);
    };
    for (const inner of group.edges) {
      const source = end(inner.source);
      const target = end(inner.target);
      if (source === undefined || target === undefined) continue;
      link(`${peer.name}/${inner.id}`, { relation: inner.kind, source, target, label: inner.label, pointer: '' });
    }
  }
  // The frames first: React Flow draws a node's children after it.
  return { nodes: [...nodes, ...parts], edges };
}

/**
 * A new workload for the project: the blank template (`blank`, core/templates/blank.ts, loaded with
 * the templates) under a name no workload of the project has (`taken`), so that the Compose export
 * can tell them apart.
 */
export function newProjectWorkload(blank: string, taken: Iterable<string>): string {
  const name = uniqueName('my-workload', taken);
  return blank.replace(/^ {2}name: my-workload$/m, `  name: ${name}`);
}
