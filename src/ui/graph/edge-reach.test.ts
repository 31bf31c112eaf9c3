import { describe, expect, it } from 'vitest';
import { edgesInReach, edgesToDraw, reachKey, reachOf } from './edge-reach';
import type { FlowEdge } from './to-flow';

const edge = (source: string, target: string, selected = false) =>
  ({ id: `${source}->${target}`, source, target, selected }) as FlowEdge;

describe('the edges a very large canvas draws (its reach)', () => {
  const canvas = { width: 1000, height: 600 };

  it('holds the whole view, at any zoom and place', () => {
    for (const zoom of [0.02, 0.1, 0.37, 0.85, 1, 1.41, 2]) {
      for (const [x, y] of [
        [0, 0],
        [-123456, 789],
        [5000, -40000],
      ] as const) {
        const reach = reachOf(reachKey([x, y, zoom], canvas.width, canvas.height))!;
        // The view's box on the plane.
        const view = { x: -x / zoom, y: -y / zoom, width: canvas.width / zoom, height: canvas.height / zoom };
        expect(reach.x).toBeLessThanOrEqual(view.x);
        expect(reach.y).toBeLessThanOrEqual(view.y);
        expect(reach.x + reach.width).toBeGreaterThanOrEqual(view.x + view.width);
        expect(reach.y + reach.height).toBeGreaterThanOrEqual(view.y + view.height);
      }
    }
  });

  it('stays the same through a small pan or zoom, and moves with a long one', () => {
    const at = (x: number, zoom = 1) => reachKey([x, 0, zoom], canvas.width, canvas.height);
    expect(at(-10)).toBe(at(-30));
    expect(at(-10, 1.01)).toBe(at(-10, 1.02));
    expect(at(-10)).not.toBe(at(-10 - 5 * canvas.width));
    expect(at(-10, 1)).not.toBe(at(-10, 0.5));
  });

  it('is nothing while the canvas has no size', () => {
    expect(reachOf(reachKey([0, 0, 1], 0, 0))).toBeUndefined();
  });

  it('keeps the edges with an end in reach and the selected ones, and the same array when all are kept', () => {
    const positions = {
      a: { x: 10, y: 10 },
      b: { x: 500, y: 300 },
      far: { x: 90_000, y: 0 },
      away: { x: 0, y: 80_000 },
    };
    const reach = { x: 0, y: 0, width: 1000, height: 1000 };
    const near = edge('a', 'b');
    const out = edge('a', 'far');
    const across = edge('far', 'away');
    const chosen = edge('away', 'far', true);
    expect(edgesInReach([near, out, across, chosen], positions, reach, 800)).toEqual([near, out, chosen]);
    const all = [near, out];
    expect(edgesInReach(all, positions, reach, 800)).toBe(all);
    // A node just left of the reach, whose box still reaches into it.
    expect(edgesInReach([edge('left', 'far')], { ...positions, left: { x: -300, y: 5 } }, reach, 800)).toHaveLength(1);
    expect(edgesInReach([near], positions, undefined, 800)).toEqual([]);
  });

  it('hands all edges of a graph that is not large, and only the selected ones while a large one is moved from far', () => {
    const positions = { a: { x: 10, y: 10 }, b: { x: 500, y: 300 } };
    const key = reachKey([0, 0, 1], 1000, 600);
    const all = [edge('a', 'b'), edge('b', 'a', true)];
    expect(edgesToDraw(all, positions, { large: false, movingFar: true, key })).toBe(all);
    expect(edgesToDraw(all, positions, { large: true, movingFar: false, key })).toBe(all);
    expect(edgesToDraw(all, positions, { large: true, movingFar: true, key })).toEqual([all[1]]);
  });
});
