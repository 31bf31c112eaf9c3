import { parse } from 'yaml';
import { defaultProvisioners } from '../provisioners/builtin';
import { environmentProvisioner } from '../provisioners/environment';
import { loadProvisionerFile } from '../provisioners/template';
import type { Provisioner } from '../provisioners/types';
import { isRecord } from '../workload/values';
import { checkProvisionerFile } from './check-file';
import { entryFromProvisioner, type EntryFacts } from './entries';
import { isOverBudget } from './sample';
import type { CatalogEntry, CatalogFile, ProvisionerKind } from './types';

/**
 * score-compose provisioner files (`*.provisioners.yaml`) read into catalog entries and the
 * provisioners that run them. The provisioners module checks and compiles the file (template keys,
 * cmd:// entries); this module adds what the catalog needs to know about each entry: which kind it
 * is, and whether it declared its params and outputs. `local-env://` entries (score-compose's
 * environment provisioner, as its own default file names it) become our environment provisioner.
 */
export interface LoadedEntry {
  entry: CatalogEntry;
  provisioner: Provisioner;
}

/**
 * `running` hears which provisioner's sample run starts, so that a reader that stops a run taking too
 * long (the app's catalog worker) can say which it was.
 */
export function loadCatalogFile(
  file: CatalogFile,
  running?: (provisioner: string) => void,
): { loaded: LoadedEntry[] } | { error: string } {
  // Checked first, so that a broken file is refused with the line of its error (check-file.ts).
  const problem = checkProvisionerFile(file.text, file.name);
  if (problem !== undefined) return { error: problem };
  const read = readProvisionerFile(file);
  if ('error' in read) return read;
  const loaded: LoadedEntry[] = [];
  for (const { provisioner, facts, index } of read.read) {
    running?.(`provisioner ${index} (${provisioner.uri})`);
    try {
      loaded.push({ entry: entryFromProvisioner(provisioner, facts), provisioner });
    } catch (error) {
      // Its sample run went over the template budget: a template that costly would freeze every export.
      if (!isOverBudget(error)) throw error;
      return {
        error: `${file.name}: provisioner ${index} (${provisioner.uri}) goes over the template budget, so the file is not loaded: ${error.message}`,
      };
    }
  }
  return { loaded };
}

/** The provisioners of a file, in order, with what the catalog needs to know about each (no sample runs yet). */
export function readProvisionerFile(
  file: CatalogFile,
): { read: Array<{ provisioner: Provisioner; facts: EntryFacts; index: number }> } | { error: string } {
  const compiled = loadProvisionerFile(file.text, file.name);
  if ('error' in compiled) return { error: compiled.error };
  // The file decoded above, so it decodes here too (same text, same YAML options).
  const raw = toList(parse(file.text, { schema: 'core', uniqueKeys: true }) as unknown);
  const read: Array<{ provisioner: Provisioner; facts: EntryFacts; index: number }> = [];
  let next = 0;
  for (const [index, item] of raw.entries()) {
    const uri = typeof item.uri === 'string' ? item.uri : '';
    const scheme = uri.slice(0, uri.indexOf('://'));
    let provisioner: Provisioner | undefined;
    let kind: ProvisionerKind;
    if (scheme === 'local-env' || scheme === 'builtin') {
      if (item.type !== 'environment') continue; // score-compose has no other built-in provisioner
      provisioner = { ...environmentProvisioner, uri };
      kind = 'environment';
    } else {
      provisioner = compiled.provisioners[next++];
      kind = scheme === 'cmd' ? 'cmd' : 'template';
    }
    if (!provisioner) break;
    read.push({
      provisioner,
      index,
      facts: {
        kind,
        source: { kind: 'file', file: file.name, ...(file.url !== undefined ? { url: file.url } : {}) },
        paramsDeclared: kind === 'environment' || Array.isArray(item.supported_params),
        outputsDeclared: kind === 'environment' || Array.isArray(item.expected_outputs),
      },
    });
  }
  return { read };
}

/**
 * The provisioners for `npx score-designer compose --provisioners FILE …`: each file in the order
 * given (not sorted: the user chose the order), all before the built-in defaults. The first
 * provisioner matching a resource wins. Stops at the first file that does not load.
 */
export function provisionersFromFiles(
  files: ReadonlyArray<{ name: string; text: string }>,
): { provisioners: Provisioner[] } | { error: string } {
  const provisioners: Provisioner[] = [];
  for (const file of files) {
    const read = readProvisionerFile(file);
    if ('error' in read) return { error: `failed to load provisioners: ${read.error}` };
    provisioners.push(...read.read.map((r) => r.provisioner));
  }
  return { provisioners: [...provisioners, ...defaultProvisioners()] };
}

function toList(value: unknown): Array<Record<string, unknown>> {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord);
}
