import { builtinCatalogEntries, loadCatalogFile, provisionerListing, type CatalogEntry } from '../core/catalog';
import { defaultK8sProvisioners, k8sProvisionerListing, loadK8sProvisionerFiles } from '../core/export/k8s';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import type { ProvisionersListRequest } from './k8s-args';
import { listingJson, listingTable } from './listing';
import { readTexts } from './read-texts';

/**
 * `score-designer provisioners list`: the provisioners score-compose (`--target compose`, the
 * default) or score-k8s (`--target k8s`) would use, as their own `provisioners list` prints them:
 * the files given (in order), then the defaults.
 */
export async function provisionersCommand(request: ProvisionersListRequest, io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);
  const files = await readTexts(request.provisioners, io, say);
  if (files.unreadable) return EXIT.usage;
  if (files.undecodable) return EXIT.invalid;
  const named = files.texts.map(({ file, text }) => ({ name: file, text }));

  let rows;
  if (request.target === 'compose') {
    const entries: CatalogEntry[] = [];
    for (const file of named) {
      const loaded = loadCatalogFile(file);
      if ('error' in loaded) {
        say(`failed to load provisioners: ${loaded.error}`);
        return EXIT.invalid;
      }
      entries.push(...loaded.loaded.map((l) => l.entry));
    }
    if (request.defaults) entries.push(...builtinCatalogEntries());
    rows = provisionerListing(entries);
  } else {
    const loaded = loadK8sProvisionerFiles(named);
    if ('error' in loaded) {
      say(loaded.error);
      return EXIT.invalid;
    }
    rows = k8sProvisionerListing([...loaded.provisioners, ...(request.defaults ? defaultK8sProvisioners() : [])]);
  }
  if (rows.length === 0) {
    say('No provisioners found');
    return EXIT.ok;
  }
  io.stdout.write(request.format === 'json' ? listingJson(rows) : listingTable(rows));
  return EXIT.ok;
}
