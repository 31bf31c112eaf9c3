import { parseBuildOptions } from './build-option';
import type { ShapeContext } from './compose-shapes';
import { sortStrings as sortGoStrings } from '../../go/sort';
import { applyOverrides, decodeWorkloads, schemaErrors, type WorkloadSource } from './load';
import { validateWorkload, validationError } from './score-validate';
import { toWorkload, upgradeWorkload, type ScoreWorkload } from './workload';

/**
 * The first half of `score-compose generate`: read the files, apply the command-line options that
 * change workloads (--override-property, --image, --build) and validate each workload, in
 * score-compose's order and with its messages.
 */
export interface PrepareOptions {
  image?: string;
  build?: string[];
  overrideProperties?: string[];
}

export interface PreparedWorkloads {
  workloads: ScoreWorkload[];
  /** Build configs from --build, by workload then container. */
  builds: Map<string, Map<string, Map<string, unknown>>>;
}

export function prepareWorkloads(
  inputs: readonly WorkloadSource[],
  options: PrepareOptions,
  ctx: ShapeContext,
): PreparedWorkloads | { error: string } {
  const decoded = decodeWorkloads(inputs);
  if ('error' in decoded) return decoded;
  const loaded = decoded.workloads;
  if (options.image && loaded.length > 1)
    return { error: '--image cannot be used when multiple score files are provided' };
  if (options.build?.length && loaded.length > 1) {
    return { error: '--build cannot be used when multiple score files are provided' };
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
  for (const item of loaded) {
    const invalid = schemaErrors(item.name, item.parsed, item.spec, overrides.length > 0);
    if (invalid) return { error: invalid };
    const workload = toWorkload(upgradeWorkload(item.spec), item.file);
    const messages = validateWorkload(workload);
    if (messages.length > 0) return { error: validationError(workload.name, messages) };
    const parsed = parseBuildOptions(options.build ?? [], new Set(Object.keys(workload.containers)), ctx);
    if ('error' in parsed) return parsed;
    for (const name of sortGoStrings(Object.keys(workload.containers))) {
      const container = workload.containers[name]!;
      if (container.image !== '.') continue;
      if (options.image) container.image = options.image;
      else if (!parsed.builds.has(name)) {
        return {
          error: `failed to convert '${workload.name}' because container '${name}' has no image and neither --image nor --build was provided`,
        };
      }
    }
    builds.set(workload.name, parsed.builds);
    workloads.push(workload);
  }
  return { workloads, builds };
}
