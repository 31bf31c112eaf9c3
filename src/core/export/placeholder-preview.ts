import { entryFor, matchingName, resourceRef } from '../catalog/catalog';
import { looksSecret } from '../catalog/entries';
import type { Catalog } from '../catalog/types';
import type { ParsedDocument } from '../document/parse';
import { lookupInOutputs } from '../provisioners/lookup';
import { resourceUid } from '../provisioners/uid';
import { parseReference } from '../workload/placeholder-syntax';
import { readWorkload } from '../workload/read';
import { followKeys } from '../workload/values';
import { exportCompose, type ComposeExport } from './compose';

/**
 * What a placeholder becomes in the Compose export: the export runs with the catalog's
 * provisioners and the given seed (the same as the export's, so the names and passwords match
 * what a download would hold), and the resource's outputs are read back. Secrets are marked so that
 * views mask them.
 */
export type PlaceholderPreview =
  | { kind: 'value'; value: string; secret: boolean; note: string }
  /** An environment resource: compose fills `${NAME}` in when the project starts. */
  | { kind: 'environment'; variable: string; value?: string; note: string }
  | { kind: 'unavailable'; reason: string };

export interface PreviewOptions {
  /** The export's seed (default 0, as exportCompose's). */
  seed?: number;
  /** Environment variables known at export time. */
  env?: Record<string, string>;
}

/** `placeholder` is `${resources.db.host}` or its content `resources.db.host`. */
export function previewPlaceholder(
  parsed: ParsedDocument,
  catalog: Catalog,
  placeholder: string,
  options: PreviewOptions = {},
): PlaceholderPreview {
  const content = /^\$\{.*\}$/s.test(placeholder) ? placeholder.slice(2, -1) : placeholder;
  const parts = parseReference(content);
  const workload = readWorkload(parsed.value);
  if (parts[0] === 'metadata') return previewMetadata(workload.metadata?.values, parts.slice(1));
  if (parts[0] !== 'resources' || parts.length < 2) {
    return { kind: 'unavailable', reason: `${placeholder} is not a metadata or resource placeholder.` };
  }
  const name = parts[1]!;
  const resource = workload.resources.get(name);
  const ref = resource && resourceRef(resource);
  if (!resource || !ref) return { kind: 'unavailable', reason: `The workload has no resource named "${name}".` };
  const workloadName = matchingName(workload);
  const entry = entryFor(catalog, workload, resource);
  if (!entry) return { kind: 'unavailable', reason: `No provisioner takes resource "${name}" (type ${ref.type}).` };
  const keys = parts.slice(2);
  if (entry.anyOutput) {
    const variable = keys[0] ?? '';
    const value = options.env?.[variable];
    return {
      kind: 'environment',
      variable,
      ...(value !== undefined ? { value } : {}),
      note: `Compose reads the environment variable ${variable} when the project starts.`,
    };
  }
  const exported = exportOf(parsed.text, catalog, options);
  if (exported.errors.length > 0) {
    // The value comes from the export, which failed (often for another part of the workload): what the
    // output means is still known from the catalog, and comes first.
    const output = entry.outputs.find((o) => o.name === keys[0]);
    const meaning = output
      ? `${output.description || `An output of ${entry.type}`}${/[.!?]$/.test(output.description) ? '' : '.'} `
      : '';
    return {
      kind: 'unavailable',
      reason: `${meaning}Its value is not shown while the Compose export fails: ${exported.errors[0]}`,
    };
  }
  const uid = resourceUid(workloadName, name, ref.type, ref.class, ref.id);
  const outputs = exported.resources.find((r) => r.uid === uid)?.outputs ?? {};
  if (keys.length === 0)
    return { kind: 'value', value: uid, secret: false, note: `The resource's unique id (${entry.uri}).` };
  const found = lookupInOutputs(outputs)(keys);
  if (!('value' in found)) {
    return { kind: 'unavailable', reason: `Resource "${name}" has no output "${keys.join('.')}" (${entry.uri}).` };
  }
  const output = entry.outputs.find((o) => o.name === keys[0]);
  return {
    kind: 'value',
    value: asText(found.value),
    secret: output?.secret ?? looksSecret(keys[0]!),
    note: `${output?.description ? `${output.description} ` : ''}From ${entry.uri}, as the Compose export resolves it.`,
  };
}

function previewMetadata(metadata: unknown, keys: string[]): PlaceholderPreview {
  const { value, depth } = followKeys(metadata, keys);
  if (depth < keys.length) return { kind: 'unavailable', reason: `metadata has no ${keys.join('.')}.` };
  return { kind: 'value', value: asText(value), secret: false, note: 'From the workload’s metadata.' };
}

/** As score-go substitutes: strings as they are, anything else JSON-encoded. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The last export, kept per catalog: hovering over several placeholders runs it once. */
const lastExport = new WeakMap<Catalog, { key: string; result: ComposeExport }>();

function exportOf(text: string, catalog: Catalog, options: PreviewOptions): ComposeExport {
  const key = JSON.stringify([text, options.seed ?? 0, options.env ?? {}]);
  const cached = lastExport.get(catalog);
  if (cached?.key === key) return cached.result;
  const result = exportCompose([{ text }], {
    provisioners: catalog.provisioners,
    seed: options.seed ?? 0,
    ...(options.env ? { env: options.env } : {}),
  });
  lastExport.set(catalog, { key, result });
  return result;
}
