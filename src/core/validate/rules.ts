import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { beforeRules } from './rules/before';
import { fileAndVolumeRules } from './rules/files-volumes';
import { limitRules } from './rules/limits';
import { placeholderRules } from './rules/placeholders';
import { portRules } from './rules/ports';
import { workloadOf } from '../workload/read';
import type { WorkloadInText } from '../workload/types';
import { isRecord } from '../workload/values';

/**
 * The semantic rules: what JSON Schema cannot say (cross references, start order, placeholders,
 * quantities). They run even when the schema failed: each reads the workload's typed view, which
 * tolerates any shape of the data, and skips what is not there; none may throw.
 */
const RULES: Array<(parsed: ParsedDocument, workload: WorkloadInText) => Diagnostic[]> = [
  placeholderRules,
  beforeRules,
  portRules,
  limitRules,
  fileAndVolumeRules,
];

export function runRules(parsed: ParsedDocument): Diagnostic[] {
  if (parsed.blocked || !isRecord(parsed.value)) return [];
  const workload = workloadOf(parsed);
  const out: Diagnostic[] = [];
  for (const rule of RULES) {
    try {
      out.push(...rule(parsed, workload));
    } catch {
      // A rule bug must not hide the other layers' findings; its own tests catch it.
    }
  }
  return out;
}
