import { describe, expect, it } from 'vitest';
import { isRefusal, runCommand } from '../../core/commands';
import { parseWorkloadText } from '../../core/document/parse';
import { deriveGraph, planRemoval } from '../../core/graph';
import { referencesRemovedNotice, removalNotice } from './notices';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_HOST: \${resources.db.host}
      DB_PORT: \${resources.db.port}
  api:
    image: api
    before:
      web:
        ready: started
resources:
  db:
    type: postgres
  cache:
    type: redis
`;
const parsed = parseWorkloadText(text);
const graph = deriveGraph(parsed);

/** Carries out a plan's command as the canvas does, and returns what it then tells. */
function removed(id: string) {
  const plan = planRemoval(graph, parsed, id);
  if (!('command' in plan)) return removalNotice(plan);
  const result = runCommand(plan.command.name, text, plan.command.args);
  if (isRefusal(result)) throw new Error(result.error);
  return removalNotice(plan, { text: result.text, parsed: parseWorkloadText(result.text) });
}

describe('what the canvas tells after a removal', () => {
  it('a container, with the start orders that went with it, and Undo while the text is still that', () => {
    expect(removed('container:web')).toEqual({
      kind: 'info',
      text: 'Removed container web.',
      details: ['Start order removed with it: web starts after api has started'],
      textAfter: expect.stringContaining('api:'),
    });
  });

  it('a resource, with the references it left pointing at nothing and the offer to remove them', () => {
    expect(removed('resource:db')).toMatchObject({
      kind: 'references',
      text: 'Removed resource db. These 2 references to it now point at nothing:',
      removeLabel: 'Remove these references too',
    });
    expect(removed('resource:cache')).toMatchObject({ kind: 'info', text: 'Removed resource cache.' });
  });

  it('an edge drawn by references lists them: removing them removes the edge', () => {
    const uses = graph.edges.find((e) => e.kind === 'uses')!;
    expect(removed(uses.id)).toMatchObject({
      kind: 'references',
      text: 'web uses db through these references. Removing the edge removes them:',
      owner: '/containers/web/',
      removeLabel: 'Remove the edge',
    });
  });

  it('the workload itself is refused, in words', () => {
    expect(removed('workload')).toEqual({
      kind: 'refused',
      text: 'The workload itself cannot be removed; remove its containers or resources.',
    });
  });

  it('after removing references: how many, and what is left to edit by hand or why nothing was', () => {
    expect(
      referencesRemovedNotice('db', 1, [{ where: 'web › file /etc/a', raw: '${resources.db.x}' }], undefined),
    ).toEqual({
      kind: 'info',
      text: 'Removed 1 reference to db.',
      details: ['Still to edit by hand: web › file /etc/a ${resources.db.x}'],
    });
    expect(referencesRemovedNotice('db', 0, [], 'Cannot edit through an alias.')).toEqual({
      kind: 'info',
      text: 'Removed 0 references to db.',
      details: ['Cannot edit through an alias.'],
    });
  });
});
