import type { Provisioner, ProvisionerInfo } from '../provisioners/types';
import { BUILTIN_ENTRIES, BUILTIN_PROVISIONERS } from './builtin-catalog.generated';
import { paramExample, sampleRun } from './sample';
import type { CatalogEntry, CatalogOutput, CatalogParam, CatalogValue, EntrySource, ProvisionerKind } from './types';

/**
 * Catalog entries from provisioners. Everything an entry says comes from its provisioner: the
 * names, descriptions and secret flags it declares, and the examples and compose services of one
 * sample run. A provisioner file usually says less than our built-ins (no descriptions, no secret
 * flags): when it names the same uri and type as a built-in, that built-in's words fill the gaps.
 */
export interface EntryFacts {
  kind: ProvisionerKind;
  source: EntrySource;
  /** Whether the provisioner lists its params / outputs (a file may leave them out). */
  paramsDeclared: boolean;
  outputsDeclared: boolean;
}

const CANNOT_RUN =
  'This provisioner runs a program on your machine (cmd://), which cannot run in a browser: export with score-compose itself, or use a template:// provisioner.';

export function entryFromProvisioner(provisioner: Provisioner, facts: EntryFacts): CatalogEntry {
  const known = builtinByUri(provisioner);
  const anyOutput = provisioner.type === 'environment' && (facts.kind === 'environment' || facts.kind === 'built-in');
  const params: CatalogParam[] = provisioner.params.map((p) => {
    const builtin = known?.params.find((b) => b.name === p.name);
    const example = paramExample(provisioner.type, p.name);
    return {
      name: p.name,
      description: p.description || builtin?.description || '',
      required: p.required ?? builtin?.required ?? false,
      ...(example !== undefined ? { example } : {}),
    };
  });
  const runs = facts.kind !== 'cmd' && !anyOutput;
  const sample = runs
    ? sampleRun(provisioner, sampleName(provisioner.type), sampleParams(provisioner.type, params))
    : undefined;
  const declared = anyOutput ? [] : provisioner.outputs.map((o) => o.name);
  const names = facts.outputsDeclared || !sample ? declared : Object.keys(sample.outputs);
  const outputs = names.map((name): CatalogOutput => {
    const own = provisioner.outputs.find((o) => o.name === name);
    const builtin = known?.outputs.find((o) => o.name === name);
    const secret = own?.secret ?? builtin?.secret ?? looksSecret(name);
    const example = sample ? exampleValue(sample.outputs[name]) : undefined;
    return {
      name,
      description: own?.description || builtin?.description || '',
      secret,
      ...(example !== undefined && !secret ? { example } : {}),
    };
  });
  return {
    type: provisioner.type,
    ...(provisioner.class !== undefined ? { class: provisioner.class } : {}),
    ...(provisioner.id !== undefined ? { id: provisioner.id } : {}),
    uri: provisioner.uri,
    kind: facts.kind,
    description: provisioner.description || known?.description || '',
    runsInBrowser: facts.kind !== 'cmd',
    ...(facts.kind === 'cmd' ? { note: CANNOT_RUN } : {}),
    params,
    paramsDeclared: facts.paramsDeclared,
    outputs,
    outputsDeclared: facts.outputsDeclared || anyOutput,
    anyOutput,
    services: sample?.services ?? [],
    volumes: sample?.volumes ?? [],
    source: facts.source,
  };
}

/**
 * The built-in catalog entries: generated from the built-in provisioners (scripts/gen-builtin-catalog.ts),
 * so that listing them runs none of them, and needs none of their code.
 */
export function builtinCatalogEntries(): readonly CatalogEntry[] {
  return BUILTIN_ENTRIES;
}

function builtinByUri(p: Provisioner): ProvisionerInfo | undefined {
  return BUILTIN_PROVISIONERS.find((b) => b.uri === p.uri && b.type === p.type);
}

/**
 * A name for an example resource of a type: the type itself made a valid resource name (lowercase
 * letters, digits and "-", 2 to 63 characters).
 */
export function sampleName(type: string): string {
  const name = type
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return name.length >= 2 ? name : `${name || 'resource'}-1`.replace(/^-/, '');
}

/** The example params a sample (or a new resource) gets: every param with a known example. */
export function sampleParams(type: string, params: readonly CatalogParam[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const example = p.example ?? paramExample(type, p.name);
    if (example !== undefined) out[p.name] = example;
  }
  return out;
}

/** Outputs whose names say they hold credentials, when the provisioner does not say. */
export function looksSecret(name: string): boolean {
  return /(password|passwd|secret|token|private|credential|connection|access_?key|api_?key)/i.test(name);
}

function exampleValue(value: unknown): CatalogValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return value === undefined ? undefined : JSON.stringify(value);
}
