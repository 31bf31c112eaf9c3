import type { ParsedDocument } from '../document/parse';
import { toPointer } from '../document/pointer';
import { uniqueName } from '../workload/names';
import { workloadOf } from '../workload/read';
import type { Workload } from '../workload/types';
import { isRecord, textOf } from '../workload/values';
import { WORKLOAD_ID, peerNodeId, resourceNodeId, type LinkEdge, type PeerNode } from './types';

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
 * The peers' nodes and the links of the project, as seen from the workload being edited (`read`):
 * its service-port resources to the peer and port they name, the peers' service-port resources to it
 * or to each other, and its shared resources to each peer declaring the same one. A link to a workload
 * or port that is not in the project is not drawn: the export's readiness reports it at its place.
 */
export function projectParts(read: Workload, peers: readonly ProjectPeer[]): { nodes: PeerNode[]; edges: LinkEdge[] } {
  const self = peerOf(read);
  const nodes: PeerNode[] = [];
  const edges: LinkEdge[] = [];
  const byName = new Map<string, ProjectPeer>();
  for (const peer of peers) {
    // A peer named as the workload being edited, or as another peer, cannot be told apart: shown once.
    if (peer.name === '' || peer.name === self.name || byName.has(peer.name)) continue;
    byName.set(peer.name, peer);
    nodes.push({
      kind: 'peer',
      id: peerNodeId(peer.name),
      name: peer.name,
      pointer: '',
      problems: [],
      ports: peer.ports.map((p) => p.name),
      containers: peer.containers,
      resources: peer.resources,
    });
  }
  // Two resources of one peer may name the same port: the resource makes the id unique.
  const link = (via: string, edge: Omit<LinkEdge, 'kind' | 'id' | 'problems'>) =>
    edges.push({ ...edge, kind: 'link', id: `link:${edge.source}->${edge.target}:${via}`, problems: [] });

  for (const sp of self.servicePorts) {
    const target = byName.get(sp.workload);
    if (!target || !hasPort(target, sp.port)) continue;
    link(sp.resource, {
      relation: 'service-port',
      source: resourceNodeId(sp.resource),
      target: peerNodeId(target.name),
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
      link(sp.resource, {
        relation: 'service-port',
        source: peerNodeId(peer.name),
        target: toSelf ? WORKLOAD_ID : peerNodeId(target.name),
        label: `port ${sp.port}`,
        // Selecting the link shows the port it reaches, when that port is the edited workload's.
        pointer: port ? toPointer(['service', 'ports', port.name]) : '',
      });
    }
  }
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
  return { nodes, edges };
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
