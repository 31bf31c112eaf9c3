import { isMap, isScalar, isSeq } from 'yaml';
import { keyText } from '../document/source-map';
import type { KeepWhenEmpty } from './splice';
import { asRecord } from '../workload/values';
import { mergedValueAt, readAt, type EditContext } from './tree';

/**
 * Where things live in a workload, and which parents stay when their last entry goes.
 *
 * Removing an entry that empties its parent removes the parent too, up the tree, so that clearing
 * the last variable removes `variables:` rather than leaving `variables: {}`. The climb stops at:
 * - the top-level mapping, and the required roots `metadata` and `containers` (they become `{}`);
 * - a named thing the user made: a container, a resource, a service port, a file, a volume
 *   (clearing a container's last field must not delete the container).
 */
export const keepWhenEmpty: KeepWhenEmpty = (s) => {
  const [a, b, c] = s;
  switch (s.length) {
    case 0:
      return true;
    case 1:
      return a === 'metadata' || a === 'containers';
    case 2:
      return a === 'containers' || a === 'resources';
    case 3:
      return a === 'service' && b === 'ports';
    case 4:
      return a === 'containers' && (c === 'files' || c === 'volumes');
    default:
      return false;
  }
};

export const container = (name: string): string[] => ['containers', name];
export const resource = (name: string): string[] => ['resources', name];
export const servicePort = (name: string): string[] => ['service', 'ports', name];
export const variable = (c: string, name: string): string[] => ['containers', c, 'variables', name];
export const before = (c: string, target: string): string[] => ['containers', c, 'before', target];
export const resourceParam = (r: string, name: string): string[] => ['resources', r, 'params', name];
export const annotations = (r: string | undefined): string[] =>
  r === undefined ? ['metadata', 'annotations'] : ['resources', r, 'metadata', 'annotations'];

export type ProbeKind = 'liveness' | 'readiness';
export const probeKey = (kind: ProbeKind): string => (kind === 'liveness' ? 'livenessProbe' : 'readinessProbe');

/** Names of the entries of a mapping in the document ([] when absent). */
export function namesAt(ctx: EditContext, segments: readonly string[]): string[] {
  const node = readAt(ctx, segments);
  const written = isMap(node) ? node.items.map((p) => keyText(p.key)) : [];
  // Names a merge key (`<<: *base`) brings are there too: a command on one is then refused as such.
  const merged = asRecord(mergedValueAt(ctx, segments));
  if (!merged) return written;
  const more = Object.keys(merged).filter((name) => !written.includes(name));
  return more.length > 0 ? [...written, ...more] : written;
}

export function hasContainer(ctx: EditContext, name: string): boolean {
  return namesAt(ctx, ['containers']).includes(name);
}

export function hasResource(ctx: EditContext, name: string): boolean {
  return namesAt(ctx, ['resources']).includes(name);
}

/**
 * Where a container's file or volume with this target path stands: its key in the map form, or its
 * index in the deprecated list form (matched by its `target` field). Undefined when it is not there.
 */
export function mountSegments(
  ctx: EditContext,
  containerName: string,
  field: 'files' | 'volumes',
  target: string,
): string[] | undefined {
  const base = [...container(containerName), field];
  const node = readAt(ctx, base);
  if (isMap(node)) return namesAt(ctx, base).includes(target) ? [...base, target] : undefined;
  if (isSeq(node)) {
    const index = node.items.findIndex((item) => {
      if (!isMap(item)) return false;
      const t = item.items.find((p) => keyText(p.key) === 'target')?.value;
      return isScalar(t) && t.value === target;
    });
    return index >= 0 ? [...base, String(index)] : undefined;
  }
  return undefined;
}

/** The form a container's files or volumes are written in: a map (current) or a list (deprecated). */
export function mountForm(
  ctx: EditContext,
  containerName: string,
  field: 'files' | 'volumes',
): 'map' | 'list' | 'none' {
  const node = readAt(ctx, [...container(containerName), field]);
  return isSeq(node) ? 'list' : isMap(node) ? 'map' : 'none';
}
