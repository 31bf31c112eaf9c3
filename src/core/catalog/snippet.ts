import { stringify } from 'yaml';
import type { AddResourceArgs } from '../commands/resources';
import { sampleName, sampleParams } from './entries';
import type { CatalogEntry } from './types';

/**
 * What the catalog page offers for an entry: a YAML snippet to paste into score.yaml, and the
 * arguments of the `addResource` command that adds the same resource to the open workload.
 */

/** The resource a user would add from this entry: its type, the class and id it needs, example params. */
export function resourceFromEntry(entry: CatalogEntry, name: string = sampleName(entry.type)): AddResourceArgs {
  const params = sampleParams(entry.type, entry.params);
  return {
    name,
    type: entry.type,
    ...(entry.class !== undefined ? { class: entry.class } : {}),
    ...(entry.id !== undefined ? { id: entry.id } : {}),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

/** `addResource` arguments with a name not yet taken in the workload (`postgres`, `postgres-2`, …). */
export function addResourceArgs(entry: CatalogEntry, takenNames: Iterable<string>): AddResourceArgs {
  return resourceFromEntry(entry, freeName(sampleName(entry.type), takenNames));
}

/**
 * A `resources:` block with the resource, then (as comments) how a container reads its outputs:
 * ready to paste into score.yaml.
 */
export function resourceSnippet(entry: CatalogEntry, name: string = sampleName(entry.type)): string {
  const { name: key, ...resource } = resourceFromEntry(entry, name);
  const yaml = stringify({ resources: { [key]: resource } }, { lineWidth: 0 });
  const reads = entry.anyOutput
    ? [`#   MY_VARIABLE: \${resources.${key}.MY_VARIABLE}`]
    : entry.outputs.map((o) => `#   ${envName(key, o.name)}: \${resources.${key}.${o.name}}`);
  if (reads.length === 0) return yaml;
  return `${yaml}# In a container's variables:\n${reads.join('\n')}\n`;
}

function freeName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base.slice(0, 60)}-${i}`;
    if (!used.has(candidate)) return candidate;
  }
}

function envName(resource: string, output: string): string {
  return `${resource}_${output}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}
