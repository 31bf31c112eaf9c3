import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics';
import { generateWorkload } from '../../../bench/workload-generator';
import { parseWorkloadText } from '../document/parse';
import { templates } from '../templates';
import { centredBox, labelLines, overlapArea, pointAt, routeFrom, LABEL_MAX_WIDTH, textWidth } from './diagram';
import { deriveGraph } from './derive';
import { diagramKey, layDiagram, measureDiagram, placeLabels } from './labels';
import { autoLayout, estimatedSize, FULL_LAYOUT_EDGES } from './layout';

describe('placeLabels', () => {
  it('moves a label off a node that lies on the middle of its edge, along the edge', () => {
    const route = routeFrom({ x: 0, y: 0 }, { x: 400, y: 0 });
    const node = { x: 170, y: -30, width: 60, height: 60 };
    const size = { width: 60, height: 16 };
    const t = placeLabels([{ id: 'e', route, size }], [node]).get('e')!;
    expect(t).not.toBe(0.5);
    expect(overlapArea(centredBox(pointAt(route, t), size), node)).toBe(0);
  });

  it('keeps the labels of two edges between the same nodes apart', () => {
    const route = routeFrom({ x: 0, y: 0 }, { x: 300, y: 80 });
    const size = { width: 80, height: 16 };
    const places = placeLabels(
      [
        { id: 'uses', route, size },
        { id: 'mount', route, size },
      ],
      [],
    );
    const [a, b] = ['uses', 'mount'].map((id) => centredBox(pointAt(route, places.get(id)!), size));
    expect(overlapArea(a!, b!)).toBe(0);
  });

  it('keeps the middle when it is clear', () => {
    const route = routeFrom({ x: 0, y: 0 }, { x: 400, y: 100 });
    expect(placeLabels([{ id: 'e', route, size: { width: 50, height: 14 } }], []).get('e')).toBe(0.5);
  });
});

describe('labelLines', () => {
  it('breaks a start order after "starts after" and a long label after a space, keeping every character', () => {
    expect(labelLines('start-order', 'web starts after db is healthy')).toEqual(['web starts after ', 'db is healthy']);
    const long = 'mounted at /etc/ssl/certs, /etc/ssl/private, /var/lib/data';
    const lines = labelLines('mount', long);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(long);
    for (const line of lines) expect(textWidth(line.trimEnd(), 11)).toBeLessThanOrEqual(LABEL_MAX_WIDTH);
  });
});

describe('the diagram after Auto layout', () => {
  it.each(templates.map((t) => [t.name, t.text]))(
    '%s: no label over a node or another label, no edge through a node',
    (_, text) => {
      const graph = deriveGraph(parseWorkloadText(text));
      const diagram = layDiagram(graph, autoLayout(graph), estimatedSize);
      expect(measureDiagram(diagram)).toEqual({ labelNode: 0, labelLabel: 0, edgeNode: 0 });
    },
  );

  it('runs few edges of a generated 10 × 10 workload behind nodes (79 when its long edges took no part in the layout)', () => {
    const graph = deriveGraph(parseWorkloadText(generateWorkload(10, 10)));
    expect(graph.edges.length).toBeLessThanOrEqual(FULL_LAYOUT_EDGES);
    const { edgeNode } = measureDiagram(layDiagram(graph, autoLayout(graph), estimatedSize));
    expect(edgeNode).toBeLessThanOrEqual(20);
  });

  it('places the labels of a generated 10 × 10 workload clear of its nodes, where the middles were not', () => {
    const graph = deriveGraph(parseWorkloadText(generateWorkload(10, 10)));
    const diagram = layDiagram(graph, autoLayout(graph), estimatedSize);
    const middles = measureDiagram({ ...diagram, edges: diagram.edges.map((d) => ({ ...d, t: 0.5 })) });
    const placed = measureDiagram(diagram);
    expect(middles.labelNode).toBeGreaterThan(0);
    expect(placed.labelNode).toBe(0);
    expect(placed.labelLabel).toBeLessThan(middles.labelLabel);
  });
});

describe('diagramKey', () => {
  // A template whose graph has edges (and so labels).
  const text = templates.map((t) => t.text).find((t) => deriveGraph(parseWorkloadText(t)).edges.length > 2)!;
  const graph = deriveGraph(parseWorkloadText(text));
  const positions = autoLayout(graph);
  const key = diagramKey(graph, positions, estimatedSize);

  it('is the same for a graph derived again with other problems: its labels need not be placed again', () => {
    const problem: Diagnostic = {
      severity: 'error',
      code: 'UNKNOWN_FIELD',
      message: 'a problem',
      path: graph.nodes[1]!.pointer,
      range: { line: 1, column: 1, endLine: 1, endColumn: 2 },
      source: 'schema',
    };
    const again = deriveGraph(parseWorkloadText(text), [problem]);
    expect(again.nodes[1]!.problems.length).toBeGreaterThan(0);
    expect(diagramKey(again, positions, estimatedSize)).toBe(key);
    expect(layDiagram(again, positions, estimatedSize)).toEqual(layDiagram(graph, positions, estimatedSize));
  });

  it('changes with what the diagram is laid from: a node moved or resized, an edge relabelled, the direction', () => {
    const [first] = graph.nodes;
    const moved = { ...positions, [first!.id]: { x: positions[first!.id]!.x + 1, y: positions[first!.id]!.y } };
    expect(diagramKey(graph, moved, estimatedSize)).not.toBe(key);
    const wider = (node: Parameters<typeof estimatedSize>[0]) => ({ ...estimatedSize(node), width: 999 });
    expect(diagramKey(graph, positions, wider)).not.toBe(key);
    expect(graph.edges.length).toBeGreaterThan(0);
    const relabelled = { ...graph, edges: graph.edges.map((e, i) => (i === 0 ? { ...e, label: `${e.label}!` } : e)) };
    expect(diagramKey(relabelled, positions, estimatedSize)).not.toBe(key);
    expect(diagramKey(graph, positions, estimatedSize, 'top-to-bottom')).not.toBe(key);
  });
});
