import type { Diagnostic } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { toPointer } from '../../document/pointer';
import type { Workload } from '../../workload/types';
import { ruleDiagnostic } from './shared';

/** Two service ports with the same number and protocol: Kubernetes rejects such a Service. */
export function portRules(parsed: ParsedDocument, workload: Workload): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Map<string, string>();
  for (const [name, port] of workload.servicePorts) {
    if (typeof port.port !== 'number') continue;
    const protocol = typeof port.protocol === 'string' ? port.protocol.toUpperCase() : 'TCP';
    const key = `${port.port}/${protocol}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, name);
      continue;
    }
    out.push(
      ruleDiagnostic(
        parsed,
        'error',
        'DUPLICATE_PORT',
        `Service ports "${first}" and "${name}" both use port ${port.port} (${protocol}); a port number can be used once per protocol. Change the port of "${name}" or remove it.`,
        toPointer(['service', 'ports', name, 'port']),
      ),
    );
  }
  return out;
}
