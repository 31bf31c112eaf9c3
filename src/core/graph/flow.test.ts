import { describe, expect, it } from 'vitest';
import { SHOP_WITH_START_ORDER } from '../../../test/support/graph-workloads';
import { templates } from '../templates';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { routeBetween, runsBackwards } from './diagram';
import { keepFlow, placeNewNodes } from './flow';
import { countBackwards, layDiagram, measureDiagram } from './labels';
import { drawPicture, PICTURE_THEMES } from './picture';
import { autoLayout, estimatedSize, type LayoutDirection, type Positions } from './layout';
import type { WorkloadGraph } from './types';

const text = SHOP_WITH_START_ORDER;

const graphOf = (source: string) => deriveGraph(parseWorkloadText(source));
const diagramOf = (graph: WorkloadGraph, positions: Positions, direction: LayoutDirection = 'left-to-right') =>
  layDiagram(graph, positions, estimatedSize, undefined, direction);
const moved = (before: Positions, after: Positions) =>
  Object.keys(before).filter((id) => after[id] && (after[id].x !== before[id]!.x || after[id].y !== before[id]!.y));

/** The shop with a container `worker` added, and a start order from `first` to it (worker waits for first). */
const withWorker = (first: string) =>
  text
    .replace('  web: {image: nginx}\n', `  web: {image: nginx}\n  worker: {image: w}\n`)
    .replace(
      first === 'web' ? '  web: {image: nginx}\n' : `  ${first}:\n`,
      first === 'web' ? '  web: {image: nginx, before: {worker: {ready: started}}}\n' : `  ${first}:\n`,
    );

describe('Auto layout top to bottom', () => {
  it('stacks start order downwards, resources below the containers that use them, with no edge looping back', () => {
    const graph = graphOf(text);
    const p = autoLayout(graph, estimatedSize, 'top-to-bottom');
    expect(p['workload']!.y).toBeLessThan(p['container:migrate']!.y);
    expect(p['container:migrate']!.y).toBeLessThan(p['container:api']!.y);
    expect(p['container:api']!.y).toBeLessThan(p['container:web']!.y);
    expect(p['container:api']!.y).toBeLessThan(p['resource:db']!.y);
    const diagram = diagramOf(graph, p, 'top-to-bottom');
    expect(countBackwards(diagram)).toBe(0);
    expect(measureDiagram(diagram).edgeNode).toBe(0);
  });

  it.each(templates.map((t) => [t.name, t.text]))(
    '%s: no edge through a node or looping back, either way',
    (_, source) => {
      const graph = graphOf(source);
      for (const direction of ['left-to-right', 'top-to-bottom'] as const) {
        const diagram = diagramOf(graph, autoLayout(graph, estimatedSize, direction), direction);
        expect(countBackwards(diagram)).toBe(0);
        expect(measureDiagram(diagram)).toEqual({ labelNode: 0, labelLabel: 0, edgeNode: 0 });
      }
    },
  );
});

describe('routes along the flow', () => {
  const a = { x: 0, y: 0, width: 100, height: 50 };
  const b = { x: 0, y: 200, width: 100, height: 50 };
  it('leave the bottom and enter the top top to bottom, the right and the left otherwise', () => {
    const down = routeBetween(a, b, 'top-to-bottom');
    expect(down.from).toEqual({ x: 50, y: 56 });
    expect(down.to).toEqual({ x: 50, y: 194 });
    expect(down.c1.x).toBe(50); // bends along the flow
    expect(runsBackwards(down, 'top-to-bottom')).toBe(false);
    expect(runsBackwards(routeBetween(b, a, 'top-to-bottom'), 'top-to-bottom')).toBe(true);
    const across = routeBetween(a, b);
    expect(across.from).toEqual({ x: 106, y: 25 });
    expect(runsBackwards(across)).toBe(true); // b is not to the right of a
  });
});

