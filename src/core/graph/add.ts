import type { CommandCall } from '../commands';
import type { ResourceTypeInfo } from '../catalog/resource-types';
import { uniqueName } from '../workload/names';
import { resourceNodeId, type WorkloadGraph } from './types';

/** The name a new container is offered: `app`, or `app-2`… when that is taken. */
export function suggestedContainerName(graph: WorkloadGraph): string {
  return uniqueName('app', namesOf(graph, 'container'));
}

/**
 * Adding a resource of a type from the palette: named after the type's suggested name, made unique
 * in the workload (`db`, `db-2`…). Returns the command and the node it makes, which the canvas places
 * and opens for renaming.
 */
export function planAddResource(graph: WorkloadGraph, type: ResourceTypeInfo): { command: CommandCall; id: string } {
  const name = uniqueName(type.suggestedName, namesOf(graph, 'resource'));
  return { command: { name: 'addResource', args: { name, type: type.type } }, id: resourceNodeId(name) };
}

function namesOf(graph: WorkloadGraph, kind: 'container' | 'resource'): string[] {
  return graph.nodes.filter((n) => n.kind === kind).map((n) => n.name);
}
