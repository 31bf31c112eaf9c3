import type { ProvisionerListRow } from '../../../catalog';
import { compareGoStrings } from '../common/borrowed';
import type { K8sProvisioner } from './types';

/**
 * The provisioners as `score-k8s provisioners list` shows them: by type (in load order where types
 * are equal; score-k8s's sort leaves that order to chance), class "(any)" when unset, params and
 * outputs sorted.
 */
export function k8sProvisionerListing(provisioners: readonly K8sProvisioner[]): ProvisionerListRow[] {
  return provisioners
    .map((p) => ({
      Type: p.type,
      Class: p.class ?? '(any)',
      Params: [...p.params].sort(compareGoStrings),
      Outputs: [...p.outputs].sort(compareGoStrings),
      Description: p.description,
    }))
    .sort((a, b) => compareGoStrings(a.Type, b.Type));
}
