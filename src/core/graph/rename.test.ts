import { describe, expect, it } from 'vitest';
import { isRefusal, runCommand } from '../commands';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { planRename } from './rename';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB: \${resources.db.host}
  api:
    image: api
    before:
      web:
        ready: started
resources:
  db:
    type: postgres
`;
const graph = deriveGraph(parseWorkloadText(text));

/** Runs the plan's command on the text: what the canvas does with it. */
function renamed(id: string, name: string): string {
  const plan = planRename(graph, id, name);
  if (plan.kind !== 'rename') throw new Error('nothing to run');
  const result = runCommand(plan.command.name, text, plan.command.args);
  if (isRefusal(result)) throw new Error(result.error);
  return result.text;
}

describe('planRename', () => {
  it('renames a container and the start order that names it; the node moves to its new id and keeps its place', () => {
    expect(planRename(graph, 'container:web', 'front')).toMatchObject({
      kind: 'rename',
      renamedId: 'container:front',
      movesPlace: true,
    });
    expect(renamed('container:web', 'front')).toBe(
      text.replace('  web:\n', '  front:\n').replace('      web:\n', '      front:\n'),
    );
  });

  it('renames a resource and the placeholders that name it', () => {
    expect(planRename(graph, 'resource:db', 'store')).toMatchObject({ renamedId: 'resource:store', movesPlace: true });
    expect(renamed('resource:db', 'store')).toBe(
      text.replace('${resources.db.host}', '${resources.store.host}').replace('  db:\n', '  store:\n'),
    );
  });

  it('renames the workload by setting metadata.name; its node keeps its id', () => {
    expect(planRename(graph, 'workload', 'market')).toMatchObject({ renamedId: 'workload', movesPlace: false });
    expect(renamed('workload', 'market')).toBe(text.replace('name: shop', 'name: market'));
  });

  it('has nothing to do for the same name or a node no longer there', () => {
    expect(planRename(graph, 'container:web', 'web')).toEqual({ kind: 'unchanged' });
    expect(planRename(graph, 'container:gone', 'x')).toEqual({ kind: 'unchanged' });
  });
});
