import { stringify } from 'yaml';
import type { AddResourceArgs } from '../commands/resources';
import { sampleName, sampleParams } from './entries';
import { uniqueName } from '../workload/names';
import { readWorkload } from '../workload/read';
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

/**
 * `addResource` arguments for the open workload (its value as read): a name not yet taken
 * (`postgres`, `postgres-2`, …), and example params that point at this workload where a param names a
 * workload or one of its service ports (`service-port`, `route`): the catalog's examples name sample
 * workloads the browser's export does not have.
 */
export function addResourceArgs(entry: CatalogEntry, workload: unknown): AddResourceArgs {
  const facts = workloadFacts(workload);
  const args = resourceFromEntry(entry, uniqueName(sampleName(entry.type), facts.resources));
  if (!args.params) return args;
  const fitted = { ...args.params };
  for (const [param, value] of Object.entries(fitParams(entry.type, facts))) {
    if (Object.hasOwn(fitted, param)) fitted[param] = value;
  }
  return { ...args, params: fitted };
}

/**
 * A resource of this type that needs one of the workload's service ports (score-compose's `route` and
 * `service-port` fail without one): what to tell the user when the workload has none.
 */
export function missingServicePort(type: string, workload: unknown): string | undefined {
  if (!NEEDS_SERVICE_PORT.has(type) || workloadFacts(workload).ports.length > 0) return undefined;
  return `A ${type} resource points at one of the workload's service ports, and it has none yet: add one under Service ports (in the workload's form) before exporting.`;
}

const NEEDS_SERVICE_PORT = new Set(['route', 'service-port']);

interface WorkloadFacts {
  name: string | undefined;
  ports: string[];
  resources: string[];
}

function workloadFacts(value: unknown): WorkloadFacts {
  const workload = readWorkload(value);
  const name = workload.metadata?.name;
  return {
    name: typeof name === 'string' && name !== '' ? name : undefined,
    ports: [...workload.servicePorts.keys()],
    resources: [...workload.resources.keys()],
  };
}

/** The params of the types whose examples name a workload or a port: as they fit this workload. */
function fitParams(type: string, { name, ports }: WorkloadFacts): Record<string, string> {
  const fitted: Record<string, string> = {};
  if (type !== 'service-port' && type !== 'route') return fitted;
  if (ports[0] !== undefined) fitted.port = ports[0];
  if (name !== undefined) {
    if (type === 'service-port') fitted.workload = name;
    else fitted.host = `${name}.localhost`;
  }
  return fitted;
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

function envName(resource: string, output: string): string {
  return `${resource}_${output}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}
