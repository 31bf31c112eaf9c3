import { ConflictError, isRepositoryError } from '../../api/errors';
import type { WorkloadRepository } from '../../api/repository';
import { readWorkloadFile } from '../document/open-file';

/**
 * Importing many workload files into the library at once (several files, or a folder). Each file
 * is read and saved on its own; one bad file does not stop the others, and the result says, file by
 * file, what happened. A name that is taken is skipped, never overwritten.
 */
export interface ImportFile extends Blob {
  readonly name: string;
  /** The path inside the chosen folder (`webkitdirectory`), '' for files chosen one by one. */
  readonly webkitRelativePath?: string;
}

export interface ImportResult {
  /** The file's path as the user chose it. */
  file: string;
  status: 'imported' | 'skipped' | 'failed';
  /** The saved workload's name (imported) or the one that is taken (skipped). */
  name?: string;
  message?: string;
}

export interface ImportReport {
  results: ImportResult[];
  imported: number;
  skipped: number;
  failed: number;
  /** Files of a folder that are not YAML or JSON, left alone. */
  ignored: number;
  /** Set when the import stopped early: the repository cannot be reached or refuses the credentials. */
  stopped?: string;
}

const WORKLOAD_FILE = /\.(ya?ml|json)$/i;

/** Folders hold other files (README, images): only YAML and JSON files are workloads to import. */
export function isWorkloadFileName(name: string): boolean {
  return WORKLOAD_FILE.test(name);
}

export async function importWorkloadFiles(
  repository: WorkloadRepository,
  files: readonly ImportFile[],
  { fromFolder = false }: { fromFolder?: boolean } = {},
): Promise<ImportReport> {
  const report: ImportReport = { results: [], imported: 0, skipped: 0, failed: 0, ignored: 0 };
  const chosen = fromFolder ? files.filter((f) => isWorkloadFileName(f.name)) : [...files];
  report.ignored = files.length - chosen.length;
  // Folder order is the file system's: sorted by path, the report reads like the folder.
  chosen.sort((a, b) => compare(pathOf(a), pathOf(b)));

  for (const file of chosen) {
    const path = pathOf(file);
    const reading = await readWorkloadFile(file);
    if (!reading.ok) {
      report.results.push({ file: path, status: 'failed', message: reading.message });
      report.failed++;
      continue;
    }
    try {
      const saved = await repository.create({ text: reading.text });
      report.results.push({ file: path, status: 'imported', name: saved.name });
      report.imported++;
    } catch (error) {
      if (error instanceof ConflictError) {
        report.results.push({ file: path, status: 'skipped', message: error.message });
        report.skipped++;
        continue;
      }
      const message = isRepositoryError(error) ? error.message : String(error);
      report.results.push({ file: path, status: 'failed', message });
      report.failed++;
      // Every next file would fail the same way: say so once.
      if (isRepositoryError(error) && ['unreachable', 'unauthorized', 'storage'].includes(error.kind)) {
        report.stopped = message;
        break;
      }
    }
  }
  return report;
}

/** One line for the whole import. */
export function importSummary(report: ImportReport): string {
  const parts = [`Imported ${report.imported} ${report.imported === 1 ? 'workload' : 'workloads'}`];
  if (report.skipped) parts.push(`${report.skipped} skipped (name taken)`);
  if (report.failed) parts.push(`${report.failed} failed`);
  if (report.ignored)
    parts.push(`${report.ignored} ${report.ignored === 1 ? 'file' : 'files'} not YAML or JSON ignored`);
  const line = parts.join(', ') + '.';
  return report.stopped ? `${line} The import stopped: ${report.stopped}` : line;
}

function pathOf(file: ImportFile): string {
  return file.webkitRelativePath || file.name;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
