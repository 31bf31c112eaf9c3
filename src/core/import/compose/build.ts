import { labelFrom } from '../../quick-fixes/values';
import { put, type Notes } from './read';
import { convertValue, type Reference } from './references';
import { uidOf, type Plan, type PlannedWorkload } from './plan';
import type { Mount, Port, ServiceSpec } from './service';

/**
 * The Score workloads of a planned import, as plain values in the order a person writes them, with
 * what each Compose service became and the `--publish` entries that publish its ports as before.
 */

export type Value = Record<string, unknown>;

/** What became of one variable: the Score value and the Compose text each placeholder stands for. */
export interface VariableMapping {
  value: string;
  original: string | null;
  pairs: Array<[placeholder: string, original: string]>;
  /** Services of the same workload this value now reaches at localhost. */
  localhost: string[];
}

/** What became of one Compose service. */
export type ServiceMapping =
  | {
      service: string;
      kind: 'container';
      workload: string;
      container: string;
      variables: Record<string, VariableMapping>;
    }
  | { service: string; kind: 'resource'; type: string; resource: string; workloads: string[] };

export interface BuiltWorkload {
  name: string;
  value: Value;
}

export interface Built {
  workloads: BuiltWorkload[];
  services: ServiceMapping[];
  publish: string[];
}

export function buildWorkloads(plan: Plan, notes: Notes): Built {
  const out: Built = { workloads: [], services: [], publish: [] };
  for (const workload of plan.workloads) out.workloads.push(buildWorkload(plan, workload, notes, out));
  for (const [service, resource] of plan.resources) {
    out.services.push({
      service,
      kind: 'resource',
      type: resource.kind.type,
      resource: resource.name,
      workloads: resource.users,
    });
    const spec = resource.service;
    notes.changed(
      `Service "${service}" (${spec.image}) becomes a ${resource.kind.type} resource "${resource.name}" of ${resource.users.map((w) => `"${w}"`).join(', ')}: its provisioner runs the ${resource.kind.type} server (its own image, data volume and health check), and variables that held its host, port or credentials read the resource's outputs.`,
      spec.at,
    );
    const read = out.services.flatMap((m) =>
      m.kind === 'container' ? Object.values(m.variables).flatMap((v) => v.pairs.map(([p]) => p)) : [],
    );
    if (!read.includes('${resources.' + resource.name + '.password}') && resource.outputs.password === undefined) {
      notes.changed(
        `The ${resource.kind.type} server of resource "${resource.name}" asks for a password, which no variable gives: add one such as ${resource.name.toUpperCase().replace(/-/g, '_')}_PASSWORD: \${resources.${resource.name}.password} where it is used.`,
        spec.at,
      );
    }
    for (const port of spec.ports) {
      if (port.host === undefined || !publishable(port, notes)) continue;
      out.publish.push(`${port.host}:${uidOf(resource, resource.users[0]!)}.host:${port.container}`);
    }
  }
  return out;
}

