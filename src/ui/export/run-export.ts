import type { DocumentStore } from '../../state/document/store';
import { prepareExport } from '../../state/export/actions';
import type { ExportStore } from '../../state/export/store';
import { copyText, saveFile } from '../common/save-file';
import type { ExportReport, MenuItem } from './export-report';

/**
 * Runs an entry of the Export menu: makes the file (the export's code is in this chunk, loaded when
 * the menu first opens), downloads or copies it, remembers a Compose export, and says what happened.
 */
export async function runExport(
  item: MenuItem,
  documentStore: DocumentStore,
  exportStore: ExportStore,
): Promise<ExportReport> {
  const outcome = prepareExport(item.kind, documentStore, exportStore);
  if (!outcome.ok) {
    const what = item.kind === 'bundle' ? 'The bundle' : 'compose.yaml';
    return {
      ok: false,
      message: `${what} could not be made.`,
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
  if (outcome.compose !== undefined) exportStore.getState().recordExport(outcome.workload, outcome.compose);
  const verb = item.action === 'copy' ? 'copied to the clipboard' : 'downloaded';
  return {
    ok: true,
    message: [`${outcome.fileName} ${verb}.`, outcome.notice].filter(Boolean).join(' '),
    errors: [],
    warnings: outcome.warnings,
    info: outcome.info,
  };
}
