import { isRecord, sprigFunctions, YamlV3Float, type SeededRandom } from './common/borrowed';
import { runPatchTemplate } from '../patching/patch-template';
import { jsonData } from '../patching/json-data';
import type { Manifest } from './common/write';

/**
 * score-k8s's patch templates (`score-k8s init --patch-templates FILE`), applied last, in order:
 * each is a Go template over .Manifests, .Workloads and .Namespace that writes a YAML list of
 * operations `{op: set|delete, path, value, description}` (patching/patch-template.ts runs it);
 * paths are sjson paths into the list of manifests (`0.spec.replicas`, `-1` to append). As in
 * score-k8s, a template that writes any operation sends the manifests through JSON, so their numbers
 * come back as Go float64s.
 */
export interface PatchContext {
  /** Each workload's Score spec, by name. */
  workloads: Record<string, unknown>;
  namespace: string;
  /** `substituteValue WORKLOAD VALUE` in a template: the workload's placeholders resolved. */
  substitute: (workload: string, value: string) => string;
  random: SeededRandom;
}

export function applyPatchTemplate(
  manifests: Manifest[],
  template: string,
  context: PatchContext,
): { manifests: Manifest[] } | { error: string } {
  const functions = {
    ...sprigFunctions(context.random),
    substituteValue: { params: ['string', 'string'] as const, fn: context.substitute as never },
  };
  const outcome = runPatchTemplate(template, {
    data: { Manifests: jsonData(manifests), Workloads: context.workloads, Namespace: context.namespace },
    root: jsonData(manifests),
    functions,
  });
  if ('error' in outcome) return outcome;
  if (!outcome.patched) return { manifests };
  const root = outcome.root;
  if (!Array.isArray(root))
    return { error: 'failed to unmarshal patched output: json: cannot unmarshal object into a list of manifests' };
  const out: Manifest[] = [];
  for (const item of root) {
    if (!isRecord(item)) {
      return {
        error: `failed to unmarshal patched output: json: cannot unmarshal ${jsonKind(item)} into Go value of type map[string]interface {}`,
      };
    }
    out.push(asFloats(item) as Manifest);
  }
  return { manifests: out };
}

/** After the JSON round trip every number is a float64, which yaml.v3 prints as one (1e+06). */
function asFloats(value: unknown): unknown {
  if (typeof value === 'number') return new YamlV3Float(value);
  if (Array.isArray(value)) return value.map(asFloats);
  if (isRecord(value) && !(value instanceof YamlV3Float)) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = asFloats(v);
    return out;
  }
  return value;
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'bool';
}
