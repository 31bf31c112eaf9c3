import type { CatalogFile } from '../../../core/catalog';
import type { Diagnostic } from '../../../core/diagnostics';
import { k8sProvisionersFromFiles, type K8sCatalogProvisioners } from '../../../core/export/k8s/catalog-files';
import { k8sReadiness, type K8sReadinessSettings } from '../../../core/export/k8s/readiness';
import { exportWorkloadK8s, type WorkloadK8sExport } from '../../../core/export/k8s/workload-export';
import type { K8sProvisioner } from '../../../core/export/k8s/provisioners/types';
import type { ValidationReport } from '../../../core/validate';

/*
 * The Kubernetes export's readiness, as the validation worker runs it when the page chose that
 * target, and the Kubernetes export itself (its preview, the Export menu): a chunk of the worker's
 * own, loaded the first time (the Compose target never loads it).
 */

/** The provisioners of the last catalog files seen: read again only when the page sends new files. */
let read: { files: readonly CatalogFile[]; provisioners: K8sCatalogProvisioners } | undefined;

export function kubernetesReadinessOf(
  report: ValidationReport,
  files: readonly CatalogFile[],
  settings: K8sReadinessSettings,
): Diagnostic[] {
  return k8sReadiness(report, { ...settings, provisioners: provisionersOf(files).provisioners });
}

/** The app's Kubernetes export of the text, with the catalog's files (state/export/k8s.ts). */
export function kubernetesExportOf(
  text: string,
  files: readonly CatalogFile[],
  question: Omit<Parameters<typeof exportWorkloadK8s>[0], 'text' | 'files'>,
): WorkloadK8sExport {
  return exportWorkloadK8s({ ...question, text, files }, provisionersOf(files));
}

/** Called as each resource's templates start (see sayWhenStarting). */
let starting: () => void = () => {};

/**
 * `say` is called as each resource's templates start: the worker tells the page it is still at work,
 * so that an export of several slow resources, each within the template budget, is not taken for one
 * that never ends (as the Compose export's provisioners do, validation.worker.ts).
 */
export function sayWhenStarting(say: () => void): void {
  starting = say;
}

function provisionersOf(files: readonly CatalogFile[]): K8sCatalogProvisioners {
  if (read?.files !== files) {
    const loaded = k8sProvisionersFromFiles(files);
    const provisioners = loaded.provisioners.map((p): K8sProvisioner => ({
      ...p,
      provision(input, random) {
        starting();
        return p.provision(input, random);
      },
    }));
    // The files are told by uri (workload-export.ts), which the wrapped provisioners keep.
    read = { files, provisioners: { ...loaded, provisioners } };
  }
  return read.provisioners;
}
