import { error, warning, type Problem } from './diagnostics';
import { sortGoStrings, type ScoreWorkload } from './borrowed';

/**
 * Container start order (`containers.A.before.B.ready`: A starts before B, and B waits until A has
 * started, is healthy, or has completed) in a Kubernetes pod.
 *
 * - `ignore` (the default, as score-k8s 0.15): every container is an ordinary container, they all
 *   start together, and each `before` gets a warning saying so.
 * - `init-containers`: as score-k8s's PR #294 for `complete` (A becomes an init container, run to
 *   completion before the containers after it) and `started` (A becomes a native sidecar: an init
 *   container with `restartPolicy: Always`), and beyond it for `healthy` (a sidecar with a startup
 *   probe taken from A's readiness probe, or its liveness probe when it has none, so that the kubelet
 *   waits for it to pass). Kubernetes ≥ 1.29 starts init containers one by one, each after the one
 *   before it has completed or (a sidecar) started; the ordinary containers start after them all.
 *   So the init containers are listed in an order that respects every `before` (by name where any
 *   order would do; PR #294 lists them by name only, which can break a chain).
 *   Refused with the reason: self references, unknown containers, cycles (as PR #294), `healthy` on
 *   a container with no probe to wait for, and a container that must both complete (for one
 *   container) and keep running (for another).
 */
export type StartOrderMode = 'ignore' | 'init-containers';

export type ContainerRole =
  /** Started with the others (spec.containers). */
  | 'container'
  /** Run to completion before the ones after it (an init container). */
  | 'init'
  /** Started, and kept running, before the ones after it (an init container with restartPolicy: Always). */
  | 'sidecar';

export interface StartOrderPlan {
  /** The init containers and sidecars in the order the pod lists them. */
  initOrder: string[];
  roles: Map<string, ContainerRole>;
  /** Sidecars the kubelet must wait for to be healthy: the probe their startup probe copies. */
  startupProbeFrom: Map<string, 'readinessProbe' | 'livenessProbe'>;
  problems: Problem[];
}

export function planStartOrder(workload: ScoreWorkload, mode: StartOrderMode): StartOrderPlan {
  const names = sortGoStrings(Object.keys(workload.containers));
  const plan: StartOrderPlan = {
    initOrder: [],
    roles: new Map(names.map((n) => [n, 'container'])),
    startupProbeFrom: new Map(),
    problems: [],
  };
  if (mode === 'ignore') {
    for (const a of names) {
      for (const b of sortGoStrings(Object.keys(workload.containers[a]!.before))) {
        plan.problems.push(
          warning(
            ['containers', a, 'before', b],
            `containers.${a}.before.${b}: not converted: score-k8s starts all of a workload's containers together, so "${b}" does not wait for "${a}"; export with the start order "init-containers" to have Kubernetes start "${a}" first`,
          ),
        );
      }
    }
    return plan;
  }

  // Validation, worded as PR #294 words it.
  const edges = new Map<string, string[]>();
  for (const a of names) {
    const container = workload.containers[a]!;
    const targets: string[] = [];
    for (const b of sortGoStrings(Object.keys(container.before))) {
      const where = ['containers', a, 'before', b];
      if (b === a) plan.problems.push(error(where, `container ${quote(a)} has a self-referencing before entry`));
      else if (!names.includes(b)) {
        plan.problems.push(error(where, `container ${quote(a)} before refers to unknown container ${quote(b)}`));
      } else targets.push(b);
    }
    edges.set(a, targets);
  }
  const inCycle = findCycle(names, edges);
  if (inCycle) {
    plan.problems.push(error(['containers', inCycle, 'before'], 'containers before relationships contain a cycle'));
  }

  for (const a of names) {
    const entries = Object.entries(workload.containers[a]!.before).filter(([b]) => b !== a && names.includes(b));
    if (entries.length === 0) continue;
    const ready = (r: string) => sortGoStrings(entries.filter(([, e]) => e.ready === r).map(([b]) => b));
    const [complete, started, healthy] = [ready('complete'), ready('started'), ready('healthy')];
    const keepsRunning = [...started, ...healthy];
    if (complete.length > 0 && keepsRunning.length > 0) {
      const b = complete[0]!;
      const c = keepsRunning[0]!;
      plan.problems.push(
        error(
          ['containers', a, 'before', b, 'ready'],
          `container ${quote(a)} before ${quote(b)}: ready 'complete' cannot be expressed together with ready '${workload.containers[a]!.before[c]!.ready}' before ${quote(c)}: Kubernetes either runs a container to completion before the others start (an init container) or keeps it running beside them (a sidecar), not both`,
        ),
      );
      continue;
    }
    if (healthy.length > 0) {
      const container = workload.containers[a]!;
      const probe = container.readinessProbe ? 'readinessProbe' : container.livenessProbe ? 'livenessProbe' : undefined;
      if (!probe) {
        plan.problems.push(
          error(
            ['containers', a, 'before', healthy[0]!, 'ready'],
            `container ${quote(a)} before ${quote(healthy[0]!)}: ready 'healthy' is not supported in score-k8s, and it cannot be expressed here either: ${quote(a)} has no readinessProbe (or livenessProbe) to make the startup probe from that Kubernetes would wait for`,
          ),
        );
        continue;
      }
      plan.startupProbeFrom.set(a, probe);
    }
    plan.roles.set(a, complete.length > 0 ? 'init' : 'sidecar');
  }
  if (plan.problems.some((p) => p.severity === 'error')) return plan;

  for (const a of plan.roles.keys()) {
    if (plan.roles.get(a) === 'init') dropProbes(workload, a, plan.problems);
  }
  plan.initOrder = initOrder(
    names.filter((n) => plan.roles.get(n) !== 'container'),
    edges,
  );
  return plan;
}

