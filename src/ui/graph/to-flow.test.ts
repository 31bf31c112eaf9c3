import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../../core/document/parse';
import { autoLayout, deriveGraph, estimatedSize } from '../../core/graph';
import { emptyFlowCache, nodeLabelId, sameContent, toFlowEdges, toFlowNodes } from './to-flow';

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

  it('puts the handles on the sides that face the flow: right and left, or bottom and top', () => {
    const cache = emptyFlowCache();
    const across = toFlowNodes(graph, view, cache);
    expect(across.map((n) => [n.sourcePosition, n.targetPosition])[1]).toEqual(['right', 'left']);
    const down = toFlowNodes(graph, { ...view, direction: 'top-to-bottom' }, cache);
    expect(down.map((n) => [n.sourcePosition, n.targetPosition])[1]).toEqual(['bottom', 'top']);
    // The nodes are made anew, so that React Flow measures their handles again.
    expect(down[1]).not.toBe(across[1]);
  });

  it('names every node and edge for screen readers, and keeps edges out of the Tab order', () => {
    const cache = emptyFlowCache();
    const nodes = toFlowNodes(graph, view, cache);
    // A node is labelled by an element its component draws (the name is content, not state).
    expect(nodes.map((n) => [n.id, n.type, n.domAttributes?.['aria-labelledby']])).toEqual([
      ['workload', 'workload', 'graph-node-label-workload'],
      ['container:api', 'container', 'graph-node-label-container%3Aapi'],
      ['container:web', 'container', 'graph-node-label-container%3Aweb'],
      ['resource:db', 'resource', 'graph-node-label-resource%3Adb'],
    ]);
    expect(nodeLabelId('container:a b<i>')).toBe('graph-node-label-container%3Aa%20b%3Ci%3E'); // one IDREF, no space
    const edges = toFlowEdges(graph, undefined, cache);
    expect(edges.map((e) => [e.id, e.source, e.target, e.ariaLabel])).toEqual([
      ['before:api->web', 'container:api', 'container:web', 'start order: web starts after api has started'],
      ['uses:container:api->resource:db', 'container:api', 'resource:db', 'api uses db: host'],
    ]);
    expect(edges.every((e) => e.domAttributes?.tabIndex === -1)).toBe(true);
  });

  it('after an edit of what nodes show, hands React Flow the same arrays; a new node adds its object only', () => {
    const cache = emptyFlowCache();
    const nodes = toFlowNodes(graph, view, cache);
    const edges = toFlowEdges(graph, undefined, cache);
    const edited = deriveGraph(parseWorkloadText(text.replace('nginx:1.27', 'nginx:1.28')));
    expect(toFlowNodes(edited, view, cache)).toBe(nodes);
    expect(toFlowEdges(edited, undefined, cache)).toBe(edges);
    const grown = deriveGraph(parseWorkloadText(text + '  cache: {type: redis}\n'));
    const nodesAfter = toFlowNodes(grown, view, cache);
    expect(nodesAfter.map((n) => nodes.includes(n))).toEqual([true, true, true, true, false]);
  });

  it('gives every node a size, measured or expected, so that the mini-map draws all of them', () => {
    const measured = { 'container:api': { width: 251, height: 120 } };
    const nodes = toFlowNodes(graph, { ...view, sizes: measured }, emptyFlowCache());
    expect(nodes.map((n) => [n.id, n.measured])).toEqual([
      ['workload', estimatedSize(graph.nodes[0]!)],
      ['container:api', { width: 251, height: 120 }],
      ['container:web', estimatedSize(graph.nodes[2]!)],
      ['resource:db', estimatedSize(graph.nodes[3]!)],
    ]);
  });

  it('marks the selected node and the one being renamed', () => {
    const nodes = toFlowNodes(
      graph,
      { ...view, selectedId: 'container:web', renamingId: 'resource:db' },
      emptyFlowCache(),
    );
    expect(nodes.filter((n) => n.selected).map((n) => n.id)).toEqual(['container:web']);
    expect(nodes.filter((n) => 'renaming' in n.data && n.data.renaming).map((n) => n.id)).toEqual(['resource:db']);
  });

  it('moves and selection make new node objects (they are what React Flow draws); a measured size alone does not', () => {
    const cache = emptyFlowCache();
    const nodes = toFlowNodes(graph, view, cache);
    const movedTo = { ...positions, 'resource:db': { x: 1, y: 2 } };
    const moved = toFlowNodes(graph, { ...view, positions: movedTo }, cache);
    expect(moved.map((n, i) => n === nodes[i])).toEqual([true, true, true, false]);
    // React Flow keeps the size it measured while it is handed the same object: measuring every node
    // after opening must not make the next edit hand it every node anew.
    const sizes = { workload: { width: 9, height: 9 }, 'container:web': { width: 7, height: 5 } };
    expect(toFlowNodes(graph, { ...view, positions: movedTo, sizes }, cache)).toBe(moved);
    // A node made anew carries its measured size, so that React Flow does not hide it to measure it again.
    const selected = toFlowNodes(graph, { ...view, positions: movedTo, sizes, selectedId: 'container:web' }, cache);
    expect(selected.map((n, i) => n === moved[i])).toEqual([true, true, false, true]);
    expect(selected[2]!.measured).toEqual({ width: 7, height: 5 });
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
