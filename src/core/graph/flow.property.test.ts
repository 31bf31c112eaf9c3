import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { routeBetween, runsBackwards } from './diagram';
import { keepFlow } from './flow';
import { estimatedSize, type LayoutDirection, type Positions } from './layout';
import type { WorkloadGraph } from './types';

/** A workload of containers c0…c(n-1), each starting before the later ones of `edges` (no cycle). */
function workload(n: number, edges: ReadonlyArray<readonly [number, number]>): string {
  const lines = ['apiVersion: score.dev/v1b1', 'metadata: {name: prop}', 'containers:'];
  for (let i = 0; i < n; i++) {
    const then = edges.filter(([a]) => a === i).map(([, b]) => `c${b}: {ready: started}`);
    lines.push(`  c${i}: {image: x${then.length > 0 ? `, before: {${then.join(', ')}}` : ''}}`);
  }
  return lines.join('\n') + '\n';
}

const forwardEdges = (graph: WorkloadGraph, positions: Positions, direction: LayoutDirection) => {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const box = (id: string) => ({ ...positions[id]!, ...estimatedSize(byId.get(id)!) });
  return new Set(
    graph.edges
      .filter((e) => !runsBackwards(routeBetween(box(e.source), box(e.target), direction), direction))
      .map((e) => e.id),
  );
};

describe('keepFlow, for any placed start order without a cycle and a new start order edge', () => {
  const cases = fc
    .integer({ min: 2, max: 7 })
    .chain((n) => {
      const pair = fc
        .tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }))
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
      return fc.record({
        n: fc.constant(n),
        edges: fc.uniqueArray(pair, { selector: ([a, b]) => `${a}-${b}`, maxLength: 8 }),
        added: pair,
        at: fc.array(
          fc.record({ x: fc.integer({ min: -1500, max: 1500 }), y: fc.integer({ min: -1500, max: 1500 }) }),
          {
            minLength: n,
            maxLength: n,
          },
        ),
        direction: fc.constantFrom<LayoutDirection>('left-to-right', 'top-to-bottom'),
      });
    })
    .filter(({ edges, added }) => !edges.some(([a, b]) => a === added[0] && b === added[1]));

  it('makes the new edge run forward, turns no forward edge backwards, and moves only what it must', () => {
    fc.assert(
      fc.property(cases, ({ n, edges, added, at, direction }) => {
        const previous = deriveGraph(parseWorkloadText(workload(n, edges)));
        const graph = deriveGraph(parseWorkloadText(workload(n, [...edges, added])));
        const positions: Positions = { workload: { x: -3000, y: -3000 } };
        at.forEach((p, i) => (positions[`container:c${i}`] = p));
        const kept = keepFlow({ previous, graph, positions, direction });
        const before = forwardEdges(graph, positions, direction);
        const after = forwardEdges(graph, kept, direction);
        const id = `before:c${added[0]}->c${added[1]}`;
        expect(after.has(id)).toBe(true);
        for (const e of before) expect(after.has(e)).toBe(true);
        if (before.has(id)) expect(kept).toBe(positions);
        // What moved is the target and what follows it, or the source and what it follows: one side only.
        const moved = graph.nodes
          .map((node) => node.id)
          .filter((n) => kept[n]!.x !== positions[n]!.x || kept[n]!.y !== positions[n]!.y);
        const reach = (from: string, way: 'source' | 'target') => {
          const seen = new Set([from]);
          for (const n of seen)
            for (const e of graph.edges) if ((way === 'target' ? e.source : e.target) === n) seen.add(e[way]);
          return seen;
        };
        const [source, target] = [`container:c${added[0]}`, `container:c${added[1]}`];
        const pushed = reach(target, 'target');
        const pulled = reach(source, 'source');
        expect(moved.every((m) => pushed.has(m)) || moved.every((m) => pulled.has(m))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
