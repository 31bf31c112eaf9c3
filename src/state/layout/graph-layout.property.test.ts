import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LayoutDirection } from '../../core/graph';
import { createGraphLayoutStorage, GRAPH_LAYOUT_KEY } from './graph-layout';

/** What the user can do to a workload's layout: move nodes, choose a direction, rename it, reload the page. */
type Step =
  | { kind: 'write'; workload: string; x: number; direction?: LayoutDirection }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'reload' };

const names = fc.constantFrom('shop', 'blog', 'api', '__proto__', 'constructor');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    workload: names,
    x: fc.integer({ min: -5000, max: 5000 }),
    direction: fc.option(fc.constantFrom<LayoutDirection>('left-to-right', 'top-to-bottom'), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('rename' as const), from: names, to: names }),
  fc.record({ kind: fc.constant('reload' as const) }),
);

describe("the direction of each workload's layout, for any steps", () => {
  it('is the last one chosen for it (kept through moves, renames and reloads), and lives only in its own key', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const data = new Map<string, string>();
        const storage = {
          getItem: (k: string) => data.get(k) ?? null,
          setItem: (k: string, v: string) => void data.set(k, v),
        };
        let layout = createGraphLayoutStorage(storage, { saveDelayMs: 1e9 });
        /** The model: each workload's direction (left to right unless chosen), and whether it has an entry. */
        const model = new Map<string, LayoutDirection>();
        for (const s of steps) {
          if (s.kind === 'write') {
            layout.write(s.workload, { workload: { x: s.x, y: 0 } }, s.direction);
            model.set(s.workload, s.direction ?? model.get(s.workload) ?? 'left-to-right');
          } else if (s.kind === 'rename') {
            layout.rename(s.from, s.to);
            const was = model.get(s.from);
            if (s.from !== s.to && was !== undefined) {
              model.delete(s.from);
              model.set(s.to, was);
            }
          } else {
            layout.flush();
            layout = createGraphLayoutStorage(storage, { saveDelayMs: 1e9 });
          }
          for (const [name, direction] of model) expect(layout.readDirection(name) ?? 'left-to-right').toBe(direction);
        }
        layout.flush();
        expect([...data.keys()].every((k) => k === GRAPH_LAYOUT_KEY)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
