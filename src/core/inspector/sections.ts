import { parsePointer, toPointer } from '../document/pointer';
import { readWorkload } from '../workload/read';

/**
 * Which form the inspector shows for a selection: the workload's, a container's or a resource's.
 * A pointer inside a container or resource opens that one's form; anything else (metadata, service,
 * the lists of containers and resources, a container that no longer exists) the workload's.
 */
export type Section =
  | { kind: 'workload'; pointer: '' }
  | { kind: 'container'; name: string; pointer: string }
  | { kind: 'resource'; name: string; pointer: string };

export function sectionOf(pointer: string | undefined, workload: unknown): Section {
  const [root, name] = parsePointer(pointer ?? '');
  if ((root === 'containers' || root === 'resources') && name !== undefined) {
    if (readWorkload(workload)[root].has(name)) {
      const kind = root === 'containers' ? 'container' : 'resource';
      return { kind, name, pointer: toPointer([root, name]) };
    }
  }
  return { kind: 'workload', pointer: '' };
}
