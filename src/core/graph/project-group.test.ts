import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { validateText } from '../validate';
import { deriveGraph } from './derive';
import { accessibleName } from './describe';
import { autoLayout, estimatedSize, type Positions, type Rect } from './layout';
import { drawnPeer, FRAME_HEADER, frameHeader, placeGroups, withoutPeerParts } from './project-group';
import type { DrawnPeer } from './project';
import { drawnKind, type GraphNode, type LinkEdge, type PeerNode, type WorkloadGraph } from './types';
import { pointerOf } from './selection';

/** b reads a port of a through a service-port resource, and both declare the same cache (same type and id). */
const a = `apiVersion: score.dev/v1b1
metadata:
  name: workload-a
containers:
  web:
    image: nginx
  worker:
    image: busybox
    livenessProbe:
      httpGet:
        port: 9090
service:
  ports:
    web:
      port: 8080
      targetPort: 80
    admin:
      port: 9090
resources:
  cache:
    type: redis
    id: shared-cache
  db:
    type: postgres
`;
const b = `apiVersion: score.dev/v1b1
metadata:
  name: workload-b
containers:
  example:
    image: busybox
    variables:
      URL: "http://\${resources.dependency.hostname}:\${resources.admin.port}"
resources:
  dependency:
    type: service-port
    params:
      workload: workload-a
      port: web
  admin:
    type: service-port
    params:
      workload: workload-a
      port: admin
  cache:
    type: redis
    id: shared-cache
`;
const drawn = (text: string, stored?: Positions) => drawnPeer(parseWorkloadText(text), stored);
const graphOf = (text: string, ...peers: DrawnPeer[]) => {
  const report = validateText(text);
  return deriveGraph(report.parsed, report.diagnostics, peers);
};
/** The links between workloads (service ports, shared resources), not the edges inside a frame. */
const links = (g: WorkloadGraph) =>
  g.edges
    .filter((e): e is LinkEdge => e.kind === 'link' && (e.relation === 'service-port' || e.relation === 'shared'))
    .map((e) => `${e.source} → ${e.target} (${e.label})`);
const ids = (g: WorkloadGraph, kind: GraphNode['kind']) => g.nodes.filter((n) => n.kind === kind).map((n) => n.id);

describe('each workload of the project drawn as a group', () => {
  it("draws another workload's containers and resources in its frame, a shared resource once", () => {
    const g = graphOf(b, drawn(a));
    const frame = g.nodes.find((n): n is PeerNode => n.kind === 'peer')!;
    expect(frame.id).toBe('peer:workload-a');
    expect(frame.frame).toBeDefined();
    // The cache is b's too (same type, class and id): drawn in b, the workload edited, not again in a.
    expect(ids(g, 'peer-part')).toEqual([
      'in:workload-a/container:web',
      'in:workload-a/container:worker',
      'in:workload-a/resource:db',
    ]);
    // The frames come before what they hold (React Flow draws a node's children after it).
    expect(g.nodes.findIndex((n) => n.kind === 'peer')).toBeLessThan(g.nodes.findIndex((n) => n.kind === 'peer-part'));
    expect(accessibleName(g.nodes.find((n) => n.id === 'in:workload-a/container:web')!)).toBe(
      'container web, image nginx, in workload workload-a, read only',
    );
    expect(g.edges.filter((e) => e.kind === 'link').map(accessibleName)).toContain(
      'admin links to port admin of workload workload-a, container worker',
    );
  });

  it('links a service-port to the container serving the port where that is known, else to the frame', () => {
    // web is served by... no probe names 80: with two containers it is not known; admin's port is probed by worker.
    expect(links(graphOf(b, drawn(a)))).toEqual([
      'resource:dependency → peer:workload-a (port web)',
      'resource:admin → in:workload-a/container:worker (port admin)',
      'resource:cache → peer:workload-a (shared)',
    ]);
    // Seen from a: b's resources, in b's frame, reach a's container (its own node) or a itself.
    expect(links(graphOf(a, drawn(b)))).toEqual([
      'in:workload-b/resource:dependency → workload (port web)',
      'in:workload-b/resource:admin → container:worker (port admin)',
      'resource:cache → peer:workload-b (shared)',
    ]);
  });

  it('draws a collapsed workload as one node, as before, with the links to it', () => {
    const g = graphOf(b, { ...drawn(a), collapsed: true });
    expect(ids(g, 'peer-part')).toEqual([]);
    expect(g.nodes.find((n): n is PeerNode => n.kind === 'peer')!.frame).toBeUndefined();
    expect(links(g)).toEqual([
      'resource:dependency → peer:workload-a (port web)',
      'resource:admin → peer:workload-a (port admin)',
      'resource:cache → peer:workload-a (shared)',
    ]);
  });

  it('draws a resource shared by two other workloads once, linked to the frame of the second', () => {
    const c = a.replace('workload-a', 'workload-c').replace('  db:\n    type: postgres\n', '');
    const g = graphOf(b.replace('id: shared-cache', 'id: mine'), drawn(a), drawn(c));
    expect(ids(g, 'peer-part')).toContain('in:workload-a/resource:cache');
    expect(ids(g, 'peer-part')).not.toContain('in:workload-c/resource:cache');
    expect(links(g)).toContain('in:workload-a/resource:cache → peer:workload-c (shared)');
  });

  it('keeps the arrangement a workload was left in while it was edited', () => {
    const alone = deriveGraph(parseWorkloadText(a));
    const stored = autoLayout(alone);
    stored['resource:db'] = { x: stored['container:web']!.x + 1000, y: stored['container:web']!.y + 500 };
    const parts = drawn(a, stored).group!.parts;
    const web = parts.find((p) => p.part.id === 'container:web')!.offset;
    const db = parts.find((p) => p.part.id === 'resource:db')!.offset;
    expect({ x: db.x - web.x, y: db.y - web.y }).toEqual({ x: 1000, y: 500 });
  });
});

