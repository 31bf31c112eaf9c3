import type { GraphNode, WorkloadGraph } from './types';

/**
 * Finding nodes on the canvas: by name, kind, resource type or class, or container image. Every word
 * of the query must be found (case apart) in one of them, so that `postgres db` finds the postgres
 * resource named db, and `nginx` every container that runs it. An empty query finds nothing.
 */
export function findNodes(graph: WorkloadGraph, query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return graph.nodes
    .filter((node) => {
      const fields = searchedFields(node).map((f) => f.toLowerCase());
      return words.every((w) => fields.some((f) => f.includes(w)));
    })
    .map((n) => n.id);
}

function searchedFields(node: GraphNode): string[] {
  switch (node.kind) {
    case 'workload':
      return [node.name, 'workload'];
    case 'container':
      return [node.name, 'container', node.image ?? ''];
    case 'resource':
      return [node.name, 'resource', node.type ?? '', node.class ?? ''];
    case 'peer':
      return [node.name, 'workload'];
    case 'peer-part':
      // Found as what it is, in the workload it belongs to.
      return [...searchedFields(node.part), node.workload];
  }
}