function buildWorkload(plan: Plan, planned: PlannedWorkload, notes: Notes, out: Built): BuiltWorkload {
  const resources: Value = {};
  const containers: Value = {};
  const ports: Value = {};
  const annotations = new Map<string, string>();
  const containerOf = new Map(planned.containers.map((c) => [c.service.name, c.name]));

  // Resources first: the well-known services this workload uses keep their names.
  const references = new Map<string, Reference>();
  for (const [service, resource] of plan.resources) {
    if (!resource.users.includes(planned.name)) continue;
    references.set(service, {
      kind: 'resource',
      service,
      resource: resource.name,
      port: resource.outputs.port!,
      outputs: resource.outputs,
    });
  }
  for (const { service } of planned.containers) references.set(service.name, { kind: 'local', service: service.name });
  const declared = new Set<string>();
  const declare = (name: string, value: Value) => {
    if (!declared.has(name)) put(resources, name, value);
    declared.add(name);
  };
  const volumeNames = new Map<string, string>();
  const taken = new Set([
    ENV,
    ...[...plan.resources.values()].filter((r) => r.users.includes(planned.name)).map((r) => r.name),
  ]);

  for (const { service, name } of planned.containers) {
    const container: Value = { image: service.image ?? '.' };
    if (service.entrypoint) container.command = service.entrypoint;
    if (service.command) container.args = service.command;
    const variables: Value = {};
    const mapping: Record<string, VariableMapping> = {};
    for (const v of service.variables) {
      // `- KEY` with no value passes on the variable of the environment Compose runs in, as `${KEY}` reads it.
      const converted = convertValue(v.value ?? '${' + v.key + '}', v.key, references);
      put(variables, v.key, converted.value);
      mapping[v.key] = {
        value: converted.value,
        original: v.value,
        pairs: converted.pairs,
        localhost: converted.localhost,
      };
      for (const lost of converted.lost) notes.notConverted(`Variable "${v.key}": ${lost}.`, v.at);
      if (converted.localhost.length > 0) {
        notes.changed(
          `Variable "${v.key}" reaches ${converted.localhost.map((s) => `"${s}"`).join(', ')} at localhost now: they are containers of the same workload, which share one network.`,
          v.at,
        );
      }
      for (const r of converted.resources) {
        const resource = [...plan.resources.values()].find((x) => x.name === r)!;
        declare(r, resourceValue(resource.kind.type, resource.users.length > 1 ? r : undefined));
      }
      if (converted.environment.size > 0) declare(ENV, { type: 'environment' });
    }
    if (Object.keys(variables).length > 0) container.variables = variables;
    const volumes = mounts(service, name, planned, plan, volumeNames, taken, declare);
    if (Object.keys(volumes).length > 0) container.volumes = volumes;
    for (const port of service.ports) {
      const key = `port-${port.container}${port.protocol === 'UDP' ? '-udp' : ''}`;
      if (Object.prototype.hasOwnProperty.call(ports, key)) {
        notes.notConverted(
          `Port ${port.container}/${port.protocol} is already a port of workload "${planned.name}" (its containers share one network); it is listed once.`,
          port.at,
        );
      } else
        put(ports, key, port.protocol === 'UDP' ? { port: port.container, protocol: 'UDP' } : { port: port.container });
      if (port.host !== undefined && publishable(port, notes)) {
        out.publish.push(`${port.host}:${planned.name}:${port.container}`);
      }
    }
    if (service.probe) container.readinessProbe = { exec: { command: service.probe } };
    const amounts: Value = {};
    if (Object.keys(service.limits).length > 0) amounts.limits = service.limits;
    if (Object.keys(service.requests).length > 0) amounts.requests = service.requests;
    if (Object.keys(amounts).length > 0) container.resources = amounts;
    for (const [key, value] of Object.entries(service.annotations)) {
      const known = annotations.get(key);
      if (known !== undefined && known !== value) {
        notes.notConverted(
          `Annotation "${key}" has another value on another container of workload "${planned.name}"; the first is kept.`,
          [...service.at, 'annotations', key],
        );
      } else annotations.set(key, value);
    }
    put(containers, name, container);
    out.services.push({
      service: service.name,
      kind: 'container',
      workload: planned.name,
      container: name,
      variables: mapping,
    });
  }

  if (planned.containers.length > 1) {
    const names = planned.containers.map((c) => `"${c.service.name}"`);
    const first = planned.containers[0]!.service;
    notes.changed(
      `Services ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} become containers of one workload, "${planned.name}", so that their start order (depends_on) holds: Score orders start only inside a workload. They share one network (one pod in Kubernetes): they reach each other at localhost.`,
      first.at,
    );
  }
  startOrder(plan, planned, containers, containerOf, notes, (service) => {
    const resource = plan.resources.get(service)!;
    declare(resource.name, resourceValue(resource.kind.type, resource.users.length > 1 ? resource.name : undefined));
  });

  const value: Value = { apiVersion: 'score.dev/v1b1', metadata: { name: planned.name } };
  if (annotations.size > 0) {
    const written: Value = {};
    for (const [key, text] of annotations) put(written, key, text);
    (value.metadata as Value).annotations = written;
  }
  if (Object.keys(ports).length > 0) value.service = { ports };
  value.containers = containers;
  if (Object.keys(resources).length > 0) value.resources = resources;
  return { name: planned.name, value };
}

/** score-compose's --publish publishes TCP only: a UDP port published as TCP would be another port. */
function publishable(port: Port, notes: Notes): boolean {
  if (port.protocol === 'TCP') return true;
  notes.notConverted(
    `Port ${port.host}:${port.container}/udp is not published on the host: score-compose's --publish publishes TCP only (add it to the exported compose.yaml by hand).`,
    port.at,
  );
  return false;
}

function resourceValue(type: string, id: string | undefined): Value {
  return id === undefined ? { type } : { type, id };
}

/** The environment resource's name in every workload (placeholders name it); no other resource takes it. */
export const ENV = 'env';