/** Kubernetes refuses probes on an init container that runs to completion: they are left out, with a word. */
function dropProbes(workload: ScoreWorkload, name: string, problems: Problem[]): void {
  const container = workload.containers[name]!;
  for (const field of ['livenessProbe', 'readinessProbe'] as const) {
    if (!container[field]) continue;
    problems.push(
      warning(
        ['containers', name, field],
        `containers.${name}.${field}: not converted: "${name}" runs to completion as an init container, and Kubernetes allows no probes on one`,
      ),
    );
  }
}

/** Kahn's algorithm over the init containers, taking the first ready one by name each time. */
function initOrder(init: string[], edges: Map<string, string[]>): string[] {
  const waitingOn = new Map(init.map((n) => [n, new Set<string>()]));
  for (const a of init) {
    for (const b of edges.get(a) ?? []) waitingOn.get(b)?.add(a);
  }
  const order: string[] = [];
  while (waitingOn.size > 0) {
    const next = sortGoStrings([...waitingOn].filter(([, before]) => before.size === 0).map(([n]) => n))[0];
    if (next === undefined) break; // a cycle, refused above
    order.push(next);
    waitingOn.delete(next);
    for (const before of waitingOn.values()) before.delete(next);
  }
  return order;
}

/** A container on a cycle of `before` edges (the first by name), if there is one. */
function findCycle(names: string[], edges: Map<string, string[]>): string | undefined {
  const colour = new Map<string, 'grey' | 'black'>();
  let found: string | undefined;
  const visit = (node: string): boolean => {
    colour.set(node, 'grey');
    for (const next of edges.get(node) ?? []) {
      if (colour.get(next) === 'grey') {
        found = next;
        return true;
      }
      if (colour.get(next) === undefined && visit(next)) return true;
    }
    colour.set(node, 'black');
    return false;
  };
  for (const name of names) if (colour.get(name) === undefined && visit(name)) return found;
  return undefined;
}

/** Go's %q for a container name. */
function quote(name: string): string {
  return JSON.stringify(name);
}
