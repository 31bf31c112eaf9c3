import type { CatalogFile } from '../../core/catalog';
import { k8sProvisionersFromFiles, type K8sCatalogProvisioners } from '../../core/export/k8s/catalog-files';
import { exportKubernetes, type K8sDiagnostic } from '../../core/export/k8s';
import type { K8sSettings } from './settings';

/**
 * The Kubernetes export of the open workload, as the app makes it: one workload (score.yaml), the
 * workload's seed (the same as its Compose export's), the export's options, and the provisioner files
 * loaded in the app that are score-k8s files, before score-k8s's defaults. Loaded with the export's
 * code (actions.ts), never with the page.
 */
export interface WorkloadK8sInput {
  text: string;
  seed: number;
  settings: K8sSettings;
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

/** The same input gives the same object back: the preview and the menu share one export per change. */
export function memoizedK8sExport(): (input: WorkloadK8sInput) => WorkloadK8sExport {
  let last: { input: WorkloadK8sInput; output: WorkloadK8sExport } | undefined;
  let read: { files: readonly CatalogFile[]; catalog: K8sCatalogProvisioners } | undefined;
  return (input) => {
    if (
      last?.input.text !== input.text ||
      last.input.seed !== input.seed ||
      last.input.settings !== input.settings ||
      last.input.files !== input.files
    ) {
      if (read?.files !== input.files) read = { files: input.files, catalog: k8sProvisionersFromFiles(input.files) };
      last = { input, output: exportWorkloadK8s(input, read.catalog) };
    }
    return last.output;
  };
}

/** The same export from the command line: `npx score-designer k8s score.yaml …`. */
export function k8sCommandLine(settings: K8sSettings, seed: number): string {
  const options = k8sOptionsOf(settings);
  return [
    'npx score-designer k8s score.yaml',
    options.namespace !== undefined ? `--namespace ${options.namespace}` : '',
    options.image !== undefined ? `--image ${options.image}` : '',
    options.startOrder !== 'ignore' ? `--start-order ${options.startOrder}` : '',
    `--seed ${seed}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The export options of the Kubernetes export for these settings (what is '' is left out). */
export function k8sOptionsOf(settings: K8sSettings): {
  namespace?: string;
  image?: string;
  startOrder: K8sSettings['startOrder'];
} {
  const namespace = settings.namespace.trim();
  const image = settings.image.trim();
  return {
    ...(namespace !== '' ? { namespace } : {}),
    ...(image !== '' ? { image } : {}),
    startOrder: settings.startOrder,
  };
}

/** The manifests.yaml last exported for the workload, if any. */
export function lastManifestsOf(state: { lastManifests: Readonly<Record<string, string>> }, workload: string) {
  return Object.hasOwn(state.lastManifests, workload) ? state.lastManifests[workload] : undefined;
}

/** A Namespace's name: an RFC 1123 label. */
const DNS_LABEL = /^(?=.{1,63}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** score-k8s's message, with the line of the workload it is about. */
function describe(d: K8sDiagnostic): string {
  return d.range ? `line ${d.range.line}: ${d.message}` : d.message;
}
