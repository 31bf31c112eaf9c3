import type { CommandCall } from '../commands';
import {
  type ContainerNode,
  type GraphNode,
  type Readiness,
  type ResourceNode,
  type StartOrderEdge,
  type WorkloadGraph,
} from './types';

/**
 * What connecting two nodes on the canvas means, decided before anything is written:
 * - container → container: a start order (`containers.FIRST.before.THEN`);
 * - container → resource: use one of the resource's outputs (bind it to a variable);
 * - anything else is refused, with the reason in words the user can act on.
 */
export type ConnectionPlan =
  | {
      kind: 'start-order';
      first: string;
      then: string;
      /** The edge that is already there, whose condition the user is changing. */
      existing: StartOrderEdge | undefined;
    }
  | { kind: 'use-resource'; container: string; resource: ResourceNode }
  | { kind: 'refused'; reason: string };

export function planConnection(graph: WorkloadGraph, sourceId: string, targetId: string): ConnectionPlan {
  const source = graph.nodes.find((n) => n.id === sourceId);
  const target = graph.nodes.find((n) => n.id === targetId);
  if (!source || !target) return refused('That node is no longer in the workload.');
  if (source.id === target.id) {
    return refused(
      source.kind === 'container'
        ? `A container cannot start before itself: connect "${source.name}" to another container or to a resource.`
        : 'A node cannot be connected to itself.',
    );
  }
  if (source.kind === 'workload' || target.kind === 'workload') {
    return refused(
      'The workload itself is not connected to anything: connect a container to another container (start order) or to a resource (to use its outputs).',
    );
  }
  if (source.kind === 'resource') {
    return refused(
      `Connections start at a container: drag from the container that uses "${source.name}", or from the container that starts first.`,
    );
  }
  if (target.kind === 'resource') return { kind: 'use-resource', container: source.name, resource: target };
  const loop = startOrderPath(graph, target.name, source.name);
  if (loop) {
    return refused(
      `"${target.name}" already starts before "${source.name}" (${loop.join(' → ')}), so "${source.name}" cannot also start before "${target.name}": the start order would loop.`,
    );
  }
  return {
    kind: 'start-order',
    first: source.name,
    then: target.name,
    existing: startOrderEdges(graph).find((e) => e.first === source.name && e.then === target.name),
  };
}

/**
 * Connecting from one node chosen on the keyboard (C): the list of targets opens for a container;
 * anything else is refused in words, since connections start at a container.
 */
export type ConnectionStart = { kind: 'choose-target' } | { kind: 'refused'; reason: string } | { kind: 'nothing' };

export function planConnectionFrom(graph: WorkloadGraph, sourceId: string): ConnectionStart {
  const node = graph.nodes.find((n) => n.id === sourceId);
  if (!node) return { kind: 'nothing' };
  if (node.kind === 'container') return { kind: 'choose-target' };
  return {
    kind: 'refused',
    reason: `Connections start at a container: select the container that uses a resource or starts first, then press C.`,
  };
}

/** A start order with the condition chosen: `setBefore`, or why THEN cannot wait for that. */
export function planStartOrder(
  graph: WorkloadGraph,
  first: string,
  then: string,
  ready: Readiness,
): { kind: 'command'; command: CommandCall } | { kind: 'refused'; reason: string } {
  const problem = readinessProblem(graph, first, ready);
  if (problem) return { kind: 'refused', reason: problem };
  return { kind: 'command', command: { name: 'setBefore', args: { container: first, target: then, ready } } };
}

/** How a container uses a resource it was connected to: reads an output into a variable, or mounts it. */
export type ResourceUse = { variable: string; output: string } | { mountAt: string };

export function planUseResource(container: string, resource: string, use: ResourceUse): CommandCall {
  if ('mountAt' in use) return { name: 'mountResource', args: { container, resource, target: use.mountAt } };
  return {
    name: 'bindOutputToVariable',
    args: { container, variable: use.variable, resource, output: use.output },
  };
}

/** Why `first` cannot be waited for with `ready`, or undefined when it can. */
export function readinessProblem(graph: WorkloadGraph, first: string, ready: Readiness): string | undefined {
  if (ready !== 'healthy') return undefined;
  const node = graph.nodes.find((n): n is ContainerNode => n.kind === 'container' && n.name === first);
  if (!node || node.probes.liveness || node.probes.readiness) return undefined;
  return `"${first}" has no readinessProbe or livenessProbe, so nothing can tell when it is healthy. Add a probe to "${first}", or wait until it has started or completes.`;
}

/** Every node a connection from `sourceId` could go to, with what it would mean (for the keyboard's target list). */
export function connectionTargets(
  graph: WorkloadGraph,
  sourceId: string,
): Array<{ node: GraphNode; plan: ConnectionPlan }> {
  return graph.nodes
    .filter((n) => n.id !== sourceId && n.kind !== 'workload')
    .map((node) => ({ node, plan: planConnection(graph, sourceId, node.id) }));
}

function startOrderEdges(graph: WorkloadGraph): StartOrderEdge[] {
  return graph.edges.filter((e): e is StartOrderEdge => e.kind === 'start-order');
}

/** The chain of start-order edges by which `from` starts before `to` (names), or undefined. */
export function startOrderPath(graph: WorkloadGraph, from: string, to: string): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const e of startOrderEdges(graph)) next.set(e.first, [...(next.get(e.first) ?? []), e.then]);
  const seen = new Set([from]);
  const queue: string[][] = [[from]];
  while (queue.length > 0) {
    const path = queue.shift()!;
    for (const n of next.get(path[path.length - 1]!) ?? []) {
      if (n === to) return [...path, n];
      if (!seen.has(n)) {
        seen.add(n);
        queue.push([...path, n]);
      }
    }
  }
  return undefined;
}

function refused(reason: string): ConnectionPlan {
  return { kind: 'refused', reason };
}

/**
 * A variable name for a resource output: `DB_HOST` for output `host` of resource `db`. Letters,
 * digits and `_` only, upper case; a name the container already uses gets a number (`DB_HOST_2`).
 */
export function suggestVariableName(resource: string, output: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const words = [resource, output === '' ? 'id' : output]
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const base = /^[0-9]/.test(words) ? `_${words}` : words || 'VALUE';
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}_${i}`)) return `${base}_${i}`;
}
