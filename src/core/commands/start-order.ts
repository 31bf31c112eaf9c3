import { checkArgs, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { removeAt, setAt } from './splice';
import type { EditContext } from './tree';
import { before, container, hasContainer, keepWhenEmpty, namesAt } from './workload';

export type Readiness = 'started' | 'healthy' | 'complete';
const READINESS: readonly string[] = ['started', 'healthy', 'complete'];

export interface SetBeforeArgs {
  /** The container that starts first. */
  container: string;
  /** The container that waits for it. */
  target: string;
  /** What `target` waits for: `container` started, healthy (needs a probe) or completed. */
  ready: Readiness;
}

/**
 * Orders container start: `container` starts before `target` (`containers.C.before.T.ready`).
 * Refuses an unknown container, a container before itself, and an order that would loop.
 */
export const setBefore: Command<SetBeforeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', target: 'string', ready: 'string' });
    if (bad) return bad;
    const { container: first, target, ready } = args;
    if (!READINESS.includes(ready)) return `"ready" must be started, healthy or complete, not "${ready}".`;
    if (!hasContainer(ctx, first)) return `There is no container named "${first}".`;
    if (!hasContainer(ctx, target)) return `There is no container named "${target}" to start after "${first}".`;
    if (first === target) return `A container cannot start before itself.`;
    const loop = startsBefore(ctx, target, first);
    if (loop) return `"${target}" already starts before "${first}" (${loop.join(' → ')}); this order would loop.`;
    return planOf(setAt(ctx, [...before(first, target), 'ready'], ready), before(first, target));
  });

export interface RemoveBeforeArgs {
  container: string;
  target: string;
}

/** Removes a start-order entry (`before.TARGET` of a container); an emptied `before` goes too. */
export const removeBefore: Command<RemoveBeforeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', target: 'string' });
    if (bad) return bad;
    if (!namesAt(ctx, [...container(args.container), 'before']).includes(args.target)) {
      return `Container "${args.container}" has no start order entry for "${args.target}".`;
    }
    return planOf(removeAt(ctx, before(args.container, args.target), keepWhenEmpty), container(args.container));
  });

/** The chain of `before` entries by which `from` starts before `to`, or undefined. */
function startsBefore(ctx: EditContext, from: string, to: string): string[] | undefined {
  const seen = new Set<string>([from]);
  const queue: string[][] = [[from]];
  while (queue.length > 0) {
    const path = queue.shift()!;
    for (const next of namesAt(ctx, [...container(path[path.length - 1]!), 'before'])) {
      if (next === to) return [...path, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return undefined;
}
