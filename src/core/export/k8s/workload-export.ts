import type { CatalogFile } from '../../catalog';
import { k8sProvisionersFromFiles, type K8sCatalogProvisioners } from './catalog-files';
import { exportKubernetes, type K8sDiagnostic } from './index';

/** The Kubernetes export's options as the app keeps them (state/export/settings.ts): '' for none. */
export interface K8sWorkloadSettings {
  namespace: string;
  image: string;
  startOrder: 'ignore' | 'init-containers';
}

/**
 * The Kubernetes export of the open workload, as the app makes it: one workload (score.yaml), the
 * workload's seed (the same as its Compose export's), the export's options, and the provisioner files
 * loaded in the app that are score-k8s files, before score-k8s's defaults. Made in the validation worker
 * (or on the page where there is none: state/export/k8s.ts), never with the page's first download.
 */
export interface WorkloadK8sInput {
  text: string;
  seed: number;
  settings: K8sWorkloadSettings;
  /** The catalog's provisioner files. */
  files: readonly CatalogFile[];
}

export interface WorkloadK8sExport {
  /** manifests.yaml; '' when the export fails. */
  manifests: string;
  /** How many manifests it holds. */
  count: number;
  errors: string[];
  /** What is not converted, each with its line. */
  warnings: string[];
  info: string[];
  /** The loaded provisioner files a resource was provisioned by. */
  usedFiles: string[];
  seed: number;
}

export function exportWorkloadK8s(
  { text, seed, settings, files }: WorkloadK8sInput,
  catalog: K8sCatalogProvisioners = k8sProvisionersFromFiles(files),
): WorkloadK8sExport {
  const result = exportKubernetes([{ text, file: 'score.yaml' }], {
    seed,
    ...k8sOptionsOf(settings),
    provisioners: catalog.provisioners,
  });
  const said = (severity: K8sDiagnostic['severity']) =>
    result.diagnostics.filter((d) => d.severity === severity).map(describe);
  const fileOfUri = new Map([...catalog.fileOf].map(([p, file]) => [p.uri, file]));
  const usedFiles = [
    ...new Set(result.resources.flatMap((r) => (fileOfUri.has(r.provisioner) ? [fileOfUri.get(r.provisioner)!] : []))),
  ];
  const namespace = settings.namespace.trim();
  const badNamespace =
    namespace !== '' && !DNS_LABEL.test(namespace)
      ? [
          `the namespace “${namespace}” is not one Kubernetes accepts (at most 63 lowercase letters, digits and “-”, starting and ending with a letter or digit): kubectl apply will refuse these manifests`,
        ]
      : [];
  return {
    manifests: result.files[0]?.content ?? '',
    count: result.manifests.length,
    errors: said('error'),
    warnings: [...badNamespace, ...said('warning')],
    info: catalog.skipped.map(
      ({ file, reason }) =>
        `“${file}” is not a score-k8s provisioners file (${reason}): the Kubernetes export uses score-k8s’s own provisioners instead.`,
    ),
    usedFiles,
    seed,
  };
}

/** The export options of the Kubernetes export for these settings (what is '' is left out). */
export function k8sOptionsOf(settings: K8sWorkloadSettings): {
  namespace?: string;
  image?: string;
  startOrder: K8sWorkloadSettings['startOrder'];
} {
  const namespace = settings.namespace.trim();
  const image = settings.image.trim();
  return {
    ...(namespace !== '' ? { namespace } : {}),
    ...(image !== '' ? { image } : {}),
    startOrder: settings.startOrder,
  };
}

/** A Namespace's name: an RFC 1123 label. */
const DNS_LABEL = /^(?=.{1,63}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** score-k8s's message, with the line of the workload it is about. */
function describe(d: K8sDiagnostic): string {
  return d.range ? `line ${d.range.line}: ${d.message}` : d.message;
}
