import type { Diagnostic } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { toPointer } from '../../document/pointer';
import { didYouMean } from '../../workload/did-you-mean';
import type { Workload } from '../../workload/types';
import { ruleDiagnostic } from './shared';

/**
 * Container start order. `containers.A.before.B` means A starts before B (B waits for A), as
 * score-compose implements it. score-go's loader.Validate rejects unknown targets, self references
 * and cycles; score-compose rejects `ready: healthy` on a container without a probe.
 */
export function beforeRules(parsed: ParsedDocument, workload: Workload): Diagnostic[] {
  const out: Diagnostic[] = [];
  const containers = workload.containers;
  const names = [...containers.keys()];
  const startsBefore = new Map<string, string[]>();

  for (const [a, container] of containers) {
    const edges: string[] = [];
    startsBefore.set(a, edges);
    for (const [b, entry] of container.before) {
      const pointer = toPointer(['containers', a, 'before', b]);
      if (b === a) {
        out.push(
          ruleDiagnostic(
            parsed,
            'error',
            'BEFORE_SELF_REFERENCE',
            `Container "${a}" lists itself under before; a container cannot start before itself. Remove the "${b}" entry.`,
            pointer,
            'key',
          ),
        );
        continue;
      }
      if (!containers.has(b)) {
        const others = names.filter((n) => n !== a);
        const known =
          others.length > 0
            ? ` The other containers are ${others.map((n) => `"${n}"`).join(', ')}.`
            : ' It is the only container.';
        out.push(
          ruleDiagnostic(
            parsed,
            'error',
            'BEFORE_UNKNOWN_CONTAINER',
            `Container "${a}" must start before "${b}", but the workload has no container "${b}".${didYouMean(b, others)}${known} Correct the name or remove the entry.`,
            pointer,
            'key',
          ),
        );
      } else edges.push(b);

      if (entry.ready === 'healthy' && !container.readinessProbe && !container.livenessProbe) {
        out.push(
          ruleDiagnostic(
            parsed,
            'error',
            'HEALTHY_WITHOUT_PROBE',
            `Container "${b}" waits for "${a}" to be healthy (ready: healthy), but "${a}" has no readinessProbe or livenessProbe to tell when it is. Add a probe to "${a}", or use ready: started.`,
            toPointer(['containers', a, 'before', b, 'ready']),
          ),
        );
      }
    }
  }

  for (const cycle of findCycles(names, startsBefore)) {
    const [last, first] = [cycle[cycle.length - 1]!, cycle[0]!];
    const pairs = cycle.map((n, i) => `"${n}" before "${cycle[(i + 1) % cycle.length]}"`);
    const chain = [...cycle, first].join(' → ');
    const message =
      cycle.length === 2
        ? `Container "${first}" must start before "${last}" and "${last}" before "${first}": the start order has a cycle (${chain}). Remove one of the before entries.`
        : `The start order has a cycle (${chain}): ${pairs.slice(0, -1).join(', ')} and ${pairs[pairs.length - 1]}, so none of them can start first. Remove one of these before entries.`;
    // Shown on the entry that closes the cycle.
    out.push(
      ruleDiagnostic(parsed, 'error', 'BEFORE_CYCLE', message, toPointer(['containers', last, 'before', first]), 'key'),
    );
  }
  return out;
}

/**
 * One cycle per back edge of a depth-first walk in document order, each listed from the container
 * the walk reached first. Iterative, so a long chain cannot overflow the stack.
 */
export function findCycles(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  for (const startNode of nodes) {
    if (state.has(startNode)) continue;
    const path: string[] = [startNode];
    const next: number[] = [0];
    state.set(startNode, 'open');
    while (path.length > 0) {
      const node = path[path.length - 1]!;
      const targets = edges.get(node) ?? [];
      const i = next[next.length - 1]!;
      if (i >= targets.length) {
        state.set(node, 'done');
        path.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const target = targets[i]!;
      const seen = state.get(target);
      if (seen === 'open') cycles.push(path.slice(path.indexOf(target)));
      else if (seen === undefined) {
        state.set(target, 'open');
        path.push(target);
        next.push(0);
      }
    }
  }
  return cycles;
}
