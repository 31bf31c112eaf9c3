import { parse } from 'yaml';
import { parseWorkloadText, type ParsedDocument } from '../document/parse';
import { exportCompose, type ComposeExportOptions } from '../export/compose';
import { readWorkload } from '../workload/read';
import { asRecord } from '../workload/values';

/**
 * Resource outputs are only known once resources are provisioned: this runs the Compose export of
 * the workload (with the seed, project name and provisioners the app's export uses, so that the
 * names and passwords shown are the ones the exported file holds) and reads back what each
 * container's variables become. Its own module, so that the app loads the exporter only when a preview needs it.
 */

/** Variables of each container as the Compose export sets them; undefined when the export fails. */
export type ExportedVariables = Map<string, Record<string, string>>;

/** What decides the export's generated values: as the app's Compose export has them. */
export type PreviewExportOptions = Pick<ComposeExportOptions, 'seed' | 'projectName' | 'provisioners'>;

/**
 * Runs the Compose export of one workload and reads back each container's environment. `parsed`, when
 * given, is the text read already (a large workload's parse is most of the cost): it is not changed.
 */
export function exportedVariables(
  text: string,
  parsed: ParsedDocument = parseWorkloadText(text),
  options: PreviewExportOptions = {},
): ExportedVariables | undefined {
  const workloadName = readWorkload(parsed.value).metadata?.name;
  const result = exportCompose([{ text, parsed }], options);
  if (result.errors.length > 0 || result.compose === '') return undefined;
  let compose: unknown;
  try {
    compose = parse(result.compose);
  } catch {
    return undefined;
  }
  const services = asRecord(asRecord(compose)?.services);
  if (typeof workloadName !== 'string' || !services) return undefined;
  const out: ExportedVariables = new Map();
  for (const [service, spec] of Object.entries(services)) {
    if (!service.startsWith(`${workloadName}-`)) continue;
    const environment = asRecord(asRecord(spec)?.environment) ?? {};
    const vars: Record<string, string> = {};
    // Compose reads `$$` as a literal `$`: show the value the container gets.
    for (const [k, v] of Object.entries(environment)) if (typeof v === 'string') vars[k] = v.replace(/\$\$/g, '$');
    out.set(service.slice(workloadName.length + 1), vars);
  }
  return out;
}
