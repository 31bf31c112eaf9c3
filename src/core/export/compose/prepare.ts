import { parseBuildOptions } from './build-option';
import type { ShapeContext } from './compose-shapes';
import { sortStrings as sortGoStrings } from '../../go/sort';
import type { KnownWorkload } from './error-place';
import { applyOverrides, decodeWorkloads, schemaErrors, type LoadedWorkload, type WorkloadSource } from './load';
import type { ComposeFlags } from './options';
import { applyOverridesFile } from './overrides';
import { validateWorkload, validationError } from './score-validate';
import { toWorkload, upgradeWorkload, type ScoreWorkload } from './workload';
import { isRecord, toRecord } from '../../workload/values';

/**
 * The first half of `score-compose generate`: read the files, apply the command-line options that
 * change workloads (--overrides-file, --override-property, --image, --build) and validate each
 * workload, in score-compose's order and with its messages.
 */
export type PrepareOptions = Pick<ComposeFlags, 'image' | 'build' | 'overridesFile' | 'overrideProperties'>;

export interface PreparedWorkloads {
  workloads: ScoreWorkload[];
  /** Build configs from --build, by workload then container. */
  builds: Map<string, Map<string, Map<string, unknown>>>;
  /** Each workload's spec as the project holds it (upgraded, --image applied), for patch templates' `.Workloads`. */
  specs: Record<string, Record<string, unknown>>;
}

/** Prepared, or the error that stopped it; either way the workloads read (to say where an error is). */
export type Preparation = (PreparedWorkloads | { error: string }) & { known: KnownWorkload[] };

export function prepareWorkloads(
  inputs: readonly WorkloadSource[],
  options: PrepareOptions,
  ctx: ShapeContext,
): Preparation {
  const decoded = decodeWorkloads(inputs);
  if ('error' in decoded) return { ...decoded, known: [] };
  const known = decoded.workloads.map(knownWorkload);
  return { ...prepare(decoded.workloads, options, ctx), known };
}

function knownWorkload({ name, file, spec }: LoadedWorkload): KnownWorkload {
  const resourceIds = Object.create(null) as Record<string, string | undefined>;
  if (isRecord(spec.resources)) {
    for (const [resource, value] of Object.entries(spec.resources)) {
      resourceIds[resource] = isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
    }
  }
  return { name, file, resourceIds };
}

function prepare(
  loaded: LoadedWorkload[],
  options: PrepareOptions,
  ctx: ShapeContext,
): PreparedWorkloads | { error: string } {
  if (options.image && loaded.length > 1)
    return { error: '--image cannot be used when multiple score files are provided' };
  if (options.build?.length && loaded.length > 1) {
    return { error: '--build cannot be used when multiple score files are provided' };
  }
  if (options.overridesFile) {
    if (loaded.length === 0) return { error: '--overrides-file cannot be used without providing a score file' };
    if (loaded.length > 1) return { error: '--overrides-file cannot be used when multiple score files are provided' };
    const merged = applyOverridesFile(loaded[0]!.spec, options.overridesFile);
    if ('error' in merged) return merged;
    loaded[0]!.spec = merged.value;
  }
  const overrides = options.overrideProperties ?? [];
  if (overrides.length > 0) {
    if (loaded.length === 0) return { error: '--override-property cannot be used without providing a score file' };
    if (loaded.length > 1) {
      return { error: '--override-property cannot be used when multiple score files are provided' };
    }
    const applied = applyOverrides(loaded[0]!.spec, overrides);
    if ('error' in applied) return applied;
    loaded[0]!.spec = applied.spec;
  }
  if (loaded.length === 0) return { error: 'no workloads found, please provide a Score file to generate from' };

  const workloads: ScoreWorkload[] = [];
  const builds = new Map<string, Map<string, Map<string, unknown>>>();
  const specs = Object.create(null) as Record<string, Record<string, unknown>>;
  const changed = overrides.length > 0 || options.overridesFile !== undefined;
  for (const item of loaded) {
    const invalid = schemaErrors(item.name, item.parsed, item.spec, changed);
    if (invalid) return { error: invalid };
    const upgraded = upgradeWorkload(item.spec);
    const workload = toWorkload(upgraded, item.file);
    const messages = validateWorkload(workload);
    if (messages.length > 0) return { error: validationError(workload.name, messages) };
    const parsed = parseBuildOptions(options.build ?? [], new Set(Object.keys(workload.containers)), ctx);
    if ('error' in parsed) return parsed;
    for (const name of sortGoStrings(Object.keys(workload.containers))) {
      const container = workload.containers[name]!;
      if (container.image !== '.') continue;
      if (options.image) {
        container.image = options.image;
        setImage(upgraded, name, options.image);
      } else if (!parsed.builds.has(name)) {
        return {
          error: `failed to convert '${workload.name}' because container '${name}' has no image and neither --image nor --build was provided`,
        };
      }
    }
    builds.set(workload.name, parsed.builds);
    workloads.push(workload);
    specs[workload.name] = upgraded;
  }
  return { workloads, builds, specs };
}

/** The spec (a copy made by upgradeWorkload) with a container's image replaced, as --image sets it. */
function setImage(spec: Record<string, unknown>, container: string, image: string): void {
  if (!isRecord(spec.containers)) return;
  const containers = toRecord(spec.containers);
  containers[container] = { ...toRecord(containers[container]), image };
  spec.containers = containers;
}
