import { describe, expect, it } from 'vitest';
import { isRefusal, runCommand, type CommandSuccess } from '../commands';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { copiedText, copyParts, partsFromText, planPaste } from './paste';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
# the web tier
containers:
  web:
    image: nginx # pinned later
    variables:
      DB_HOST: \${resources.db.host}
      CACHE: "\${resources.cache.host}:\${resources.cache.port}"
      LITERAL: $\${resources.db.host}
    files:
      /etc/app.conf:
        content: host=\${resources.db.host}
      /etc/raw.conf:
        content: host=\${resources.db.host}
        noExpand: true
    before:
      worker:
        ready: started
  worker:
    image: busybox
resources:
  db:
    type: postgres
    params:
      replica_of: \${resources.db.name}
  cache:
    type: redis
`;
/** The fields these tests read of a part, as the text above has them. */
interface Part {
  variables: Record<string, string>;
  files: Record<string, { content: string }>;
  before: unknown;
  params: unknown;
}
type Workload = { containers: Record<string, Part>; resources: Record<string, Part> };

const parsed = parseWorkloadText(text);
const graph = deriveGraph(parsed);

function paste(ids: string[], into = text) {
  const plan = planPaste(deriveGraph(parseWorkloadText(into)), copyParts(parsed.value, ids));
  const result = runCommand(plan.command.name, into, plan.command.args);
  if (isRefusal(result)) throw new Error(result.error);
  return { plan, result: result as CommandSuccess, value: parseWorkloadText(result.text).value as Workload };
}

describe('copying parts of the workload', () => {
  it('takes each selected container and resource whole, and nothing else', () => {
    const parts = copyParts(parsed.value, ['container:worker', 'resource:cache', 'workload', 'before:web->worker']);
    expect(parts).toEqual({ containers: { worker: { image: 'busybox' } }, resources: { cache: { type: 'redis' } } });
  });

  it('travels as a Score fragment that reads back the same, and reads any workload pasted', () => {
    const parts = copyParts(parsed.value, ['container:web', 'resource:db']);
    expect(partsFromText(copiedText(parts))).toEqual(parts);
    expect(Object.keys(partsFromText(text)!.containers)).toEqual(['web', 'worker']);
    expect(partsFromText('just a sentence')).toBeUndefined();
    expect(partsFromText('containers: [1, 2]\n')).toBeUndefined();
    expect(partsFromText('a: &a [*a')).toBeUndefined();
  });
});

describe('pasting', () => {
  it('makes taken names unique as new nodes are named (web → web-2) and keeps free ones', () => {
    const { plan, value } = paste(['container:web', 'resource:db']);
    expect(plan.ids).toEqual(['container:web-2', 'resource:db-2']);
    expect(plan.madeFrom).toEqual([
      ['container:web', 'container:web-2'],
      ['resource:db', 'resource:db-2'],
    ]);
    expect(Object.keys(value.containers)).toEqual(['web', 'worker', 'web-2']);
    expect(Object.keys(value.resources)).toEqual(['db', 'cache', 'db-2']);
    const fresh = paste(['container:web'], 'containers: {}\n');
    expect(fresh.plan.ids).toEqual(['container:web']);
  });

  it('makes references to parts copied with it name the copies, and leaves the others as written', () => {
    const { value } = paste(['container:web', 'resource:db', 'container:worker']);
    const web = value.containers['web-2']!;
    expect(web.variables).toEqual({
      DB_HOST: '${resources.db-2.host}',
      CACHE: '${resources.cache.host}:${resources.cache.port}', // cache was not copied
      LITERAL: '$${resources.db.host}', // an escape is not a reference
    });
    expect(web.files['/etc/app.conf']!.content).toBe('host=${resources.db-2.host}');
    expect(web.files['/etc/raw.conf']!.content).toBe('host=${resources.db.host}'); // noExpand: literal
    expect(web.before).toEqual({ 'worker-2': { ready: 'started' } });
    expect(value.resources['db-2']!.params).toEqual({ replica_of: '${resources.db-2.name}' });
    // The originals are untouched.
    expect(value.containers.web!.variables.DB_HOST).toBe('${resources.db.host}');
  });

  it('keeps a reference to a part not copied, and a start order to a container not copied', () => {
    const { value } = paste(['container:web']);
    expect(value.containers['web-2']!.variables.DB_HOST).toBe('${resources.db.host}');
    expect(value.containers['web-2']!.before).toEqual({ worker: { ready: 'started' } });
  });

  it('never renames a reference twice when copies and originals share names', () => {
    const into = 'containers:\n  a:\n    image: x\nresources:\n  db:\n    type: postgres\n  db-2:\n    type: redis\n';
    const parts = {
      containers: { a: { image: 'x', variables: { A: '${resources.db.host}', B: '${resources.db-2.host}' } } },
      resources: { db: { type: 'postgres' }, 'db-2': { type: 'redis' } },
    };
    const plan = planPaste(deriveGraph(parseWorkloadText(into)), parts);
    const args = plan.command.args as Partial<Workload>;
    expect(Object.keys(args.resources!)).toEqual(['db-3', 'db-2-2']);
    expect(args.containers!['a-2']!.variables).toEqual({ A: '${resources.db-3.host}', B: '${resources.db-2-2.host}' });
  });

  it('is one change that touches only the end of each mapping, comments and quoting elsewhere kept', () => {
    const { result } = paste(['container:worker', 'resource:cache']);
    expect(result.text.startsWith(text.slice(0, text.indexOf('resources:')))).toBe(true);
    expect(result.text).toContain('    image: nginx # pinned later\n');
    expect(result.text).toContain('      CACHE: "${resources.cache.host}:${resources.cache.port}"\n');
    expect(result.edits).toHaveLength(2);
    expect(result.selection).toBe('/containers/worker-2');
  });

  it('is refused, changing nothing, for a taken name, a bad name, a part that is not a mapping, or nothing', () => {
    const refused = (args: unknown) => isRefusal(runCommand('pasteParts', text, args));
    expect(refused({ containers: { web: { image: 'x' } } })).toBe(true);
    expect(refused({ resources: { 'Bad Name': { type: 'redis' } } })).toBe(true);
    expect(refused({ resources: { ok: 'redis' } })).toBe(true);
    expect(refused({ containers: { ok: { image: 'x' } }, resources: { db: { type: 'redis' } } })).toBe(true);
    expect(refused({})).toBe(true);
    expect(refused({ containers: [] })).toBe(true);
  });

  it('draws the copy from the graph of the workload it is pasted into', () => {
    expect(planPaste(graph, copyParts(parsed.value, ['resource:cache'])).ids).toEqual(['resource:cache-2']);
  });
});
