import type { CatalogFile } from '../../core/catalog';
import type { DocumentStore } from '../document/store';
import { makeBundle } from './bundle';
import {
  exportWorkloadApart,
  memoizedExport,
  workloadKey,
  type WorkloadExport,
  type WorkloadExportInput,
} from './compose';
import { memoizedK8sExport, type WorkloadK8sExport } from './k8s';
import type { ExportKind, ExportOutcome } from './outcome';
import type { ExportStore } from './store';

/**
 * What each entry of the Export menu produces, decided here and not in the menu, so that it can be
 * tested without a browser: the file (or the text to copy), and everything the user must be told
 * with it — warnings for what score-compose does not convert, notes, or the errors that stopped it.
 * This module brings the Compose and Kubernetes converters: the app loads it when the user first
 * exports or opens a preview (ui/export/load-export.ts), not with the page.
 */
export type { ExportFailed, ExportKind, ExportMade, ExportOutcome } from './outcome';

const exporters = new WeakMap<ExportStore, (input: WorkloadExportInput) => Promise<WorkloadExport>>();

/**
 * The compose export with the store's provisioners, memoized per store on its input (text,
 * workload, seed and provisioners): the preview and the menu share one export per change. It is
 * made in the validation worker, where its templates cannot freeze the tab (compose.ts).
 */
export function exportOf(
  exports: ExportStore,
  input: Omit<WorkloadExportInput, 'provisioners'>,
): Promise<WorkloadExport> {
  let compose = exporters.get(exports);
  if (!compose) exporters.set(exports, (compose = memoizedExport(exportWorkloadApart)));
  return compose({ ...input, provisioners: exports.getState().provisioners });
}

const NO_FILES: readonly CatalogFile[] = [];
const k8sExporters = new WeakMap<ExportStore, ReturnType<typeof memoizedK8sExport>>();

/**
 * The Kubernetes export with the store's options and the catalog's files, memoized per store on its
 * input (text, seed, options, files): the preview and the menu share one export per change. It is
 * made in the validation worker too (k8s.ts).
 */
export function k8sExportOf(exports: ExportStore, input: { text: string; seed: number }): Promise<WorkloadK8sExport> {
  let k8s = k8sExporters.get(exports);
  if (!k8s) k8sExporters.set(exports, (k8s = memoizedK8sExport()));
  const { k8s: settings, catalog } = exports.getState();
  const files = catalog?.getState().files ?? NO_FILES;
  return k8s({ ...input, settings, files });
}

export async function prepareExport(
  kind: ExportKind,
  document: DocumentStore,
  exports: ExportStore,
  /** The texts of the project's other workloads: the Compose export takes them all (state/project). */
  peers: readonly string[] = [],
): Promise<ExportOutcome> {
  // The text as it is now, checked now: an export never lags behind the last keystroke.
  const report = document.getState().flush();
  const text = document.getState().text;
  const workload = workloadKey(report.parsed.value);

  if (kind === 'score') {
    const notice =
      report.errors > 0
        ? `It is saved as written, with its ${report.errors} ${report.errors === 1 ? 'error' : 'errors'}: see Problems.`
        : undefined;
    return {
      ok: true,
      kind,
      fileName: 'score.yaml',
      mimeType: 'application/yaml',
      content: text,
      workload,
      warnings: [],
      info: [],
      ...(notice ? { notice } : {}),
    };
  }

  if (report.parsed.blocked) {
    return {
      ok: false,
      kind,
      errors: [
        'The YAML does not parse, so there is nothing to convert yet. Fix the syntax errors listed in Problems.',
      ],
      warnings: [],
    };
  }
  const seed = exports.getState().ensureSeed(workload);
  if (kind === 'k8s') {
    const k8s = await k8sExportOf(exports, { text, seed });
    if (k8s.errors.length > 0) return { ok: false, kind, errors: k8s.errors, warnings: k8s.warnings };
    return {
      ok: true,
      kind,
      workload,
      fileName: 'manifests.yaml',
      mimeType: 'application/yaml',
      content: k8s.manifests,
      manifests: k8s.manifests,
      warnings: k8s.warnings,
      info: k8s.info,
    };
  }
  const result = await exportOf(exports, { text, workload: workload || undefined, seed, peers });
  if (kind === 'bundle') {
    return makeBundle({ text, workload, compose: result, k8s: await k8sExportOf(exports, { text, seed }), exports });
  }
  if (result.errors.length > 0) return { ok: false, kind, errors: result.errors, warnings: result.warnings };
  const mounts = mountsWarning(result);
  return {
    ok: true,
    kind,
    workload,
    compose: result.compose,
    warnings: mounts ? [mounts, ...result.warnings] : result.warnings,
    info: result.info,
    fileName: 'compose.yaml',
    mimeType: 'application/yaml',
    content: result.compose,
    ...(mounts ? { offerBundle: true as const } : {}),
  };
}

/** compose.yaml alone refers to the files it mounts (`.score-compose/mounts/…`) without holding them: said, with the way out. */
export function mountsWarning(result: Pick<WorkloadExport, 'files' | 'directories'>): string | undefined {
  const files = result.files.length;
  const directories = result.directories.length;
  if (files + directories === 0) return undefined;
  const what =
    files > 0
      ? `${files} ${files === 1 ? 'file' : 'files'}`
      : `${directories} ${directories === 1 ? 'directory' : 'directories'}`;
  return `compose.yaml mounts ${what} from .score-compose/mounts/ that it does not hold, and Docker Compose does not start a service whose mounted file is missing. Download the bundle (.zip), which has them beside compose.yaml.`;
}
