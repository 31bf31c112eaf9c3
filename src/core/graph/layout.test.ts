import { describe, expect, it } from 'vitest';
import { SHOP_WITH_START_ORDER } from '../../../test/support/graph-workloads';
import { generateWorkload } from '../../../bench/workload-generator';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { placeNewNodes } from './flow';
import { autoLayout, estimatedSize, placeNear, type Positions, type Rect } from './layout';
import type { WorkloadGraph } from './types';

const overlapping = (graph: WorkloadGraph, positions: Positions): string[] => {
  const rects = graph.nodes.map((n) => ({ id: n.id, ...positions[n.id]!, ...estimatedSize(n) }));
  const out: string[] = [];
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i]!;
      const b = rects[j]!;
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        out.push(`${a.id} / ${b.id}`);
      }
    }
  }
  return out;
};

const text = SHOP_WITH_START_ORDER;

describe('autoLayout', () => {
  it('lays start order out left to right, and resources after the containers that use them', () => {
    const graph = deriveGraph(parseWorkloadText(text));
    const p = autoLayout(graph);
    expect(p['workload']!.x).toBeLessThan(p['container:migrate']!.x);
    expect(p['container:migrate']!.x).toBeLessThan(p['container:api']!.x);
    expect(p['container:api']!.x).toBeLessThan(p['container:web']!.x);
    expect(p['container:api']!.x).toBeLessThan(p['resource:db']!.x);
    expect(overlapping(graph, p)).toEqual([]);
  });

  it('places 100 containers and 100 resources without overlap', () => {
    const graph = deriveGraph(parseWorkloadText(generateWorkload(100, 100)));
    expect(graph.nodes).toHaveLength(201);
    const p = autoLayout(graph);
    expect(Object.keys(p)).toHaveLength(201);
    expect(overlapping(graph, p)).toEqual([]);
  });
});

describe('placeNear', () => {
  const size = { width: 100, height: 50 };
  it('keeps the spot asked for when it is free', () => {
    expect(placeNear({ x: 10, y: 20 }, size, [{ x: 500, y: 500, width: 100, height: 50 }])).toEqual({ x: 10, y: 20 });
  });

  it('moves to the nearest free spot, never onto another node', () => {
    const occupied: Rect[] = [];
    for (let i = 0; i < 30; i++) {
      const spot = placeNear({ x: 0, y: 0 }, size, occupied);
      for (const r of occupied) {
        const apart =
          spot.x >= r.x + r.width ||
          r.x >= spot.x + size.width ||
          spot.y >= r.y + r.height ||
          r.y >= spot.y + size.height;
        expect(apart).toBe(true);
      }
      // Near: within a few rings of the anchor.
      expect(Math.hypot(spot.x, spot.y)).toBeLessThan(600);
      occupied.push({ ...spot, ...size });
    }
  });
});

describe('placeNewNodes', () => {
  it('keeps the positions the user set and places only the new nodes, near what they connect to', () => {
    const before = deriveGraph(parseWorkloadText(text));
    const positions = autoLayout(before);
    positions['container:web'] = { x: 2000, y: 900 }; // moved by the user
    const after = deriveGraph(
      parseWorkloadText(
        text.replace('  web: {image: nginx}', '  web: {image: nginx, variables: {C: "${resources.cache.host}"}}') +
          '  cache: {type: redis}\n',
      ),
    );
    const placed = placeNewNodes(after, positions);
    for (const id of Object.keys(positions)) expect(placed[id]).toEqual(positions[id]);
    const cache = placed['resource:cache']!;
    expect(cache.x).toBeGreaterThan(2000); // to the right of web, which uses it
    expect(Math.abs(cache.y - 900)).toBeLessThan(300);
    expect(overlapping(after, placed)).toEqual([]);
  });

  it('puts a node where the user made it when that is known', () => {
    const graph = deriveGraph(parseWorkloadText(text + '  cache: {type: redis}\n'));
    const positions = autoLayout(deriveGraph(parseWorkloadText(text)));
    const placed = placeNewNodes(graph, positions, new Map([['resource:cache', { x: -700, y: -400 }]]));
    expect(placed['resource:cache']).toEqual({ x: -700, y: -400 });
  });
});
