import { uidParts } from '../../provisioners/uid';
import { sortKeysV3, writeYamlV3, type YamlV3Value } from '../../go/yaml';
import { orderServiceFields, type ShapeContext } from './compose-shapes';
import { sortStrings as sortGoStrings } from '../../go/sort';
import type { ExportedFile } from './mounts';
import type { ComposeProject } from './patch';
import type { ProvisionedProject } from './provision';
import { WAIT_SERVICE } from './wait-service';
import type { ScoreWorkload } from './workload';

/**
 * The compose project as score-compose writes it: `name`, then services, networks and volumes
 * (compose-go's Project field order), map keys in yaml.v3 order, printed by the yaml.v3 writer.
 */
export interface ExportedResource {
  uid: string;
  type: string;
  class: string;
  id: string;
  /** The workload whose declaration (params) was used. */
  sourceWorkload: string;
  provisioner: string;
  params: Record<string, unknown>;
  outputs: Record<string, unknown>;
  state: Record<string, unknown>;
}

export function writeProject(project: ComposeProject): string {
  const document = new Map<string, YamlV3Value>();
  if (project.name) document.set('name', project.name);
  document.set('services', sortedMap(project.services, finishService));
  if (project.networks.size > 0)
    document.set(
      'networks',
      sortedMap(project.networks, (n) => n as YamlV3Value),
    );
  if (project.volumes.size > 0)
    document.set(
      'volumes',
      sortedMap(project.volumes, (v) => v as YamlV3Value),
    );
  return writeYamlV3(document);
}

/** Every workload service waits for wait-for-resources to complete (when there is one). */
export function waitForResources(service: Map<string, unknown>): void {
  const deps = (service.get('depends_on') as Map<string, unknown> | undefined) ?? new Map<string, unknown>();
  deps.set(
    WAIT_SERVICE,
    new Map<string, unknown>([
      ['condition', 'service_completed_successfully'],
      ['required', true],
    ]),
  );
  service.set('depends_on', deps);
}

/** Workload files and provisioner files; a later write of the same path wins, as on disk. */
export function collectFiles(workloadFiles: ExportedFile[], project: ProvisionedProject): ExportedFile[] {
  const byPath = new Map<string, ExportedFile>();
  for (const file of workloadFiles) byPath.set(file.path, file);
  for (const [path, content] of project.files) {
    if (content === null) byPath.delete(path);
    else byPath.set(path, { path, content, mode: 0o644 });
  }
  return [...byPath.values()];
}

export function exportedResources(project: ProvisionedProject): ExportedResource[] {
  return sortGoStrings(project.resources.keys()).map((uid) => {
    const r = project.resources.get(uid)!;
    return {
      uid,
      ...uidParts(uid),
      sourceWorkload: r.sourceWorkload,
      provisioner: r.provisionerUri ?? '',
      params: r.params ?? {},
      outputs: r.outputs,
      state: r.state,
    };
  });
}

/** score-compose never publishes service ports on the host; say so, so that nobody expects it to. */
export function warnUnpublishedPorts(workloads: ScoreWorkload[], publish: readonly string[], ctx: ShapeContext): void {
  for (const workload of workloads) {
    const ports = Object.keys(workload.servicePorts);
    if (ports.length === 0 || publish.some((p) => p.split(':').slice(1, -1).join(':') === workload.name)) continue;
    ctx.warnings.push(
      `${workload.name}: service.ports (${ports.join(', ')}) are not published on the host: other services reach them at ${workload.name}:<targetPort>; publish one with HOST_PORT:${workload.name}:CONTAINER_PORT to reach it from the host`,
    );
  }
}

function sortedMap<T>(map: Map<string, T>, finish: (value: T) => YamlV3Value): Map<string, YamlV3Value> {
  return new Map(sortKeysV3(map.keys()).map((k) => [k, finish(map.get(k)!)]));
}

/** Fields in compose-go order; the Go maps in a service (annotations, environment, depends_on, labels) sorted. */
function finishService(service: Map<string, unknown>): YamlV3Value {
  const out = new Map<string, unknown>();
  for (const [key, value] of service) {
    if (['annotations', 'environment', 'depends_on', 'labels'].includes(key) && value instanceof Map) {
      out.set(key, new Map(sortKeysV3(value.keys()).map((k) => [k, value.get(k)])));
    } else out.set(key, value);
  }
  return orderServiceFields(out) as YamlV3Value;
}