describe("the edges inside another workload's frame", () => {
  /** c: a migration that starts before its web, which reads its own database and the cache shared with b. */
  const c = `apiVersion: score.dev/v1b1
metadata:
  name: workload-c
containers:
  migrate:
    image: migrate
    before:
      web:
        ready: complete
  web:
    image: web
    variables:
      DB: \${resources.db.host}
      CACHE: \${resources.cache.host}
    volumes:
      /data:
        source: \${resources.files}
resources:
  db:
    type: postgres
  cache:
    type: redis
    id: shared-cache
  files:
    type: volume
`;
  const inner = (g: WorkloadGraph) =>
    g.edges.filter((e): e is LinkEdge => e.kind === 'link' && drawnKind(e) !== 'link');

  it('draws its start order, uses and mounts between its parts, read only, each as its kind', () => {
    const g = graphOf(b, drawn(c));
    expect(inner(g).map((e) => `${e.relation}: ${e.source} → ${e.target} (${e.label})`)).toEqual([
      'start-order: in:workload-c/container:migrate → in:workload-c/container:web (web starts after migrate completes)',
      'uses: in:workload-c/container:web → in:workload-c/resource:db (host)',
      // The cache is b's too, drawn in b (the workload edited): c's use of it reaches it there.
      'uses: in:workload-c/container:web → resource:cache (host)',
      'mount: in:workload-c/container:web → in:workload-c/resource:files (mounted at /data)',
    ]);
    for (const e of inner(g)) {
      expect(e.pointer).toBe(''); // nowhere in the text edited
      expect(pointerOf(g, e.id)).toBeUndefined();
    }
    expect(inner(g).map(accessibleName)).toEqual([
      'start order: web starts after migrate completes, in workload workload-c, read only',
      'web uses db: host, in workload workload-c, read only',
      'web uses cache: host, in workload workload-c, read only',
      'web mounts files, mounted at /data, in workload workload-c, read only',
    ]);
    // The links between workloads are as before.
    expect(links(g)).toEqual(['resource:cache → peer:workload-c (shared)']);
  });

  it('draws none for a collapsed workload, and none in the layout (a group is laid out on its own)', () => {
    expect(inner(graphOf(b, { ...drawn(c), collapsed: true }))).toEqual([]);
    const laid = withoutPeerParts(graphOf(b, drawn(c)));
    expect(inner(laid).map((e) => `${e.source} → ${e.target}`)).toEqual(['peer:workload-c → resource:cache']);
  });
});

