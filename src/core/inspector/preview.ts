import { resolvePlaceholders, scanPlaceholders } from '../workload/placeholder-syntax';
import { readWorkload } from '../workload/read';
import { followKeys } from '../workload/values';

/**
 * What a variable's value becomes once its placeholders are filled in, where that is known:
 * `${metadata.…}` from the workload itself; `${resources.…}` outputs from a Compose export of the
 * workload (sample names and passwords, as `score-compose generate` would make them; see
 * exported-variables.ts). An output that cannot be known (the export fails, e.g. while the workload
 * has errors) stays as written.
 */
export interface ValuePreview {
  /** The value with everything known filled in. */
  text: string;
  /** The placeholders that stayed as written. */
  unresolved: string[];
  /** Resource outputs came from the Compose export (with the workload's seed: the values it writes). */
  sampled: boolean;
}

/**
 * The preview of a value with placeholders; undefined when there is nothing to fill in.
 * `exported` is the value the Compose export gave this variable, when known.
 */
export function previewValue(raw: string, workload: unknown, exported?: string): ValuePreview | undefined {
  if (scanPlaceholders(raw).length === 0 && !raw.includes('$$')) return undefined;
  if (exported !== undefined) return { text: exported, unresolved: [], sampled: true };
  const metadata = readWorkload(workload).metadata?.values;
  const { text, unresolved } = resolvePlaceholders(raw, (parts) => {
    if (parts[0] !== 'metadata' || parts.length < 2) return undefined;
    const keys = parts.slice(1);
    const { value: here, depth } = followKeys(metadata, keys);
    if (depth < keys.length || here === undefined) return undefined;
    return typeof here === 'string' ? here : JSON.stringify(here);
  });
  return { text, unresolved: unresolved.map((t) => t.raw), sampled: false };
}
