import type { CommandCall } from '../commands';
import { containerNodeId, resourceNodeId, type WorkloadGraph } from './types';

/**
 * What renaming a node on the canvas means: the command that renames it (and, through it, every
 * reference to it), and the node's id afterwards, which takes over the node's place on the canvas.
 * Renaming the workload node sets `metadata.name`. The same name, or a node no longer there, is
 * nothing to do.
 */
export type RenamePlan =
  | { kind: 'unchanged' }
  | {
      kind: 'rename';
      command: CommandCall;
      /** The node's id under its new name (the workload's stays `workload`). */
      renamedId: string;
      /** A container or resource is a new node under its new id: it keeps the place the old one had. */
      movesPlace: boolean;
    };

export function planRename(graph: WorkloadGraph, id: string, name: string): RenamePlan {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || name === node.name) return { kind: 'unchanged' };
  switch (node.kind) {
    case 'container':
      return {
        kind: 'rename',
        command: { name: 'renameContainer', args: { from: node.name, to: name } },
        renamedId: containerNodeId(name),
        movesPlace: true,
      };
    case 'resource':
      return {
        kind: 'rename',
        command: { name: 'renameResource', args: { from: node.name, to: name } },
        renamedId: resourceNodeId(name),
        movesPlace: true,
      };
    case 'workload':
      return {
        kind: 'rename',
        command: { name: 'setField', args: { pointer: '/metadata/name', value: name } },
        renamedId: id,
        movesPlace: false,
      };
    case 'peer':
    case 'peer-part':
      // Another workload of the project is renamed in its own text, once it is the one being edited.
      return { kind: 'unchanged' };
  }
}
