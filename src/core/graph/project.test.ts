import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { validateText } from '../validate';
import { deriveGraph } from './derive';
import { projectPeer } from './project';
import type { LinkEdge, PeerNode } from './types';

/** Golden 08's two workloads, in our own words: b reads a port of a through a service-port resource. */
const a = `apiVersion: score.dev/v1b1
metadata:
  name: workload-a
containers:
  web:
    image: nginx
service:
  ports:
    web:
      port: 8080
      targetPort: 80
resources:
  cache:
    type: redis
    id: shared-cache
`;
const b = `apiVersion: score.dev/v1b1
metadata:
  name: workload-b
containers:
  example:
    image: busybox
    variables:
      URL: "http://\${resources.dependency.hostname}:\${resources.dependency.port}"
resources:
  dependency:
    type: service-port
    params:
      workload: workload-a
      port: web
  cache:
    type: redis
    id: shared-cache
`;
const peer = (text: string) => projectPeer(parseWorkloadText(text));
const graphOf = (text: string, ...peers: string[]) => {
  const report = validateText(text);
  return deriveGraph(report.parsed, report.diagnostics, peers.map(peer));
};
const links = (g: ReturnType<typeof graphOf>) =>
  g.edges.filter((e): e is LinkEdge => e.kind === 'link').map((e) => `${e.source} → ${e.target} (${e.label})`);

describe('a project on the canvas', () => {
  it('draws each other workload as one node, and nothing more without peers', () => {
    expect(graphOf(b).nodes.some((n) => n.kind === 'peer')).toBe(false);
    const g = graphOf(b, a);
    const peers = g.nodes.filter((n): n is PeerNode => n.kind === 'peer');
    expect(peers).toEqual([
      expect.objectContaining({
        id: 'peer:workload-a',
        name: 'workload-a',
        ports: ['web'],
        containers: 1,
        resources: 1,
      }),
    ]);
  });

  it('links a service-port resource to the workload it names, and a shared resource to each workload sharing it', () => {
    expect(links(graphOf(b, a))).toEqual([
      'resource:dependency → peer:workload-a (port web)',
      'resource:cache → peer:workload-a (shared)',
    ]);
    // Seen from the other side: the peer's service-port reaches the workload being edited, at the
    // container serving the port (its only one).
    expect(links(graphOf(a, b))).toEqual([
      'peer:workload-b → container:web (port web)',
      'resource:cache → peer:workload-b (shared)',
    ]);
  });

  it('finds a port by its number written as text, as the provisioner does', () => {
    expect(links(graphOf(b.replace('port: web', 'port: "8080"'), a))).toContain(
      'resource:dependency → peer:workload-a (port 8080)',
    );
  });

  it('draws no link to a workload or port that is not in the project (the export says so at its place)', () => {
    expect(links(graphOf(b))).toEqual([]);
    expect(links(graphOf(b.replace('port: web', 'port: admin'), a))).toEqual([
      'resource:cache → peer:workload-a (shared)',
    ]);
    // Another id is another resource.
    expect(links(graphOf(b.replace('id: shared-cache', 'id: mine'), a))).toEqual([
      'resource:dependency → peer:workload-a (port web)',
    ]);
  });

  it('shows a peer named as the workload being edited, or twice, once', () => {
    const g = graphOf(b, a, a, b);
    expect(g.nodes.filter((n) => n.kind === 'peer').map((n) => n.id)).toEqual(['peer:workload-a']);
  });

  it('links peers to each other, and keeps edge ids apart when two resources name the same port', () => {
    const c = b.replace('workload-b', 'workload-c').replace('  cache:\n    type: redis\n    id: shared-cache\n', '');
    const twice = c.replace(
      'resources:\n',
      'resources:\n  again:\n    type: service-port\n    params:\n      workload: workload-a\n      port: web\n',
    );
    const g = graphOf(a.replace('workload-a', 'workload-x'), a, twice);
    const ids = g.edges.filter((e) => e.kind === 'link' && e.source === 'peer:workload-c').map((e) => e.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(links(g)).toEqual([
      'peer:workload-c → peer:workload-a (port web)',
      'peer:workload-c → peer:workload-a (port web)',
      'resource:cache → peer:workload-a (shared)',
    ]);
  });

  it('reads a peer that does not parse as a nameless one, and leaves it out', () => {
    expect(peer('::: not yaml [')).toMatchObject({ name: '' });
    expect(graphOf(b, '::: not yaml [').nodes.some((n) => n.kind === 'peer')).toBe(false);
  });
});

describe('a new workload of the project', () => {
  it('is the blank workload under a name no workload of the project has', async () => {
    const { newProjectWorkload } = await import('./project');
    const { blankWorkload } = await import('../templates/blank');
    const text = newProjectWorkload(blankWorkload, ['my-workload', 'my-workload-2']);
    const report = validateText(text);
    expect(report.valid).toBe(true);
    expect(peer(text).name).toBe('my-workload-3');
    expect(peer(newProjectWorkload(blankWorkload, [])).name).toBe('my-workload');
  });
});

describe('the layout of a project', () => {
  it('lays the workload out as alone, and the others in a column to its right, level with what links to them', async () => {
    const { autoLayout, estimatedSize } = await import('./layout');
    const alone = autoLayout(graphOf(b));
    const withPeers = autoLayout(graphOf(b, a, workload('workload-z')));
    for (const id of Object.keys(alone)) expect(withPeers[id]).toEqual(alone[id]);
    const right = Math.max(...Object.values(alone).map((p) => p.x)) + 240;
    const peerA = withPeers['peer:workload-a']!;
    const peerZ = withPeers['peer:workload-z']!;
    expect(peerA.x).toBeGreaterThan(right);
    expect(peerZ.x).toBe(peerA.x);
    // Linked: level with the middle of what links to it; unlinked: below, apart.
    expect(peerZ.y).toBeGreaterThanOrEqual(peerA.y + estimatedSize({ kind: 'peer' } as PeerNode).height);
    // Every link runs left to right.
    const g = graphOf(b, a);
    const laid = autoLayout(g);
    for (const e of g.edges.filter((e) => e.kind === 'link')) expect(laid[e.source]!.x).toBeLessThan(laid[e.target]!.x);
  });
});

function workload(name: string): string {
  return `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\ncontainers:\n  main:\n    image: nginx\n`;
}

describe('what a screen reader says of a project', () => {
  it('names a peer as a workload of the project, and a link by what it reaches', async () => {
    const { accessibleName } = await import('./describe');
    const g = graphOf(b, a);
    expect(accessibleName(g.nodes.find((n) => n.kind === 'peer')!)).toBe(
      'workload workload-a of the project, 1 container, service ports web',
    );
    expect(g.edges.filter((e) => e.kind === 'link').map(accessibleName)).toEqual([
      'dependency links to port web of workload workload-a',
      'cache is shared with workload workload-a',
    ]);
  });
});
