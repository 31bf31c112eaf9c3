import type { Provisioner } from './types';
import { uidParts } from './uid';

/** Whether a provisioner takes a resource: type equal, and class and id equal when it sets them. */
export function provisionerMatches(p: Pick<Provisioner, 'type' | 'class' | 'id'>, uid: string): boolean {
  const parts = uidParts(uid);
  if (parts.type !== p.type) return false;
  if (p.class !== undefined && parts.class !== p.class) return false;
  if (p.id !== undefined && parts.id !== p.id) return false;
  return true;
}

/** The first provisioner, in load order, that takes the resource. */
export function findProvisioner(provisioners: readonly Provisioner[], uid: string): Provisioner | undefined {
  return provisioners.find((p) => provisionerMatches(p, uid));
}
