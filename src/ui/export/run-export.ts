import type { DocumentStore } from '../../state/document/store';
import { prepareExport } from '../../state/export/actions';
import { recordManifests, setTarget } from '../../state/export/choices';
import type { ExportStore } from '../../state/export/store';
import { copyText, saveFile } from '../common/save-file';
import type { ExportReport, MenuItem } from './export-report';

export { ExportReportBox } from './ExportReportBox';

const FILE_NAMES = { score: 'score.yaml', compose: 'compose.yaml', k8s: 'manifests.yaml', bundle: 'The bundle' };

/**
 * Runs an entry of the Export menu: makes the file (the export's code is in this chunk, loaded when
 * the menu first opens), downloads or copies it, remembers what was exported (the previews' baseline),
 * makes its target the one export readiness checks, and says what happened.
 */
export async function runExport(
  item: MenuItem,
  documentStore: DocumentStore,
  exportStore: ExportStore,
  /** The texts of the project's other workloads (state/project): the Compose export takes them all. */
  peers: readonly string[] = [],
): Promise<ExportReport> {
  const outcome = await prepareExport(item.kind, documentStore, exportStore, peers);
  if (!outcome.ok) {
    return {
      ok: false,
      message: `${FILE_NAMES[item.kind]} could not be made.`,
      errors: outcome.errors,
      warnings: outcome.warnings,
      info: [],
    };
  }
  let done: boolean;
  if (item.action === 'copy' && typeof outcome.content === 'string') done = await copyText(outcome.content);
  else {
    saveFile(outcome.fileName, outcome.content, outcome.mimeType);
    done = true;
  }
  if (!done) {
    return {
      ok: false,
      message: `The browser did not allow copying to the clipboard. Use “Download ${outcome.fileName}” instead.`,
      errors: [],
      warnings: outcome.warnings,
      info: [],
    };
  }
  const state = exportStore.getState();
  if (outcome.compose !== undefined) state.recordExport(outcome.workload, outcome.compose);
  if (outcome.manifests !== undefined) recordManifests(exportStore, outcome.workload, outcome.manifests);
  // The target exported to is the one readiness checks from now on.
  const target = item.kind === 'compose' ? 'compose' : item.kind === 'k8s' ? 'kubernetes' : undefined;
  if (target && setTarget(exportStore, target)) documentStore.getState().recheck();
  const verb = item.action === 'copy' ? 'copied to the clipboard' : 'downloaded';
  return {
    ok: true,
    message: [`${outcome.fileName} ${verb}.`, outcome.notice].filter(Boolean).join(' '),
    errors: [],
    warnings: outcome.warnings,
    info: outcome.info,
    ...(outcome.offerBundle ? { offer: 'bundle' as const } : {}),
  };
}
