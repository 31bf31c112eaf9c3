import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../../core/document/parse';
import { autoLayout, deriveGraph } from '../../core/graph';
import { emptyFlowCache, sameContent, toFlowEdges, toFlowNodes } from './to-flow';

const text = `apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api:
    image: api:1
    variables: {DB: '\${resources.db.host}'}
    before: {web: {ready: started}}
  web: {image: nginx:1.27}
resources:
  db: {type: postgres}
`;

describe('React Flow nodes and edges from the graph', () => {
  const graph = deriveGraph(parseWorkloadText(text));
  const positions = autoLayout(graph);
  const view = { positions, sizes: {}, selectedId: undefined, renamingId: undefined };

  it('names every node and edge for screen readers, and keeps edges out of the Tab order', () => {
    const cache = emptyFlowCache();
    const nodes = toFlowNodes(graph, view, cache);
    expect(nodes.map((n) => [n.id, n.type, n.ariaLabel])).toEqual([
      ['workload', 'workload', 'workload demo'],
      ['container:api', 'container', 'container api, image api:1'],
      ['container:web', 'container', 'container web, image nginx:1.27'],
      ['resource:db', 'resource', 'resource db, type postgres'],
    ]);
    const edges = toFlowEdges(graph, undefined, cache);
    expect(edges.map((e) => [e.id, e.source, e.target, e.ariaLabel])).toEqual([
      ['before:api->web', 'container:api', 'container:web', 'start order: web starts after api has started'],
      ['uses:container:api->resource:db', 'container:api', 'resource:db', 'api uses db: host'],
    ]);
    expect(edges.every((e) => e.domAttributes?.tabIndex === -1)).toBe(true);
  });

  it('after an edit, keeps the objects of what did not change, and the same arrays when nothing did', () => {
    const cache = emptyFlowCache();
    const nodes = toFlowNodes(graph, view, cache);
    const edges = toFlowEdges(graph, undefined, cache);
    const edited = deriveGraph(parseWorkloadText(text.replace('nginx:1.27', 'nginx:1.28')));
    const nodesAfter = toFlowNodes(edited, view, cache);
    const edgesAfter = toFlowEdges(edited, undefined, cache);
    expect(nodesAfter.map((n, i) => n === nodes[i])).toEqual([true, true, false, true]);
    expect(nodesAfter[2]!.data.node).toMatchObject({ image: 'nginx:1.28' });
    expect(edgesAfter).toBe(edges);
    expect(toFlowNodes(edited, view, cache)).toBe(nodesAfter);
  });

  it('marks the selected node and the one being renamed', () => {
    const nodes = toFlowNodes(
      graph,
      { ...view, selectedId: 'container:web', renamingId: 'resource:db' },
      emptyFlowCache(),
    );
    expect(nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['container:web']);
    expect(nodes.filter((n) => n.data.renaming).map((n) => n.id)).toEqual(['resource:db']);
  });

  it('a problem moved in the list (only its index changed) redraws nothing; a new problem redraws its node', () => {
    const cache = emptyFlowCache();
    const problem = (index: number, message: string) => ({
      index,
      severity: 'error' as const,
      code: 'SYNTAX_ERROR' as const,
      message,
    });
    const withProblems = (list: ReturnType<typeof problem>[]) => ({
      ...graph,
      nodes: graph.nodes.map((n) => (n.id === 'container:web' ? { ...n, problems: list } : { ...n, problems: [] })),
    });
    const before = toFlowNodes(withProblems([problem(3, 'bad')]), view, cache);
    const moved = toFlowNodes(withProblems([problem(7, 'bad')]), view, cache);
    expect(moved).toBe(before);
    const added = toFlowNodes(withProblems([problem(7, 'bad'), problem(8, 'worse')]), view, cache);
    expect(added.map((n, i) => n === before[i])).toEqual([true, true, false, true]);
  });
});

describe('sameContent', () => {
  it("compares plain data deeply, as JSON would see it, without the problems' indexes", () => {
    expect(sameContent({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameContent({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameContent([1, 2], [1, 2, 3])).toBe(false);
    expect(sameContent({ a: undefined, b: 1 }, { b: 1 })).toBe(true);
    expect(sameContent({ b: 1 }, { a: undefined, b: 1 })).toBe(true);
    expect(sameContent({ b: 1 }, { a: null, b: 1 })).toBe(false);
    expect(sameContent({ index: 1, m: 'x' }, { index: 2, m: 'x' })).toBe(true);
    expect(sameContent([], {})).toBe(false);
    expect(sameContent('1', 1)).toBe(false);
    expect(sameContent(undefined, null)).toBe(false);
  });
});
