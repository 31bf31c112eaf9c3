import { decodeYaml } from '../../go/yaml';
import { buildShape, type ShapeContext } from './compose-shapes';

/**
 * `--build CONTAINER=CONTEXT` or `--build 'CONTAINER={json or yaml build config}'`: the container is
 * built instead of pulled (its image is dropped). Worded as score-compose words its errors.
 */
export function parseBuildOptions(
  entries: readonly string[],
  containers: ReadonlySet<string>,
  ctx: ShapeContext,
): { builds: Map<string, Map<string, unknown>> } | { error: string } {
  const builds = new Map<string, Map<string, unknown>>();
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq < 0) return { error: `invalid --build '${entry}': expected 2 =-separated parts` };
    const container = entry.slice(0, eq);
    const value = entry.slice(eq + 1);
    if (!containers.has(container)) return { error: `invalid --build '${entry}': unknown container '${container}'` };
    let raw: unknown = value;
    if (value.startsWith('{')) {
      // JSON or YAML, read as yaml.v3 reads it (JSON is YAML), with its words for an error.
      const decoded = decodeYaml(value);
      if ('error' in decoded) return { error: `invalid --build '${entry}': ${decoded.error}` };
      raw = decoded.value;
    }
    const shaped = buildShape(raw, `build.${container}`, ctx);
    builds.set(container, shaped instanceof Map ? shaped : new Map([['context', value]]));
  }
  return { builds };
}
