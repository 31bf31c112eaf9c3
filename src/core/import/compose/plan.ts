import { resourceUid } from '../../provisioners/uid';
import { labelFrom } from '../../quick-fixes/values';
import { convertValue, type Reference } from './references';
import type { ServiceSpec } from './service';
import { variablesOf, wellKnown, type WellKnownType } from './well-known';

/**
 * Which Compose services become containers and which resources, and which containers share a
 * workload. Score orders start (`before`) only among the containers of one workload, so services
 * that depend on one another become containers of one workload (with `grouping: 'start-order'`, the
 * default); the others each become a workload of their own, as score-compose maps one workload to
 * its services. A well-known image that other services use becomes a resource of theirs.
 */
export type Grouping = 'start-order' | 'per-service';

export interface PlannedResource {
  /** The Compose service it replaces. */
  service: ServiceSpec;
  kind: WellKnownType;
  /** Its outputs as the Compose file fixes them (host and port included). */
  outputs: Record<string, string>;
  /** The resource's name in every workload that declares it. */
  name: string;
  /** The workloads that use it; when more than one, it is shared (`id`). */
  users: string[];
}

export interface PlannedWorkload {
  name: string;
  /** Its services, in the Compose file's order, with their container names. */
  containers: Array<{ service: ServiceSpec; name: string }>;
}

export interface Plan {
  workloads: PlannedWorkload[];
  resources: Map<string, PlannedResource>;
  /** The workload and container of each service that became a container. */
  placeOf: Map<string, { workload: string; container: string }>;
}

/** The resource uid score-compose gives a planned resource declared in `workload`. */
export function uidOf(resource: PlannedResource, workload: string): string {
  const shared = resource.users.length > 1;
  return resourceUid(workload, resource.name, resource.kind.type, undefined, shared ? resource.name : undefined);
}

export function planImport(specs: readonly ServiceSpec[], grouping: Grouping, useResources: boolean): Plan {
  // 1. Well-known images that another service uses (by a variable, or waiting for it) are resources.
  const candidates = new Map<string, { spec: ServiceSpec; kind: WellKnownType }>();
  if (useResources) {
    for (const spec of specs) {
      const kind = wellKnown(spec.image);
      if (kind) candidates.set(spec.name, { spec, kind });
    }
  }
  const asReferences = new Map<string, Reference>(
    [...candidates].map(([name, c]) => [
      name,
      {
        kind: 'resource',
        service: name,
        resource: name,
        port: String(c.kind.port),
        outputs: outputsOf(c.spec, c.kind),
      },
    ]),
  );
  const usedBy = new Map<string, string[]>(); // candidate → the services using it
  for (const spec of specs) {
    if (candidates.has(spec.name)) continue;
    const uses = new Set(spec.dependsOn.map((d) => d.service).filter((s) => candidates.has(s)));
    for (const v of spec.variables) {
      if (v.value !== null) for (const r of convertValue(v.value, v.key, asReferences).resources) uses.add(r);
    }
    for (const r of uses) usedBy.set(r, [...(usedBy.get(r) ?? []), spec.name]);
  }
  const containers = specs.filter((s) => !usedBy.has(s.name));

  // 2. Containers that wait for one another share a workload.
  const group = new Map<string, string>(containers.map((s) => [s.name, s.name]));
  const root = (name: string): string => {
    let at = name;
    while (group.get(at) !== at) at = group.get(at)!;
    return at;
  };
  if (grouping === 'start-order') {
    for (const spec of containers) {
      for (const d of spec.dependsOn) if (group.has(d.service)) group.set(root(d.service), root(spec.name));
    }
  }
  const groups = new Map<string, ServiceSpec[]>();
  for (const spec of containers) groups.set(root(spec.name), [...(groups.get(root(spec.name)) ?? []), spec]);

  // 3. Names: workloads after their first service, containers after their services.
  const takenWorkloads = new Set<string>();
  const workloads: PlannedWorkload[] = [];
  const placeOf = new Map<string, { workload: string; container: string }>();
  let n = 0;
  for (const members of [...groups.values()].sort((a, b) => specs.indexOf(a[0]!) - specs.indexOf(b[0]!))) {
    const name = labelFrom(members[0]!.name, takenWorkloads) ?? labelFrom(`workload-${++n}`, takenWorkloads)!;
    takenWorkloads.add(name);
    const takenContainers = new Set<string>();
    const planned: PlannedWorkload = { name, containers: [] };
    members.forEach((service, i) => {
      const container = labelFrom(service.name, takenContainers) ?? labelFrom(`container-${i + 1}`, takenContainers)!;
      takenContainers.add(container);
      planned.containers.push({ service, name: container });
      placeOf.set(service.name, { workload: name, container });
    });
    workloads.push(planned);
  }

  const resources = new Map<string, PlannedResource>();
  for (const [service, users] of usedBy) {
    const { spec, kind } = candidates.get(service)!;
    const workloadsUsing = [...new Set(users.map((u) => placeOf.get(u)!.workload))];
    resources.set(service, {
      service: spec,
      kind,
      outputs: { ...outputsOf(spec, kind), host: service, port: String(kind.port) },
      // `env` is the environment resource's name in every workload.
      name: labelFrom(service, new Set(['env'])) ?? labelFrom(`${kind.type}-1`, new Set())!,
      users: workloadsUsing,
    });
  }
  return { workloads, resources, placeOf };
}

function outputsOf(spec: ServiceSpec, kind: WellKnownType): Record<string, string> {
  return kind.outputs(variablesOf(spec.variables), [...(spec.entrypoint ?? []), ...(spec.command ?? [])]);
}
