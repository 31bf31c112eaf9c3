import type { Diagnostic } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { toPointer } from '../../document/pointer';
import { parseCpu, parseMemory } from '../../workload/quantities';
import type { Workload } from '../../workload/types';
import { ruleDiagnostic } from './shared';

/**
 * A request above its limit. Kubernetes rejects such a pod ("must be less than or equal to … limit"), but the
 * Score toolchain accepts it (score-compose ignores both, and the official score-full sample does it), so it is a
 * warning: the workload is valid Score, and will fail only where limits are enforced.
 */
export function limitRules(parsed: ParsedDocument, workload: Workload): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, container] of workload.containers) {
    const requests = container.resources?.requests;
    const limits = container.resources?.limits;
    if (!requests || !limits) continue;
    for (const [field, parse, unit] of [
      ['cpu', parseCpu, 'CPU'],
      ['memory', parseMemory, 'memory'],
    ] as const) {
      const request = parse(requests[field]);
      const limit = parse(limits[field]);
      if (request === undefined || limit === undefined || request <= limit) continue;
      out.push(
        ruleDiagnostic(
          parsed,
          'warning',
          'REQUEST_ABOVE_LIMIT',
          `Container "${name}" requests ${String(requests[field])} ${unit} (resources.requests.${field}) but is limited to ${String(limits[field])} (resources.limits.${field}); Kubernetes rejects a request above its limit. Lower the request or raise the limit.`,
          toPointer(['containers', name, 'resources', 'requests', field]),
        ),
      );
    }
  }
  return out;
}