describe('the picture of a graph laid out top to bottom', () => {
  it('draws its edges as the canvas does: out of the bottom of the source, into the top of the target', () => {
    const graph = graphOf(text);
    const p = autoLayout(graph, estimatedSize, 'top-to-bottom');
    const svg = drawPicture(graph, p, estimatedSize, { theme: PICTURE_THEMES.light, direction: 'top-to-bottom' });
    const d = /data-edge="before:api-&gt;web" d="M([\d.-]+),([\d.-]+) C[^"]* ([\d.-]+),([\d.-]+)"/.exec(svg);
    expect(d).not.toBeNull();
    const [, fromX, fromY, toX, toY] = d!.map(Number);
    const [api, web] = [p['container:api']!, p['container:web']!];
    const size = estimatedSize(graph.nodes.find((n) => n.id === 'container:api')!);
    expect([fromX, fromY]).toEqual([api.x + size.width / 2, api.y + size.height + 6]);
    expect([toX, toY]).toEqual([web.x + size.width / 2, web.y - 6]);
  });
});

describe('placing new nodes along the flow', () => {
  it('puts a node after what it follows: to the right, or below top to bottom', () => {
    const before = graphOf(text);
    const after = graphOf(
      text.replace('  web: {image: nginx}', '  web: {image: nginx, before: {late: {}}}\n  late: {image: l}'),
    );
    for (const direction of ['left-to-right', 'top-to-bottom'] as const) {
      const positions = autoLayout(before, estimatedSize, direction);
      const placed = placeNewNodes(after, positions, new Map(), estimatedSize, direction);
      const diagram = diagramOf(after, placed, direction);
      expect(countBackwards(diagram)).toBe(0);
      const [web, late] = [placed['container:web']!, placed['container:late']!];
      if (direction === 'top-to-bottom') expect(late.y).toBeGreaterThan(web.y + 96);
      else expect(late.x).toBeGreaterThan(web.x + 240);
    }
  });

  it('puts a node before what follows it when it follows nothing placed', () => {
    const before = graphOf(text);
    const after = graphOf(text.replace('containers:\n', 'containers:\n  early: {image: e, before: {migrate: {}}}\n'));
    const positions = autoLayout(before);
    const placed = placeNewNodes(after, positions);
    expect(placed['container:early']!.x + 240).toBeLessThan(placed['container:migrate']!.x);
    expect(countBackwards(diagramOf(after, placed))).toBe(0);
  });
});

describe('keepFlow: a new edge between placed nodes', () => {
  // The user added worker (it landed in the middle of the view, left of web), then made it wait for web.
  const added = graphOf(withWorker('none'));
  const connected = graphOf(withWorker('web'));
  const laidOut = autoLayout(graphOf(text));
  const positions: Positions = {
    ...laidOut,
    'container:worker': { x: laidOut['container:migrate']!.x, y: laidOut['container:migrate']!.y + 300 },
  };

  it('would run backwards behind the nodes where it was drawn', () => {
    expect(countBackwards(diagramOf(connected, positions))).toBe(1);
  });

  it('runs forward once the fewest nodes moved: the one that waits goes after the one it waits for', () => {
    const kept = keepFlow({ previous: added, graph: connected, positions });
    expect(countBackwards(diagramOf(connected, kept))).toBe(0);
    expect(measureDiagram(diagramOf(connected, kept)).edgeNode).toBe(0);
    expect(moved(positions, kept)).toEqual(['container:worker']);
    expect(kept['container:worker']!.x).toBeGreaterThan(positions['container:web']!.x + 240);
  });

  it('moves nothing when the new edge runs forward, or for edges that were there before', () => {
    expect(keepFlow({ previous: connected, graph: connected, positions })).toBe(positions);
    const forward = { ...positions, 'container:worker': { x: positions['container:web']!.x + 400, y: 0 } };
    expect(keepFlow({ previous: added, graph: connected, positions: forward })).toBe(forward);
    // Just laid out or opened: nothing to compare with.
    expect(keepFlow({ previous: undefined, graph: connected, positions })).toBe(positions);
  });

  it('moves the source back when that moves fewer nodes (a chain follows the target)', () => {
    // worker is left of migrate, which starts a chain (migrate → api → web, api → db): worker before migrate
    // would push four nodes forward, or pull worker back alone.
    const late = { ...laidOut, 'container:worker': { x: laidOut['container:web']!.x + 400, y: 600 } };
    const chained = graphOf(
      withWorker('none').replace('  worker: {image: w}', '  worker: {image: w, before: {migrate: {}}}'),
    );
    expect(countBackwards(diagramOf(chained, late))).toBe(1);
    const kept = keepFlow({ previous: added, graph: chained, positions: late });
    expect(moved(late, kept)).toEqual(['container:worker']);
    expect(countBackwards(diagramOf(chained, kept))).toBe(0);
  });

  it('follows the chosen direction', () => {
    const down = autoLayout(graphOf(text), estimatedSize, 'top-to-bottom');
    const at = { ...down, 'container:worker': { x: down['container:migrate']!.x + 400, y: down['workload']!.y } };
    const kept = keepFlow({ previous: added, graph: connected, positions: at, direction: 'top-to-bottom' });
    expect(countBackwards(diagramOf(connected, at, 'top-to-bottom'))).toBe(1);
    expect(countBackwards(diagramOf(connected, kept, 'top-to-bottom'))).toBe(0);
    expect(moved(at, kept)).toEqual(['container:worker']);
  });

  it('leaves a new edge that closes a cycle as it is', () => {
    const cycle = graphOf(text.replace('  web: {image: nginx}', '  web: {image: nginx, before: {migrate: {}}}'));
    const kept = keepFlow({ previous: graphOf(text), graph: cycle, positions: laidOut });
    expect(kept).toBe(laidOut);
  });

  it('does not move the nodes of a renamed container (its edges are not new)', () => {
    const renamed = graphOf(text.replaceAll('web', 'front'));
    const carried = { ...laidOut, 'container:front': { x: 0, y: 900 } };
    expect(keepFlow({ previous: graphOf(text), graph: renamed, positions: carried })).toBe(carried);
  });
});

