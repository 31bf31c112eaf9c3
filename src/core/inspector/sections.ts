import { parsePointer, toPointer } from '../document/pointer';

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
    const entries = asRecord(asRecord(workload)?.[root]);
    if (entries && Object.prototype.hasOwnProperty.call(entries, name)) {
      const kind = root === 'containers' ? 'container' : 'resource';
      return { kind, name, pointer: toPointer([root, name]) };
    }
  }
  return { kind: 'workload', pointer: '' };
}

/** The value at a pointer in plain data; undefined when it is not there. */
export function valueAt(data: unknown, pointer: string): unknown {
  let here = data;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(here)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      here = here[Number(segment)];
    } else {
      const record = asRecord(here);
      if (!record || !Object.prototype.hasOwnProperty.call(record, segment)) return undefined;
      here = record[segment];
    }
  }
  return here;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A value shown in a text input: strings as they are, numbers and booleans as written, else ''. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
