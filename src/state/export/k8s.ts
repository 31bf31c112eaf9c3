import type { CatalogFile } from '../../core/catalog';
import { k8sProvisionersFromFiles, type K8sCatalogProvisioners } from '../../core/export/k8s/catalog-files';
import {
  exportWorkloadK8s,
  k8sOptionsOf,
  type WorkloadK8sExport,
  type WorkloadK8sInput,
} from '../../core/export/k8s/workload-export';
import { askApart } from './preview';
import type { K8sSettings } from './settings';

/**
 * The Kubernetes export of the open workload (core/export/k8s/workload-export.ts): loaded with the
 * export's code (actions.ts), never with the page.
 */
export { exportWorkloadK8s, k8sOptionsOf, type WorkloadK8sExport, type WorkloadK8sInput };

/**
 * The same input gives the same export back (the same promise of it): the preview and the menu share
 * one export per change. It is made in the validation worker, where the score-k8s provisioners'
 * templates cannot freeze the tab; here where there is no worker. When the worker had to be ended
 * (templates past the time budget), the export fails with the reason.
 */
export function memoizedK8sExport(): (input: WorkloadK8sInput) => Promise<WorkloadK8sExport> {
  let last: { input: WorkloadK8sInput; output: Promise<WorkloadK8sExport> } | undefined;
  let read: { files: readonly CatalogFile[]; catalog: K8sCatalogProvisioners } | undefined;
  const here = (input: WorkloadK8sInput) => {
    if (read?.files !== input.files) read = { files: input.files, catalog: k8sProvisionersFromFiles(input.files) };
    return exportWorkloadK8s(input, read.catalog);
  };
  return (input) => {
    if (
      last?.input.text !== input.text ||
      last.input.seed !== input.seed ||
      last.input.settings !== input.settings ||
      last.input.files !== input.files
    ) {
      const { text, seed, settings } = input;
      const output = askApart(
        (worker) => worker.k8sExport?.(text, { seed, settings }),
        () => here(input),
        (reason): WorkloadK8sExport => ({
          manifests: '',
          count: 0,
          errors: [`The export was stopped: ${reason}`],
          warnings: [],
          info: [],
          usedFiles: [],
          seed,
        }),
      );
      last = { input, output };
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

/** The manifests.yaml last exported for the workload, if any. */
export function lastManifestsOf(state: { lastManifests: Readonly<Record<string, string>> }, workload: string) {
  return Object.hasOwn(state.lastManifests, workload) ? state.lastManifests[workload] : undefined;
}
