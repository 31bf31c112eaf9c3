import { childPointer } from '../document/pointer';
import { isRecord } from '../workload/values';
import type { ClaimPreview } from './claims';
import type { WorkloadResource } from './workload-resource';

/**
 * Whether the orchestrator could fill in the placeholders of a Workload once its claims are bound.
 * As it does: only `variables` are substituted; in each value the long form
 * `${resources.KEY.outputs.NAME}` is replaced first and, only when the value has none, the short form
 * `${resources.KEY.NAME}`; whatever still looks like `${…}` afterwards is unresolved, and blocks the
 * plan (RuntimeReady=False, ProjectionError). So `${metadata.name}`, `$${escaped}` (it knows no
 * escape), a short form beside a long one, an unknown resource or an output its claim does not give
 * are all unresolved. A placeholder of a claim that is not bound yet is waiting, not unresolved.
 */
export interface Placeholder {
  container: string;
  variable: string;
  /** As written, e.g. `${resources.db.host}`. */
  text: string;
  why: string;
  /** The variable, as a pointer into the resource. */
  pointer: string;
}

export interface Projection {
  unresolved: Placeholder[];
  waiting: Placeholder[];
}

const LONG = /\$\{resources\.([^.]+)\.outputs\.([^}]+)\}/g;
const SHORT = /\$\{resources\.([^.]+)\.([^}]+)\}/g;
const ANY = /\$\{[^}]+\}/g;

export function projectVariables(workload: WorkloadResource, claims: readonly ClaimPreview[]): Projection {
  const result: Projection = { unresolved: [], waiting: [] };
  const byKey = new Map(claims.map((c) => [c.key, c]));
  const containers = isRecord(workload.spec.containers) ? workload.spec.containers : {};
  for (const [container, spec] of Object.entries(containers)) {
    if (!isRecord(spec) || !isRecord(spec.variables)) continue;
    for (const [variable, value] of Object.entries(spec.variables)) {
      if (typeof value !== 'string') continue;
      const pointer = childPointer(childPointer(childPointer('/spec/containers', container), 'variables'), variable);
      const add = (list: Placeholder[], text: string, why: string) =>
        list.push({ container, variable, text, why, pointer });
      const long = [...value.matchAll(LONG)];
      let rest = value;
      for (const [text, key, output] of long.length > 0 ? long : [...value.matchAll(SHORT)]) {
        rest = rest.split(text).join('');
        const claim = byKey.get(key!);
        if (!claim) add(result.unresolved, text, `the workload has no resource "${key}"`);
        else if (claim.phase !== 'Bound' || !claim.outputsAvailable) {
          add(result.waiting, text, `claim "${key}" is ${claim.phase.toLowerCase()}`);
        } else if (claim.outputs !== 'any' && !claim.outputs.includes(output!)) {
          const gives = claim.outputs.length > 0 ? `it gives ${claim.outputs.join(', ')}` : 'it gives no outputs';
          add(result.unresolved, text, `resource "${key}" gives no output "${output}" (${gives})`);
        }
      }
      for (const [leftover] of rest.matchAll(ANY)) {
        add(result.unresolved, leftover, leftoverWhy(leftover, value, long.length > 0));
      }
    }
  }
  return result;
}

function leftoverWhy(text: string, value: string, hasLongForm: boolean): string {
  if (hasLongForm && /^\$\{resources\./.test(text)) {
    return 'this value also uses the long form ${resources.KEY.outputs.NAME}, and then the orchestrator leaves the short form as written';
  }
  if (value.includes('$' + text))
    return 'the orchestrator does not read $$ as an escape, so it sees a placeholder here';
  if (text.startsWith('${metadata.')) return 'the orchestrator fills in only ${resources.…} placeholders, not metadata';
  return 'the orchestrator fills in only ${resources.KEY.OUTPUT} placeholders';
}
