import type { CatalogFile } from '../../../core/catalog';
import type { Diagnostic } from '../../../core/diagnostics';
import { k8sProvisionersFromFiles, type K8sCatalogProvisioners } from '../../../core/export/k8s/catalog-files';
import { k8sReadiness, type K8sReadinessSettings } from '../../../core/export/k8s/readiness';
import type { ValidationReport } from '../../../core/validate';

/*
 * The Kubernetes export's readiness, as the validation worker runs it when the page chose that
 * target: a chunk of the worker's own, loaded the first time (the Compose target never loads it).
 */

/** The provisioners of the last catalog files seen: read again only when the page sends new files. */
let read: { files: readonly CatalogFile[]; provisioners: K8sCatalogProvisioners } | undefined;

export function kubernetesReadinessOf(
  report: ValidationReport,
  files: readonly CatalogFile[],
  settings: K8sReadinessSettings,
): Diagnostic[] {
  if (read?.files !== files) read = { files, provisioners: k8sProvisionersFromFiles(files) };
  return k8sReadiness(report, { ...settings, provisioners: read.provisioners.provisioners });
}
