import { describe, expect, it } from 'vitest';
import { isRefusal, runCommand, type CommandCall } from '../commands';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { planReferenceRemoval, planRemoval } from './removal';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_HOST: \${resources.db.host}
      MODE: fast
    files:
      /etc/app.conf:
        content: "url=\${resources.db.host}"
    volumes:
      /data:
        source: \${resources.data}
  api:
    image: api
    before:
      web:
        ready: started
resources:
  db:
    type: postgres
  data:
    type: volume
`;
const parsed = parseWorkloadText(text);
const graph = deriveGraph(parsed);

function run(t: string, call: CommandCall): string {
  const result = runCommand(call.name, t, call.args);
  if (isRefusal(result)) throw new Error(result.error);
  return result.text;
}

describe('planRemoval', () => {
  it('refuses the workload itself, in words', () => {
    expect(planRemoval(graph, parsed, 'workload')).toEqual({
      kind: 'refused',
      reason: 'The workload itself cannot be removed; remove its containers or resources.',
    });
  });

  it('removes a container with the start order that names it, and says which', () => {
    const plan = planRemoval(graph, parsed, 'container:web');
    expect(plan).toMatchObject({ kind: 'container', name: 'web', startOrders: ['web starts after api has started'] });
    if (plan.kind !== 'container') return;
    expect(run(text, plan.command)).not.toContain('before:');
  });

  it('removes a resource alone: its references stay, for the user to remove or keep', () => {
    const plan = planRemoval(graph, parsed, 'resource:db');
    expect(plan).toMatchObject({ kind: 'resource', name: 'db' });
    if (plan.kind !== 'resource') return;
    expect(run(text, plan.command)).toContain('DB_HOST: ${resources.db.host}');
  });

  it('removes a start order edge', () => {
    const plan = planRemoval(graph, parsed, 'before:api->web');
    expect(plan).toMatchObject({ kind: 'start-order', label: 'web starts after api has started' });
    if (plan.kind !== 'start-order') return;
    expect(run(text, plan.command)).toBe(text.replace('    before:\n      web:\n        ready: started\n', ''));
  });

  it('lists the references an edge stands for: a uses edge its placeholders, a mount edge its volume', () => {
    const uses = planRemoval(graph, parsed, graph.edges.find((e) => e.kind === 'uses')!.id);
    expect(uses).toMatchObject({
      kind: 'references',
      edge: 'uses',
      source: 'web',
      resource: 'db',
      owner: '/containers/web/',
    });
    if (uses.kind === 'references') {
      expect(uses.references.map((r) => r.where)).toEqual(['web › variable DB_HOST', 'web › file /etc/app.conf']);
    }
    const mount = planRemoval(graph, parsed, graph.edges.find((e) => e.kind === 'mount')!.id);
    expect(mount).toMatchObject({ kind: 'references', edge: 'mount', resource: 'data' });
    if (mount.kind === 'references') expect(mount.references.map((r) => r.where)).toEqual(['web › volume /data']);
  });

  it('has nothing to remove for an element no longer there', () => {
    expect(planRemoval(graph, parsed, 'container:gone')).toEqual({ kind: 'nothing' });
  });
});

describe('planReferenceRemoval', () => {
  const afterRemoval = run(text, { name: 'removeResource', args: { name: 'db' } });

  it('removes the listed references still there in one command, and tells which stay for the user', () => {
    const listed = [
      { pointer: '/containers/web/variables/DB_HOST' },
      { pointer: '/containers/web/files/~1etc~1app.conf/content' },
    ];
    const plan = planReferenceRemoval(parseWorkloadText(afterRemoval), 'db', listed);
    expect(plan.removes).toBe(1);
    expect(plan.byHand.map((r) => r.where)).toEqual(['web › file /etc/app.conf']);
    expect(run(afterRemoval, plan.command)).toBe(afterRemoval.replace('      DB_HOST: ${resources.db.host}\n', ''));
  });

  it('reads the text again: a reference removed meanwhile is not counted, one added meanwhile is not touched', () => {
    const meanwhile = afterRemoval
      .replace('      DB_HOST: ${resources.db.host}\n', '')
      .replace('      MODE: fast\n', '      MODE: fast\n      DB_NEW: ${resources.db.port}\n');
    const plan = planReferenceRemoval(parseWorkloadText(meanwhile), 'db', [
      { pointer: '/containers/web/variables/DB_HOST' },
    ]);
    expect(plan.removes).toBe(0);
    expect(run(meanwhile, plan.command)).toBe(meanwhile);
  });
});
