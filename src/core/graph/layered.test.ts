import { describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../bench/workload-generator';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { layeredLayout } from './layered';
import { autoLayout, DAGRE_MAX_NODES, estimatedSize, layoutEdges, type Positions } from './layout';
import type { WorkloadGraph } from './types';

const spacing = { rankGap: 200, nodeGap: 40, margin: 20 };

/** Pairs of nodes whose boxes overlap, found column by column (nodes sorted by x, then compared while they can meet). */
function overlapping(graph: WorkloadGraph, positions: Positions): string[] {
  const rects = graph.nodes
    .map((n) => ({ id: n.id, ...positions[n.id]!, ...estimatedSize(n) }))
    .sort((a, b) => a.x - b.x);
  const out: string[] = [];
  for (let i = 0; i < rects.length; i++) {
    const a = rects[i]!;
    for (let j = i + 1; j < rects.length && rects[j]!.x < a.x + a.width; j++) {
      const b = rects[j]!;
      if (a.y < b.y + b.height && b.y < a.y + a.height) out.push(`${a.id} / ${b.id}`);
    }
  }
  return out;
}

const graphOf = (text: string) => deriveGraph(parseWorkloadText(text));

describe('layeredLayout', () => {
  it('lays 1,000 containers and 1,000 resources out with every ranking edge left to right and no node on another', () => {
    const graph = graphOf(generateWorkload(1000, 1000));
    expect(graph.nodes.length).toBeGreaterThan(DAGRE_MAX_NODES);
    const p = autoLayout(graph); // large: laid out by layeredLayout
    expect(Object.keys(p)).toHaveLength(graph.nodes.length);
    for (const [source, target] of layoutEdges(graph)) expect(p[source]!.x).toBeLessThan(p[target]!.x);
    expect(overlapping(graph, p)).toEqual([]);
    for (const at of Object.values(p)) {
      expect(Number.isInteger(at.x) && Number.isInteger(at.y)).toBe(true);
      expect(Math.min(at.x, at.y)).toBeGreaterThanOrEqual(20);
    }
  });

  it('gives the same positions for the same graph', () => {
    const graph = graphOf(generateWorkload(40, 40));
    expect(layeredLayout(graph, layoutEdges(graph), estimatedSize, spacing)).toEqual(
      layeredLayout(graph, layoutEdges(graph), estimatedSize, spacing),
    );
  });

  it('places every node of a start order that runs in a circle, once, apart', () => {
    const graph = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: loop}
containers:
  a: {image: a, before: {b: {ready: started}}}
  b: {image: b, before: {c: {ready: started}}}
  c: {image: c, before: {a: {ready: started}}}
  d: {image: d}
`);
    const p = layeredLayout(graph, layoutEdges(graph), estimatedSize, spacing);
    expect(Object.keys(p).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(overlapping(graph, p)).toEqual([]);
    // Where the circle is broken (at its first container in the document), the rest follows it.
    expect(p['container:a']!.x).toBeLessThan(p['container:b']!.x);
    expect(p['container:b']!.x).toBeLessThan(p['container:c']!.x);
  });

  it('keeps a node beside what links it from the left: a resource level with its only user', () => {
    const graph = graphOf(`apiVersion: score.dev/v1b1
metadata: {name: pair}
containers:
  first: {image: a, variables: {A: '\${resources.one.host}'}}
  second: {image: b, variables: {B: '\${resources.two.host}'}}
resources:
  one: {type: redis}
  two: {type: redis}
`);
    const p = layeredLayout(graph, layoutEdges(graph), estimatedSize, spacing);
    const middle = (id: string) => p[id]!.y + estimatedSize(graph.nodes.find((n) => n.id === id)!).height / 2;
    expect(Math.abs(middle('resource:two') - middle('container:second'))).toBeLessThan(1);
    expect(p['resource:one']!.y).toBeLessThan(p['resource:two']!.y);
  });
});