describe('keepFlow on the templates: a container added in the middle of the graph, then made to wait for each container', () => {
  it.each(templates.map((t) => [t.name, t.text]))('%s: the new edge runs forward, one node moved', (_, source) => {
    const graph = graphOf(source);
    const containers = graph.nodes.filter((n) => n.kind === 'container').map((n) => n.name);
    const tally: string[] = [];
    for (const direction of ['left-to-right', 'top-to-bottom'] as const) {
      const laid = autoLayout(graph, estimatedSize, direction);
      const xs = Object.values(laid).map((p) => p.x);
      const ys = Object.values(laid).map((p) => p.y);
      // Where Add container puts it with nothing selected: the middle of the view, fitted to the graph.
      const middle = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
      const addedText = source.replace(/^containers:\n/m, 'containers:\n  added-node: {image: a}\n');
      const added = graphOf(addedText);
      const placed = placeNewNodes(added, laid, new Map([['container:added-node', middle]]), estimatedSize, direction);
      let backwardsBefore = 0;
      const through = [0, 0];
      for (const first of containers) {
        const text = withBefore(addedText, first, 'added-node');
        const after = graphOf(text);
        expect(after.edges.map((e) => e.id)).toContain(`before:${first}->added-node`);
        backwardsBefore += countBackwards(diagramOf(after, placed, direction));
        through[0]! += measureDiagram(diagramOf(after, placed, direction)).edgeNode;
        const kept = keepFlow({ previous: added, graph: after, positions: placed, direction });
        expect(countBackwards(diagramOf(after, kept, direction))).toBe(0);
        through[1]! += measureDiagram(diagramOf(after, kept, direction)).edgeNode;
        expect(moved(placed, kept).length).toBeLessThanOrEqual(1);
      }
      expect(backwardsBefore).toBeGreaterThan(0);
      tally.push(
        `${direction}: ${backwardsBefore} of ${containers.length} backwards before, 0 after; edges through nodes ${through[0]} → ${through[1]}`,
      );
    }
    console.log(`keepFlow, ${_}: ${tally.join('; ')}`);
  });
});

/** The text with container `first` starting before `then` (a `before` entry added under `first`). */
function withBefore(text: string, first: string, then: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l === `  ${first}:` || l.startsWith(`  ${first}: `));
  if (lines[at]!.startsWith(`  ${first}: {`)) {
    lines[at] = lines[at]!.replace(/}$/, `, before: {${then}: {ready: started}}}`);
    return lines.join('\n');
  }
  const before = lines.findIndex((l, i) => i > at && l === '    before:');
  const end = lines.findIndex((l, i) => i > at && /^ {0,2}\S/.test(l));
  if (before > at && (end < 0 || before < end)) lines.splice(before + 1, 0, `      ${then}: {ready: started}`);
  else lines.splice(at + 1, 0, `    before: {${then}: {ready: started}}`);
  return lines.join('\n');
}