/** The container's volumes, keyed by target; each named volume a `volume` resource (shared by id across workloads). */
function mounts(
  service: ServiceSpec,
  container: string,
  planned: PlannedWorkload,
  plan: Plan,
  names: Map<string, string>,
  taken: Set<string>,
  declare: (name: string, value: Value) => void,
): Value {
  const out: Value = {};
  for (const mount of service.mounts) {
    const resource = volumeResource(mount, container, names, taken);
    const shared = mount.kind === 'volume' && usedByOthers(plan, planned, mount.source!);
    declare(resource, shared ? { type: 'volume', id: resource } : { type: 'volume' });
    const entry: Value = { source: '${resources.' + resource + '}' };
    if (mount.subpath !== undefined) entry.path = mount.subpath;
    if (mount.readOnly) entry.readOnly = true;
    put(out, mount.target, entry);
  }
  return out;
}

function volumeResource(mount: Mount, container: string, names: Map<string, string>, taken: Set<string>): string {
  const key = mount.kind === 'volume' ? `volume:${mount.source}` : `anonymous:${container}:${mount.target}`;
  const known = names.get(key);
  if (known) return known;
  const base =
    mount.kind === 'volume' ? mount.source! : `${container}-${mount.target.split('/').filter(Boolean).pop() ?? 'data'}`;
  const name = labelFrom(base, taken) ?? labelFrom(`${container}-volume`, taken)!;
  taken.add(name);
  names.set(key, name);
  return name;
}

/** Whether containers of other workloads mount the named volume too (then its resource is shared). */
function usedByOthers(plan: Plan, planned: PlannedWorkload, volume: string): boolean {
  return plan.workloads.some(
    (w) =>
      w !== planned &&
      w.containers.some((c) => c.service.mounts.some((m) => m.kind === 'volume' && m.source === volume)),
  );
}

/** depends_on as before: B waits for A becomes `containers.A.before.B`. */
function startOrder(
  plan: Plan,
  planned: PlannedWorkload,
  containers: Value,
  containerOf: ReadonlyMap<string, string>,
  notes: Notes,
  declareResource: (service: string) => void,
): void {
  for (const { service, name: then } of planned.containers) {
    for (const dep of service.dependsOn) {
      if (plan.resources.has(dep.service)) {
        declareResource(dep.service);
        notes.changed(
          `"${service.name}" waits for the ${plan.resources.get(dep.service)!.kind.type} resource through score-compose's wait-for-resources service, which waits until the provisioned servers are healthy.`,
          dep.at,
        );
        continue;
      }
      const first = containerOf.get(dep.service);
      if (first === undefined) {
        const elsewhere = plan.placeOf.get(dep.service);
        notes.notConverted(
          elsewhere
            ? `"${service.name}" waits for "${dep.service}", which is workload "${elsewhere.workload}": Score orders start only among the containers of one workload, so this start order is left out.`
            : `"${service.name}" depends on "${dep.service}", which is no service of this file; left out.`,
          dep.at,
        );
        continue;
      }
      if (first === then) continue;
      const spec = planned.containers.find((c) => c.name === first)!.service;
      let ready = dep.ready;
      if (ready === 'healthy' && !spec.probe) {
        notes.changed(
          `"${dep.service}" has no health check Score can run, so "${service.name}" waits until it has started.`,
          dep.at,
        );
        ready = 'started';
      }
      // Services that wait for each other in a circle: Compose itself refuses them ("dependency cycle"),
      // and Score's start order must have no cycle. The wait that would close the circle is left out.
      if (startsBefore(containers, then, first)) {
        notes.notConverted(
          `"${service.name}" waits for "${dep.service}", which already waits for "${service.name}" (directly or through others): a circle that neither Compose nor Score can start. This start order is left out.`,
          dep.at,
        );
        continue;
      }
      const container = containers[first] as Value;
      const before = (container.before as Value | undefined) ?? {};
      put(before, then, { ready });
      container.before = before;
    }
  }
}

/** Whether container `from` already starts before container `to`, through the start order written so far. */
function startsBefore(containers: Value, from: string, to: string): boolean {
  const seen = new Set<string>();
  const next = [from];
  while (next.length > 0) {
    const name = next.pop()!;
    if (name === to) return true;
    if (seen.has(name)) continue;
    seen.add(name);
    const container = Object.hasOwn(containers, name) ? (containers[name] as Value) : undefined;
    const before = container?.before as Value | undefined;
    if (before) next.push(...Object.keys(before));
  }
  return false;
}
