import { parsePointer } from '../document/pointer';
import { containerNodeId, resourceNodeId, startOrderEdgeId, WORKLOAD_ID, type WorkloadGraph } from './types';

/**
 * Selection between the canvas and the rest of the workspace, which speaks JSON Pointers:
 * the pointer a node or edge stands for, and the node or edge a pointer (the YAML cursor) is in.
 */

/** The node or edge id the pointer lies in: a start-order entry's edge, else its container or resource, else the workload. */
export function elementAt(graph: WorkloadGraph, pointer: string): string | undefined {
  const [kind, name, field, entry] = parsePointer(pointer);
  const has = (id: string) => graph.nodes.some((n) => n.id === id) || graph.edges.some((e) => e.id === id);
  if (kind === 'containers' && name !== undefined) {
    if (field === 'before' && entry !== undefined && has(startOrderEdgeId(name, entry))) {
      return startOrderEdgeId(name, entry);
    }
    return has(containerNodeId(name)) ? containerNodeId(name) : undefined;
  }
  if (kind === 'resources' && name !== undefined) return has(resourceNodeId(name)) ? resourceNodeId(name) : undefined;
  if (kind === 'containers' || kind === 'resources') return undefined;
  return WORKLOAD_ID;
}

/** The pointer a node or edge stands for; undefined for an id not in the graph. */
export function pointerOf(graph: WorkloadGraph, id: string): string | undefined {
  const element = graph.nodes.find((n) => n.id === id) ?? graph.edges.find((e) => e.id === id);
  // Another workload of the project, or a link between two others, is nowhere in this text.
  if (element?.kind === 'peer' || element?.kind === 'peer-part' || (element?.kind === 'link' && element.pointer === ''))
    return undefined;
  return element?.pointer;
}
