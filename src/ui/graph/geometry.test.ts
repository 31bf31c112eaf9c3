import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  centreToReveal,
  isClick,
  MIN_FIT_ZOOM,
  NODE_TITLE_PX,
  readableFit,
  READABLE_TITLE_PX,
  spotBeside,
  spotCentredOn,
  spotForDrop,
  withoutKeys,
} from './geometry';
import { readNodeChanges } from './flow-changes';

describe('the canvas’s geometry', () => {
  const canvas = { width: 800, height: 600 };
  const size = { width: 200, height: 100 };

  it('pans only to a node that is not wholly in view, and then to its centre', () => {
    expect(centreToReveal({ x: 100, y: 100 }, size, { x: 0, y: 0, zoom: 1 }, canvas)).toBeUndefined();
    expect(centreToReveal({ x: 700, y: 100 }, size, { x: 0, y: 0, zoom: 1 }, canvas)).toEqual({ x: 800, y: 150 });
    // Scrolled and zoomed: (700·0.5 − 100) = 250 from the left, inside.
    expect(centreToReveal({ x: 700, y: 100 }, size, { x: -100, y: 0, zoom: 0.5 }, canvas)).toBeUndefined();
    expect(centreToReveal({ x: -10, y: 0 }, size, { x: 0, y: 0, zoom: 1 }, canvas)).toEqual({ x: 90, y: 50 });
  });

  it('lands a new node to the right of the selected one, else in the middle of the view, or under the drop', () => {
    expect(spotBeside({ x: 10, y: 20 }, { width: 300, height: 90 })).toEqual({ x: 390, y: 20 });
    expect(spotBeside({ x: 10, y: 20 }, undefined)).toEqual({ x: 310, y: 20 });
    // Top to bottom, below it.
    expect(spotBeside({ x: 10, y: 20 }, { width: 300, height: 90 }, 'top-to-bottom')).toEqual({ x: 10, y: 190 });
    expect(spotCentredOn({ x: 500, y: 400 })).toEqual({ x: 390, y: 355 });
    expect(spotForDrop({ x: 500, y: 400 })).toEqual({ x: 390, y: 360 });
  });

  it('fits a small graph whole and centred, never above zoom 1', () => {
    const padding = { top: 50, right: 0, bottom: 0, left: 0 };
    // 400×200 in 800×650 (600 below the toolbar): zoom 1, centred in the room below the toolbar.
    expect(readableFit({ x: 0, y: 0, width: 400, height: 200 }, { width: 800, height: 650 }, padding)).toEqual({
      x: 200,
      y: 250,
      zoom: 1,
    });
    // 1000×400 in 800×650: shrunk to 0.9 (not below the readable zoom), centred.
    const fit = readableFit({ x: 100, y: 0, width: 1000, height: 400 }, { width: 900, height: 650 }, padding);
    expect(fit.zoom).toBeCloseTo(0.9);
    expect(fit.x).toBeCloseTo(-90);
    expect(fit.y).toBeCloseTo(50 + (600 - 360) / 2);
  });

  it('fits a large graph no smaller than names can be read: from its start, or around the workload', () => {
    expect(NODE_TITLE_PX * MIN_FIT_ZOOM).toBeGreaterThanOrEqual(READABLE_TITLE_PX);
    const padding = { top: 50, right: 20, bottom: 20, left: 20 };
    const bounds = { x: 20, y: 20, width: 1400, height: 1200 };
    const canvas = { width: 1100, height: 360 };
    const start = readableFit(bounds, canvas, padding);
    expect(start.zoom).toBeCloseTo(MIN_FIT_ZOOM);
    // The graph's top-left corner at the padding's.
    expect(start.x + bounds.x * start.zoom).toBeCloseTo(20);
    expect(start.y + bounds.y * start.zoom).toBeCloseTo(50);
    // Around the workload, halfway down: its centre in the middle of the room below the toolbar.
    const focus = { x: 20, y: 570, width: 220, height: 100 };
    const around = readableFit(bounds, canvas, padding, { focus });
    expect(around.y + 620 * around.zoom).toBeCloseTo(50 + (360 - 70) / 2);
    // A workload at the very top: the view does not go above the graph's start.
    const top = readableFit(bounds, canvas, padding, { focus: { ...focus, y: 20 } });
    expect(top.y + bounds.y * top.zoom).toBeCloseTo(50);
    // "Fit all" is another call: any zoom allowed.
    expect(readableFit(bounds, canvas, padding, { minZoom: 0.02 }).zoom).toBeCloseTo(290 / 1200);
  });

  it('finds the box around placed nodes, leaving out those not placed', () => {
    const positions = { a: { x: 10, y: 20 }, b: { x: 300, y: -40 } };
    const sizeOf = (id: string) => (id === 'a' ? { width: 100, height: 50 } : { width: 200, height: 80 });
    expect(boundsOf(['a', 'b', 'c'], positions, sizeOf)).toEqual({ x: 10, y: -40, width: 490, height: 110 });
    expect(boundsOf(['c'], positions, sizeOf)).toBeUndefined();
  });

  it('tells a click from a drag, and drops positions without making a new object needlessly', () => {
    expect(isClick({ x: 0, y: 0 }, { x: 5, y: 5 })).toBe(true);
    expect(isClick({ x: 0, y: 0 }, { x: 8, y: 0 })).toBe(false);
    expect(isClick(null, { x: 100, y: 0 })).toBe(true);
    const positions = { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } };
    expect(withoutKeys(positions, ['c'])).toBe(positions);
    expect(withoutKeys(positions, ['a'])).toEqual({ b: { x: 2, y: 2 } });
  });
});

describe('React Flow’s node changes, read', () => {
  it('keeps new sizes only, splits drags from drops, and finds the node selected', () => {
    const changes = [
      { type: 'dimensions' as const, id: 'a', dimensions: { width: 10, height: 10 } },
      { type: 'dimensions' as const, id: 'b', dimensions: { width: 20, height: 20 } },
      { type: 'position' as const, id: 'a', position: { x: 1, y: 1 }, dragging: true },
      { type: 'position' as const, id: 'b', position: { x: 2, y: 2 }, dragging: false },
      { type: 'select' as const, id: 'c', selected: false },
      { type: 'select' as const, id: 'b', selected: true },
    ];
    expect(readNodeChanges(changes, { a: { width: 10, height: 10 } })).toEqual({
      measured: { b: { width: 20, height: 20 } },
      moving: { a: { x: 1, y: 1 } },
      moved: [['b', { x: 2, y: 2 }]],
      picked: 'b',
      unselected: ['c'],
    });
  });
});