describe('the layout of a project of groups', () => {
  const sizeOf = estimatedSize;
  const rectOf = (g: WorkloadGraph, p: Positions, id: string): Rect => ({
    ...p[id]!,
    ...sizeOf(g.nodes.find((n) => n.id === id)!),
  });
  const overlap = (r: Rect, s: Rect) =>
    r.x < s.x + s.width && s.x < r.x + r.width && r.y < s.y + s.height && s.y < r.y + r.height;

  it('lays the groups out without the parts, which move with their frame', () => {
    const g = graphOf(b, drawn(a));
    const laid = withoutPeerParts(g);
    expect(ids(laid, 'peer-part')).toEqual([]);
    expect(links(laid)).toContain('resource:admin → peer:workload-a (port admin)');
    expect(withoutPeerParts(graphOf(b))).toEqual(graphOf(b));
  });

  it('places the frames side by side without overlapping, and never moves the edited workload for them', () => {
    const c = a.replace('workload-a', 'workload-c');
    const two = graphOf(b, drawn(a));
    const alone = autoLayout(graphOf(b));
    const placed = placeGroups(two, autoLayout(withoutPeerParts(two)), sizeOf);
    for (const id of Object.keys(alone)) expect(placed.positions[id]).toEqual(alone[id]);
    // A third workload opened: the first two stay where they were.
    const three = graphOf(b, drawn(a), drawn(c));
    const laid = autoLayout(withoutPeerParts(three));
    const again = placeGroups(three, laid, sizeOf);
    for (const id of [...Object.keys(alone), 'peer:workload-a'])
      expect(again.positions[id]).toEqual(placed.positions[id]);
    // Frames apart: the edited one and each group.
    const rects = [
      again.frame!,
      rectOf(three, again.positions, 'peer:workload-a'),
      rectOf(three, again.positions, 'peer:workload-c'),
    ];
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) expect(overlap(rects[i]!, rects[j]!)).toBe(false);
    // The parts stand inside their frame.
    const frameA = rects[1]!;
    for (const part of three.nodes.filter((n) => n.kind === 'peer-part' && n.workload === 'workload-a')) {
      const r = rectOf(three, again.positions, part.id);
      expect(r.x).toBeGreaterThan(frameA.x);
      expect(r.x + r.width).toBeLessThan(frameA.x + frameA.width);
      expect(r.y + r.height).toBeLessThan(frameA.y + frameA.height);
    }
  });

  it('moves a frame laid on another (a group opened, a frame dragged) to the nearest free place', () => {
    const c = a.replace('workload-a', 'workload-c');
    const g = graphOf(b, drawn(a), drawn(c));
    const laid = autoLayout(withoutPeerParts(g));
    laid['peer:workload-c'] = { ...laid['peer:workload-a']! };
    const { positions } = placeGroups(g, laid, sizeOf);
    expect(overlap(rectOf(g, positions, 'peer:workload-a'), rectOf(g, positions, 'peer:workload-c'))).toBe(false);
    expect(positions['peer:workload-a']).toEqual(laid['peer:workload-a']);
  });

  it('frames nothing for a workload alone', () => {
    const g = graphOf(b);
    const positions = autoLayout(g);
    expect(placeGroups(g, positions, sizeOf)).toEqual({ positions, frame: undefined });
  });
});

describe('a frame’s head', () => {
  const named = (name: string, ports = '') =>
    `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\n${ports}containers:\n  worker:\n    image: busybox\n`;

  it('keeps its one-line height for a short name, counts and ports', () => {
    const { group } = drawnPeer(parseWorkloadText(named('billing')));
    expect(Math.min(...group!.parts.map((p) => p.offset.y))).toBe(FRAME_HEADER);
  });

  it('grows with a long name and many ports, wrapped as they are drawn: the parts stand below it', () => {
    const long = 'customer-notification-dispatcher-with-retries-and-dead-letters';
    const ports =
      'service:\n  ports:\n    www: {port: 80}\n    admin-interface: {port: 9000}\n    metrics-exporter: {port: 9100}\n';
    const { group, ...peer } = drawnPeer(parseWorkloadText(named(long, ports)));
    const header = frameHeader(peer, group!.size.width);
    // Three lines of name and two of details at the narrowest frame (seen so in Chromium at 1440 × 900).
    expect(header).toBeGreaterThanOrEqual(FRAME_HEADER + 2 * 18 + 16);
    expect(Math.min(...group!.parts.map((p) => p.offset.y))).toBe(header);
    expect(group!.size.height).toBeGreaterThanOrEqual(header + estimatedSize(group!.parts[0]!.part).height);
  });
});
