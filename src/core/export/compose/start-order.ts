import { sortStrings as sortGoStrings } from '../../go/sort';
import type { ScoreWorkload } from './workload';

/**
 * Container start order and networking, as score-compose derives them from `before`:
 * - the primary container (first by name with no `before`) owns the network and the hostname;
 * - init containers (every `before` entry is `ready: complete`) run on their own;
 * - every other container joins the primary's network (`network_mode: service:<primary>`);
 * - `A.before.B.ready: X` makes B's service depend on A's with the matching compose condition.
 */
const CONDITIONS: Record<string, string> = {
  started: 'service_started',
  healthy: 'service_healthy',
  complete: 'service_completed_successfully',
};

export interface StartOrder {
  primary: string | undefined;
  initContainers: Set<string>;
  /** service name → (service it depends on → condition) */
  dependsOn: Map<string, Map<string, string>>;
}

export function serviceName(workload: string, container: string): string {
  return `${workload}-${container}`;
}

export function startOrder(workload: ScoreWorkload): { order: StartOrder } | { error: string } {
  const names = sortGoStrings(Object.keys(workload.containers));
  const primary = names.find((n) => Object.keys(workload.containers[n]!.before).length === 0);
  const initContainers = new Set(
    names.filter((n) => {
      const entries = Object.values(workload.containers[n]!.before);
      return entries.length > 0 && entries.every((e) => e.ready === 'complete');
    }),
  );
  const dependsOn = new Map<string, Map<string, string>>();
  for (const name of names) {
    const container = workload.containers[name]!;
    for (const other of sortGoStrings(Object.keys(container.before))) {
      const ready = container.before[other]!.ready;
      const condition = CONDITIONS[ready];
      if (condition === undefined) {
        return { error: `containers.${name}.before.${other}: unknown ready value '${ready}'` };
      }
      if (ready === 'healthy' && !container.readinessProbe && !container.livenessProbe) {
        return {
          error: `containers.${name}.before: ready 'healthy' requires a readiness or liveness probe to be defined`,
        };
      }
      const waiting = serviceName(workload.name, other);
      const deps = dependsOn.get(waiting) ?? new Map<string, string>();
      deps.set(serviceName(workload.name, name), condition);
      dependsOn.set(waiting, deps);
    }
  }
  return { order: { primary, initContainers, dependsOn } };
}
