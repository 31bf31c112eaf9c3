import { compareGoStrings } from './common/borrowed';
import { defaultK8sProvisioners } from './provisioners/defaults';
import { loadK8sProvisioners } from './provisioners/file';
import type { K8sProvisioner } from './provisioners/types';

/**
 * The provisioners the app's Kubernetes export runs: of the provisioner files loaded in the app (the
 * catalog's, by file name as the catalog orders them), those that read as score-k8s provisioner
 * files, then score-k8s's defaults. A file written for score-compose (with `services`, `volumes`, …)
 * does not read as one: it is left out, with the reason, and the export says so.
 */
export interface K8sCatalogProvisioners {
  provisioners: K8sProvisioner[];
  /** The file each loaded provisioner came from (parallel to the first entries of `provisioners`). */
  fileOf: ReadonlyMap<K8sProvisioner, string>;
  skipped: Array<{ file: string; reason: string }>;
}

export function k8sProvisionersFromFiles(files: ReadonlyArray<{ name: string; text: string }>): K8sCatalogProvisioners {
  const provisioners: K8sProvisioner[] = [];
  const fileOf = new Map<K8sProvisioner, string>();
  const skipped: K8sCatalogProvisioners['skipped'] = [];
  for (const file of [...files].sort((a, b) => compareGoStrings(a.name, b.name))) {
    const loaded = loadK8sProvisioners(file.text);
    if ('error' in loaded) {
      skipped.push({ file: file.name, reason: loaded.error });
      continue;
    }
    for (const p of loaded.provisioners) {
      provisioners.push(p);
      fileOf.set(p, file.name);
    }
  }
  provisioners.push(...defaultK8sProvisioners());
  return { provisioners, fileOf, skipped };
}
