import type { ProvisionerInfo } from '../provisioners/types';
import { builtinCatalog } from './catalog';
import { loadCatalogFile, readProvisionerFile, type LoadedEntry } from './load';
import type { Catalog, CatalogEntry, CatalogFile, CatalogFileSummary } from './types';

/**
 * The active catalog: the files the user loaded, in file name order (as score-compose reads
 * `.score-compose/*.provisioners.yaml`), then the built-in entries. The first entry that matches a
 * resource provisions it. A file that does not load is reported and left out; the others still count.
 * Reading files takes the template engine, so the app loads this module only when there are files.
 */
export interface CatalogBuild {
  catalog: Catalog;
  errors: Array<{ file: string; error: string }>;
}

/** Reads one file into its entries and provisioners: loadCatalogFile, or entries made elsewhere joined again. */
export type CatalogFileReader = (file: CatalogFile) => { loaded: LoadedEntry[] } | { error: string };

export function buildCatalog(files: readonly CatalogFile[], read: CatalogFileReader = loadCatalogFile): CatalogBuild {
  const entries: CatalogEntry[] = [];
  const provisioners: ProvisionerInfo[] = [];
  const summaries: CatalogFileSummary[] = [];
  const errors: CatalogBuild['errors'] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const loaded = read(file);
    if ('error' in loaded) {
      errors.push({ file: file.name, error: loaded.error });
      continue;
    }
    for (const { entry, provisioner } of loaded.loaded) {
      entries.push(entry);
      provisioners.push(provisioner);
    }
    summaries.push({
      name: file.name,
      ...(file.url !== undefined ? { url: file.url } : {}),
      entries: loaded.loaded.length,
    });
  }
  const builtin = builtinCatalog();
  entries.push(...builtin.entries);
  provisioners.push(...builtin.provisioners);
  return { catalog: { entries, provisioners, files: summaries }, errors };
}

/**
 * A file whose entries were made elsewhere (by loadCatalogFile in a worker, whose sample runs may take
 * long: the app's catalog worker), joined again to the provisioners that run them. The file is only
 * compiled here, no template runs: provisioners hold functions, which cannot be sent from a worker.
 */
export function joinCatalogEntries(
  file: CatalogFile,
  entries: readonly CatalogEntry[],
): { loaded: LoadedEntry[] } | { error: string } {
  const read = readProvisionerFile(file);
  if ('error' in read) return read;
  if (read.read.length !== entries.length) {
    return { error: `${file.name}: its entries did not come back whole from reading it; load it again.` };
  }
  return { loaded: read.read.map(({ provisioner }, i) => ({ entry: entries[i]!, provisioner })) };
}

/** Reading one file (to add it), from the same module: what the app loads when a file comes. */
export { loadCatalogFile };
