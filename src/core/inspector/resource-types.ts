import { defaultProvisioners } from '../provisioners/builtin';
import { environmentProvisioner } from '../provisioners/environment';
import type { Provisioner, ProvisionerOutput } from '../provisioners/types';

/**
 * The resource types the form offers in its type list, with what each provides: score-compose's
 * default provisioners (and the environment resource). Any other type can still be typed in; a
 * loaded resource catalog (a later issue) can pass its own provisioners.
 */
export interface ResourceTypeInfo {
  type: string;
  description: string;
  outputs: readonly ProvisionerOutput[];
}

export function resourceTypes(provisioners?: readonly Provisioner[]): readonly ResourceTypeInfo[] {
  if (provisioners === undefined) {
    defaults ??= typesOf([...defaultProvisioners(), environmentProvisioner]);
    return defaults;
  }
  return typesOf(provisioners);
}

let defaults: ResourceTypeInfo[] | undefined;

function typesOf(provisioners: readonly Provisioner[]): ResourceTypeInfo[] {
  const byType = new Map<string, ResourceTypeInfo>();
  for (const p of provisioners) {
    // The first provisioner of a type is the one that matches a resource without a class.
    if (!byType.has(p.type)) byType.set(p.type, { type: p.type, description: p.description, outputs: p.outputs });
  }
  return [...byType.values()].sort((a, b) => a.type.localeCompare(b.type));
}

/** The outputs a resource of this type is known to have; [] when the type is unknown. */
export function outputsOfType(
  type: unknown,
  types: readonly ResourceTypeInfo[] = resourceTypes(),
): readonly ProvisionerOutput[] {
  return types.find((t) => t.type === type)?.outputs ?? [];
}
