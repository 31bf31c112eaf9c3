import { orderServiceFields } from './compose-shapes';
import type { ResourceRecord } from './provision';

/**
 * `--publish HOST_PORT:<workload>:CONTAINER_PORT` publishes a port of a workload's primary container
 * (the service whose hostname is the workload name); `HOST_PORT:<resource uid>.<output>:CONTAINER_PORT`
 * publishes a port of the service named by a resource output. Worded as score-compose words it.
 */
export function applyPublish(
  specs: readonly string[],
  services: Map<string, Map<string, unknown>>,
  workloads: ReadonlySet<string>,
  resources: Map<string, ResourceRecord>,
): { error: string } | undefined {
  for (let i = 0; i < specs.length; i++) {
    const flag = `--publish[${i}]`;
    const parts = specs[i]!.split(':');
    if (parts.length <= 2) return { error: `${flag} expected 3 :-separated parts` };
    const rawHost = parts[0]!;
    let ref = parts.slice(1, -1).join(':');
    const rawContainer = parts[parts.length - 1]!;
    const host = goAtoi(rawHost);
    if (host === undefined) return { error: `${flag} could not parse host port '${rawHost}' as integer` };
    if (host <= 1n) return { error: `${flag} host port must be > 1` };
    const container = goAtoi(rawContainer);
    if (container === undefined)
      return { error: `${flag} could not parse container port '${rawContainer}' as integer` };
    if (container <= 1n) return { error: `${flag} container port must be > 1` };
    const port = new Map<string, unknown>([
      ['target', asUint32(container)],
      ['published', String(host)],
    ]);

    if (ref.includes('#')) {
      const dotted = ref.split('.');
      if (dotted.length < 2) return { error: `${flag} must match RES_UID.OUTPUT` };
      ref = dotted.slice(0, -1).join('.');
      const output = dotted[dotted.length - 1]!;
      const uid = parseResourceUid(ref);
      const resource = resources.get(uid);
      if (!resource) return { error: `${flag} failed to find a resource with uid '${ref}'` };
      if (!Object.prototype.hasOwnProperty.call(resource.outputs, output)) {
        return { error: `${flag} resource '${uid}' has no output '${output}'` };
      }
      const value = resource.outputs[output];
      if (typeof value !== 'string') return { error: `${flag} resource '${uid}' output '${output}' is not a string` };
      const service = services.get(value);
      if (!service) return { error: `${flag} host '${value}' does not exist` };
      services.set(value, withPort(service, port));
    } else if (!workloads.has(ref)) {
      return { error: `${flag} failed to find a workload named '${ref}'` };
    } else {
      for (const [name, service] of services) {
        if (service.get('hostname') === ref) services.set(name, withPort(service, port));
      }
    }
  }
  return undefined;
}

function withPort(service: Map<string, unknown>, port: Map<string, unknown>): Map<string, unknown> {
  const existing = service.get('ports');
  const ports = Array.isArray(existing) ? [...(existing as unknown[]), port] : [port];
  return orderServiceFields(new Map([...service, ['ports', ports]]));
}

/** strconv.Atoi: an optional sign and decimal digits, within a 64-bit int. */
function goAtoi(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value === BigInt.asIntN(64, value) ? value : undefined;
}

/** Go's uint32(n) for the port score-compose writes: a number past 4294967295 wraps, as there. */
function asUint32(port: bigint): number {
  return Number(BigInt.asUintN(32, port));
}

/** `type[.class]#id` or `type[.class]#workload.name`, class defaulting to `default`. */
function parseResourceUid(raw: string): string {
  const hash = raw.indexOf('#');
  const first = raw.slice(0, hash);
  const second = raw.slice(hash + 1);
  const dot = first.indexOf('.');
  const type = dot < 0 ? first : first.slice(0, dot);
  const klass = dot < 0 ? 'default' : first.slice(dot + 1);
  return `${type}.${klass}#${second}`;
}
