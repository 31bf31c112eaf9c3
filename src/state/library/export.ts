import { strToU8, zipSync, type Zippable } from 'fflate';
import { composeBundle } from '../../core/export/bundle';
import type { ProvisionerInfo } from '../../core/provisioners';

/**
 * Exporting a selection of saved workloads: as their score files (one file, or a .zip of several),
 * or as one Docker Compose project made from all of them together (a .zip with compose.yaml and
 * the files it mounts), as `score-compose generate a.yaml b.yaml …` would make it.
 */
export interface ExportedWorkload {
  name: string;
  text: string;
}

export type LibraryDownload =
  | { ok: true; fileName: string; mimeType: string; content: Uint8Array | string; warnings: string[] }
  | { ok: false; errors: string[] };

/** A workload's file name in an export. */
export function scoreFileName(name: string): string {
  return `${name}.score.yaml`;
}

/** Fixed modification time (local parts, as zip stores local time): the same selection zips to the same bytes. */
const FIXED_MTIME = new Date(1980, 0, 1, 12, 0, 0);

export function scoreFilesDownload(workloads: readonly ExportedWorkload[]): LibraryDownload {
  if (workloads.length === 0) return { ok: false, errors: ['Select the workloads to export first.'] };
  const [only] = workloads;
  if (only && workloads.length === 1) {
    return {
      ok: true,
      fileName: scoreFileName(only.name),
      mimeType: 'application/yaml',
      content: only.text,
      warnings: [],
    };
  }
  const archive: Zippable = {};
  for (const w of [...workloads].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    archive[scoreFileName(w.name)] = [strToU8(w.text), { mtime: FIXED_MTIME, level: 6 }];
  }
  try {
    return {
      ok: true,
      fileName: 'score-workloads.zip',
      mimeType: 'application/zip',
      content: zipSync(archive),
      warnings: [],
    };
  } catch (error) {
    return {
      ok: false,
      errors: [`The files could not be zipped: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

export interface ComposeBundleOptions {
  /** The active catalog's provisioners (what the single-workload export uses too). */
  provisioners?: readonly ProvisionerInfo[];
  /** Seed for generated names and passwords. */
  seed: number;
}

export async function composeBundleDownload(
  workloads: readonly ExportedWorkload[],
  { provisioners, seed }: ComposeBundleOptions,
): Promise<LibraryDownload> {
  if (workloads.length === 0) return { ok: false, errors: ['Select the workloads to export first.'] };
  // In the validation worker, where the provisioners' templates cannot freeze the tab; the Compose
  // converter is downloaded when first needed, not with the page.
  const { exportProjectApart } = await import('../export/compose');
  const files = workloads.map((w) => ({ text: w.text, file: scoreFileName(w.name) }));
  const result = await exportProjectApart(files, { seed, provisioners });
  if (result.errors.length > 0) return { ok: false, errors: result.errors };
  const bundle = composeBundle(result);
  if ('error' in bundle) return { ok: false, errors: [bundle.error] };
  return {
    ok: true,
    fileName: 'compose-bundle.zip',
    mimeType: 'application/zip',
    content: bundle.zip,
    warnings: result.warnings,
  };
}
