import { describe, expect, it } from 'vitest';
import { centreToReveal, isClick, spotBeside, spotCentredOn, spotForDrop, withoutKeys } from './geometry';
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
    expect(spotCentredOn({ x: 500, y: 400 })).toEqual({ x: 390, y: 355 });
    expect(spotForDrop({ x: 500, y: 400 })).toEqual({ x: 390, y: 360 });
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
