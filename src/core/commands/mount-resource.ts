import { checkArgs } from './args';
import type { Command } from './command';
import { addVolume } from './mounts';
import { editContext } from './tree';
import { hasResource } from './workload';

export interface MountResourceArgs {
  container: string;
  /** The resource to mount: a volume (or another type whose provisioner gives a volume). */
  resource: string;
  /** Mount path inside the container. */
  target: string;
  readOnly?: boolean;
}

/**
 * Mounts a resource into a container as a volume: `volumes` gets an entry at `target` whose source
 * is `${resources.NAME}` (the resource's unique id, as Score reads it), in the form the container's
 * volumes already use. What connecting a container to a volume resource on the canvas writes.
 */
export const mountResource: Command<MountResourceArgs> = (text, args) => {
  const bad = checkArgs(args, { container: 'string', resource: 'string', target: 'string', readOnly: 'boolean?' });
  if (bad) return { error: bad };
  const ctx = editContext(text);
  if (typeof ctx === 'string') return { error: ctx };
  if (!hasResource(ctx, args.resource)) return { error: `There is no resource named "${args.resource}" to mount.` };
  const source = '${resources.' + args.resource + '}';
  return addVolume(text, {
    container: args.container,
    target: args.target,
    source,
    ...(args.readOnly === undefined ? {} : { readOnly: args.readOnly }),
  });
};
