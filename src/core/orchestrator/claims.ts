import { matchEntry } from '../catalog/catalog';
import type { Catalog, CatalogEntry } from '../catalog/types';
import { childPointer } from '../document/pointer';
import { isRecord } from '../workload/values';
import type { ConfigProvisioner, OrchestratorConfig } from './config-types';
import type { WorkloadResource } from './workload-resource';

/**
 * The resource claims the orchestrator would make for a Workload — one per entry of
 * `spec.resources`, named by its key — and what would become of each: the platform configuration's
 * provisioner for the type serves it (in the resource's class, or the provisioner's default class;
 * a class it does not offer fails the claim), else the catalog's first matching provisioner does;
 * a type nobody provisions leaves the claim Pending. A served claim is Bound with its outputs: the
 * ones the catalog lists for the type, or any (a configuration provisioner does not list its outputs,
 * and then nothing can be said against a placeholder reading one).
 */
export type ClaimPhase = 'Pending' | 'Claiming' | 'Bound' | 'Failed';

export interface ClaimPreview {
  key: string;
  type: string;
  class?: string;
  phase: ClaimPhase;
  reason: string;
  message: string;
  outputsAvailable: boolean;
  /** Who would serve it. */
  provisioner?: { from: 'configuration' | 'catalog'; name: string; class?: string };
  /** The outputs it gives, or 'any' when they are not listed anywhere. */
  outputs: readonly string[] | 'any';
  /** What is wrong in the workload for this claim, and where (a pointer into the resource). */
  problem?: { code: 'CLAIM_NOT_PROVISIONED' | 'CLASS_NOT_OFFERED'; pointer: string };
}

export function previewClaims(
  workload: WorkloadResource,
  config?: OrchestratorConfig,
  catalog?: Catalog,
): ClaimPreview[] {
  const resources = isRecord(workload.spec.resources) ? workload.spec.resources : {};
  const name = typeof workload.metadata.name === 'string' ? workload.metadata.name : '';
  return Object.entries(resources)
    .filter(
      (entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]) && typeof entry[1].type === 'string',
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, resource]) => {
      const type = resource.type as string;
      const klass = typeof resource.class === 'string' ? resource.class : undefined;
      const base = { key, type, ...(klass !== undefined ? { class: klass } : {}) };
      const fromConfig = config?.provisioners.find((p) => p.type === type);
      const entry = catalog
        ? matchEntry(catalog, name, key, { type, ...(klass !== undefined ? { class: klass } : {}) })
        : undefined;
      if (fromConfig) return configClaim(base, fromConfig, entry, klass);
      if (entry) {
        return {
          ...base,
          phase: 'Bound',
          reason: 'Succeeded',
          message: `Provisioned by ${entry.uri} from the catalog.`,
          outputsAvailable: true,
          provisioner: {
            from: 'catalog',
            name: entry.uri,
            ...(entry.class !== undefined ? { class: entry.class } : {}),
          },
          outputs: outputsOf(entry),
        };
      }
      const where = config
        ? 'the platform configuration or the catalog'
        : 'the catalog (no platform configuration is loaded)';
      return {
        ...base,
        phase: 'Pending',
        reason: 'ClaimPending',
        message: `No provisioner in ${where} takes type "${type}"${klass !== undefined ? ` class "${klass}"` : ''}; the claim would wait for one.`,
        outputsAvailable: false,
        outputs: [],
        problem: { code: 'CLAIM_NOT_PROVISIONED', pointer: childPointer(childPointer('/spec/resources', key), 'type') },
      };
    });
}

function configClaim(
  base: { key: string; type: string; class?: string },
  provisioner: ConfigProvisioner,
  entry: CatalogEntry | undefined,
  klass: string | undefined,
): ClaimPreview {
  const classes = provisioner.classes.map((c) => c.name);
  const chosen = klass ?? (provisioner.defaults?.class || undefined);
  if (chosen !== undefined && classes.length > 0 && !classes.includes(chosen)) {
    return {
      ...base,
      phase: 'Failed',
      reason: 'ClaimFailed',
      message: `Provisioner ${provisioner.provisioner} (type "${provisioner.type}") has no class "${chosen}"; it offers ${classes.map((c) => `"${c}"`).join(', ')}.`,
      outputsAvailable: false,
      provisioner: { from: 'configuration', name: provisioner.provisioner },
      outputs: [],
      problem: { code: 'CLASS_NOT_OFFERED', pointer: childPointer(childPointer('/spec/resources', base.key), 'class') },
    };
  }
  const inClass = chosen === undefined ? '' : ` in class "${chosen}"${klass === undefined ? ' (its default)' : ''}`;
  return {
    ...base,
    phase: 'Bound',
    reason: 'Succeeded',
    message: `Provisioned by ${provisioner.provisioner}${inClass}, from the platform configuration.`,
    outputsAvailable: true,
    provisioner: {
      from: 'configuration',
      name: provisioner.provisioner,
      ...(chosen !== undefined ? { class: chosen } : {}),
    },
    outputs: entry ? outputsOf(entry) : 'any',
  };
}

function outputsOf(entry: CatalogEntry): readonly string[] | 'any' {
  if (entry.anyOutput || !entry.outputsDeclared) return 'any';
  return entry.outputs.map((o) => o.name);
}
