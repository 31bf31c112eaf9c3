import type { CommandCall } from '../commands';
import type { ParsedDocument } from '../document/parse';
import { referencesToResource, removalOrder, type DanglingReference } from './dangling';
import type { WorkloadGraph } from './types';

/**
 * What removing a node or edge from the canvas (Delete) means, decided before anything is written:
 * - a container goes with the start order that names it (the command removes both);
 * - a resource goes, and the references that then point at nothing are offered for removal after;
 * - a start order goes;
 * - an edge drawn by placeholders or mounts goes when they do: they are listed first, for the user
 *   to remove (`planReferenceRemoval`) or keep;
 * - the workload itself is refused, in words.
 */
export type RemovalPlan =
  | { kind: 'refused'; reason: string }
  | { kind: 'container'; name: string; command: CommandCall; startOrders: string[] }
  | { kind: 'resource'; name: string; command: CommandCall }
  | { kind: 'start-order'; label: string; command: CommandCall }
  | {
      kind: 'references';
      edge: 'uses' | 'mount';
      /** The node the references belong to, and the resource they name. */
      source: string;
      resource: string;
      /** JSON Pointer under which they lie (the source node's, with a trailing `/`). */
      owner: string;
      references: DanglingReference[];
    }
  | { kind: 'nothing' };

export function planRemoval(graph: WorkloadGraph, parsed: ParsedDocument, id: string): RemovalPlan {
  const node = graph.nodes.find((n) => n.id === id);
  if (node?.kind === 'workload') {
    return { kind: 'refused', reason: 'The workload itself cannot be removed; remove its containers or resources.' };
  }
  if (node?.kind === 'container') {
    const orders = graph.edges.filter((e) => e.kind === 'start-order' && (e.source === id || e.target === id));
    return {
      kind: 'container',
      name: node.name,
      command: { name: 'removeContainer', args: { name: node.name } },
      startOrders: orders.map((e) => e.label),
    };
  }
  if (node?.kind === 'resource') {
    return { kind: 'resource', name: node.name, command: { name: 'removeResource', args: { name: node.name } } };
  }
  const edge = graph.edges.find((e) => e.id === id);
  if (!edge) return { kind: 'nothing' };
  if (edge.kind === 'start-order') {
    return {
      kind: 'start-order',
      label: edge.label,
      command: { name: 'removeBefore', args: { container: edge.first, target: edge.then } },
    };
  }
  // A link between workloads is read from both texts: removed by editing the resource it comes from.
  if (edge.kind === 'link') return { kind: 'nothing' };
  const source = graph.nodes.find((n) => n.id === edge.source);
  const target = graph.nodes.find((n) => n.id === edge.target);
  if (!source || !target) return { kind: 'nothing' };
  const owner = source.pointer + '/';
  const references = referencesToResource(parsed, target.name).filter(
    (r) => r.pointer.startsWith(owner) && (edge.kind === 'mount') === (r.context === 'volume-source'),
  );
  return { kind: 'references', edge: edge.kind, source: source.name, resource: target.name, owner, references };
}

/**
 * Removing references listed to the user (after a resource was removed, or as the edge they draw):
 * read again from the current text, since it may have changed since the list was shown. The ones
 * still there go in one command (one undo step); those inside longer texts are left to the user.
 */
export function planReferenceRemoval(
  parsed: ParsedDocument,
  resource: string,
  listed: readonly Pick<DanglingReference, 'pointer'>[],
): { command: CommandCall; removes: number; byHand: DanglingReference[] } {
  const chosen = new Set(listed.map((r) => r.pointer));
  const now = referencesToResource(parsed, resource).filter((r) => chosen.has(r.pointer));
  return {
    command: { name: 'removeResourceReferences', args: { resource, pointers: now.map((r) => r.pointer) } },
    removes: removalOrder(now).length,
    byHand: now.filter((r) => r.removes === undefined),
  };
}
