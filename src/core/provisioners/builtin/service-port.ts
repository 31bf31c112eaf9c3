import type { Provisioner } from '../types';
import { print, result, templateFail } from './common';

/** The hostname and target port of another workload's named service port. */
export const servicePortProvisioner: Provisioner = {
  uri: 'template://default-provisioners/service-port',
  type: 'service-port',
  description: 'Outputs a hostname and port for connecting to another workload.',
  params: [
    { name: 'workload', description: 'The name of the workload to connect to.', required: true },
    { name: 'port', description: 'The name (or number) of one of its service ports.', required: true },
  ],
  outputs: [
    { name: 'hostname', description: "The other workload's hostname (its name)." },
    { name: 'port', description: 'The port its container listens on (targetPort).' },
  ],
  provision(input) {
    const { workload, port } = input.params;
    if (!truthy(workload))
      return { error: templateFail('outputs', 1, 32, "expected 'workload' param for the target workload name") };
    if (!truthy(port)) {
      return {
        error: templateFail('outputs', 2, 28, "expected 'port' param for the name of the target workload service port"),
      };
    }
    const service = Object.prototype.hasOwnProperty.call(input.workloadServices, print(workload))
      ? input.workloadServices[print(workload)]
      : undefined;
    if (!service || service.ServiceName === '') return { error: templateFail('outputs', 4, 44, 'unknown workload') };
    const target = Object.prototype.hasOwnProperty.call(service.Ports, print(port))
      ? service.Ports[print(port)]
      : undefined;
    if (!target) {
      // score-compose's template checks `not $p`, but a missing port is a zero struct, which Go
      // templates count as true: the check never fires and the port comes out as 0.
      return {
        result: result({
          outputs: { hostname: service.ServiceName, port: 0 },
          info: [
            `${input.uid}: workload '${print(workload)}' has no service port '${print(port)}', so port is 0 (as in score-compose)`,
          ],
        }),
      };
    }
    return { result: result({ outputs: { hostname: service.ServiceName, port: target.TargetPort } }) };
  },
};

/** Go template truth: empty strings, zero, false, nil and empty collections are false. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
