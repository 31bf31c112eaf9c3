import { composeBundle } from '../../core/export/bundle';
import type { DocumentStore } from '../document/store';
import { memoizedExport, workloadKey, type WorkloadExport, type WorkloadExportInput } from './compose';
import type { ExportStore } from './store';

/**
 * What each entry of the Export menu produces, decided here and not in the menu, so that it can be
 * tested without a browser: the file (or the text to copy), and everything the user must be told
 * with it — warnings for what score-compose does not convert, notes, or the errors that stopped it.
 * This module brings the Compose converter: the app loads it when the user first exports or opens
 * the preview (ui/export/load-export.ts), not with the page.
 */
export type ExportKind = 'score' | 'compose' | 'bundle';

export type ExportOutcome = ExportMade | ExportFailed;

export interface ExportMade {
  ok: true;
  kind: ExportKind;
  fileName: string;
  mimeType: string;
  /** The file's content: text for score.yaml and compose.yaml, zip bytes for the bundle. */
  content: string | Uint8Array;
  /** The workload (metadata.name, '' without one): the key of its seed and last export. */
  workload: string;
  /** compose.yaml as exported (also for the bundle); undefined for score.yaml. */
  compose?: string;
  warnings: string[];
  info: string[];
  /** Something to say about a successful export (score.yaml with problems). */
  notice?: string;
}

export interface ExportFailed {
  ok: false;
  kind: ExportKind;
  errors: string[];
  warnings: string[];
}

const exporters = new WeakMap<ExportStore, (input: WorkloadExportInput) => WorkloadExport>();

/**
 * The compose export with the store's provisioners, memoized per store on its input (text,
 * workload, seed and provisioners): the preview and the menu share one export per change.
 */
export function exportOf(exports: ExportStore, input: Omit<WorkloadExportInput, 'provisioners'>): WorkloadExport {
  let compose = exporters.get(exports);
  if (!compose) exporters.set(exports, (compose = memoizedExport()));
  return compose({ ...input, provisioners: exports.getState().provisioners });
}

export function prepareExport(kind: ExportKind, document: DocumentStore, exports: ExportStore): ExportOutcome {
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
  const result = exportOf(exports, { text, workload: workload || undefined, seed });
  if (result.errors.length > 0) return { ok: false, kind, errors: result.errors, warnings: result.warnings };

  const made = {
    ok: true as const,
    kind,
    workload,
    compose: result.compose,
    warnings: result.warnings,
    info: result.info,
  };
  if (kind === 'compose') {
    return { ...made, fileName: 'compose.yaml', mimeType: 'application/yaml', content: result.compose };
  }
  const bundle = composeBundle(result);
  if ('error' in bundle) return { ok: false, kind, errors: [bundle.error], warnings: result.warnings };
  return {
    ...made,
    fileName: `${result.projectName ?? 'compose'}.zip`,
    mimeType: 'application/zip',
    content: bundle.zip,
  };
}
