import { lookupInOutputs, type OutputLookup } from '../../provisioners/lookup';
import { findProvisioner } from '../../provisioners/match';
import type { Provisioner, ProvisionContext, WorkloadService } from '../../provisioners/types';
import { resourceUid, uidParts } from '../../provisioners/uid';
import { networkShape, serviceShape, volumeShape, type ShapeContext } from './compose-shapes';
import { compareStrings as compareGoStrings, sortStrings as sortGoStrings } from '../../go/sort';
import { cleanPath, isLocalPath, joinPath } from '../../go/path';
import { buildResolver, immediate, substituteValue } from './substitution';
import { isRecord, stringsIn } from '../../workload/values';
import { type ScoreWorkload } from './workload';
import { parseReference, scanPlaceholders } from '../../workload/placeholder-syntax';

/**
 * Resources are primed (one per uid: a shared resource declared by several workloads is one
 * resource), ordered so that a resource comes after those its params refer to, then provisioned one
 * by one: first matching provisioner, params substituted, results applied to the project.
 */
export interface ResourceRecord {
  uid: string;
  metadata: Record<string, unknown>;
  params: Record<string, unknown> | undefined;
  sourceWorkload: string;
  provisionerUri?: string;
  state: Record<string, unknown>;
  outputs: Record<string, unknown>;
  lookup?: OutputLookup;
}

export interface ProvisionedProject {
  resources: Map<string, ResourceRecord>;
  shared: Record<string, unknown>;
  services: Map<string, Map<string, unknown>>;
  volumes: Map<string, Map<string, unknown>>;
  networks: Map<string, Map<string, unknown>>;
  /** Path (under the mounts directory) → content; null when a provisioner deleted it. */
  files: Map<string, string | null>;
  directories: Map<string, boolean>;
  info: string[];
}

export interface ProvisionSettings {
  workloads: ScoreWorkload[];
  provisioners: readonly Provisioner[];
  context: ProvisionContext;
  composeProjectName: string;
  mountsDirectory: string;
  ctx: ShapeContext;
}

export function provisionResources(settings: ProvisionSettings): { project: ProvisionedProject } | { error: string } {
  const primed = primeResources(settings.workloads);
  if ('error' in primed) return { error: `failed to prime resources: ${primed.error}` };
  const resources = primed.resources;
  const order = sortResources(settings.workloads);
  if ('error' in order)
    return { error: `failed to provision: failed to determine sort order for provisioning: ${order.error}` };

  const project: ProvisionedProject = {
    resources,
    shared: {},
    services: new Map(),
    volumes: new Map(),
    networks: new Map(),
    files: new Map(),
    directories: new Map(),
    info: [],
  };
  const workloadServices = buildWorkloadServices(settings.workloads);
  const byName = new Map(settings.workloads.map((w) => [w.name, w]));

  for (const uid of order.uids) {
    const record = resources.get(uid)!;
    const provisioner = findProvisioner(settings.provisioners, uid);
    if (!provisioner) return { error: `failed to provision: resource '${uid}' is not supported by any provisioner` };
    if (record.provisionerUri !== undefined && record.provisionerUri !== provisioner.uri) {
      return {
        error: `failed to provision: resource '${uid}' was previously provisioned by a different provider - undefined behavior`,
      };
    }
    let params: Record<string, unknown> = {};
    if (record.params && Object.keys(record.params).length > 0) {
      const source = byName.get(record.sourceWorkload)!;
      const resolver = immediate(
        buildResolver(source.metadata, resourceLookups(source, resources)),
        settings.context.env,
      );
      const substituted = substituteValue(record.params, resolver);
      if ('error' in substituted) {
        return {
          error: `failed to provision: failed to substitute params for resource '${uid}': ${substituted.error}`,
        };
      }
      params = substituted.value as Record<string, unknown>;
    }
    const parts = uidParts(uid);
    const outcome = provisioner.provision(
      {
        uid,
        ...parts,
        params,
        metadata: record.metadata,
        state: record.state,
        shared: project.shared,
        sourceWorkload: record.sourceWorkload,
        workloadServices,
        composeProjectName: settings.composeProjectName,
        mountsDirectory: settings.mountsDirectory,
      },
      settings.context,
    );
    if ('error' in outcome)
      return { error: `failed to provision: resource '${uid}': failed to provision: ${outcome.error}` };
    const result = outcome.result;
    record.provisionerUri = provisioner.uri;
    record.state = result.state;
    record.outputs = result.outputs;
    if (result.lookup) record.lookup = result.lookup;
    if (result.shared) project.shared = patchMap(project.shared, result.shared);

    for (const [kind, entries] of [
      ['directories', result.directories],
      ['files', result.files],
    ] as const) {
      for (const [relative, value] of Object.entries(entries)) {
        const clean = cleanPath(relative);
        if (!isLocalPath(clean)) {
          return {
            error: `failed to provision: resource '${uid}': failed to apply outputs: failing to write non relative volume directory '${clean}'`,
          };
        }
        const path = joinPath(settings.mountsDirectory, clean);
        if (kind === 'files') project.files.set(path, value as string | null);
        else project.directories.set(path, value as boolean);
      }
    }
    const ctx = settings.ctx;
    for (const [name, raw] of Object.entries(result.networks)) {
      project.networks.set(name, networkShape(raw, `networks.${name}`, ctx) as Map<string, unknown>);
    }
    for (const [name, raw] of Object.entries(result.volumes)) {
      project.volumes.set(name, volumeShape(raw, `volumes.${name}`, ctx) as Map<string, unknown>);
    }
    for (const [name, raw] of Object.entries(result.services)) {
      project.services.set(name, (serviceShape(raw, `services.${name}`, ctx) as Map<string, unknown>) ?? new Map());
    }
    project.info.push(...result.info);
  }
  return { project };
}

/** The output lookups a workload's placeholders see, by resource name. */
export function resourceLookups(
  workload: ScoreWorkload,
  resources: Map<string, ResourceRecord>,
): Record<string, OutputLookup> {
  const out = Object.create(null) as Record<string, OutputLookup>;
  for (const [name, res] of Object.entries(workload.resources)) {
    const record = resources.get(resourceUid(workload.name, name, res.type, res.class, res.id));
    if (record) out[name] = record.lookup ?? lookupInOutputs(record.outputs);
  }
  return out;
}

export function primeResources(
  workloads: ScoreWorkload[],
): { resources: Map<string, ResourceRecord> } | { error: string } {
  const resources = new Map<string, ResourceRecord>();
  for (const workload of [...workloads].sort((a, b) => compareGoStrings(a.name, b.name))) {
    for (const name of sortGoStrings(Object.keys(workload.resources))) {
      const res = workload.resources[name]!;
      const uid = resourceUid(workload.name, name, res.type, res.class, res.id);
      const existing = resources.get(uid);
      if (!existing) {
        resources.set(uid, {
          uid,
          metadata: res.metadata ?? {},
          params: res.params,
          sourceWorkload: workload.name,
          state: {},
          outputs: {},
        });
        continue;
      }
      // The same shared resource declared again: it must agree with the first declaration.
      if (res.params !== undefined) {
        if (existing.params !== undefined && !deepEqual(existing.params, res.params)) {
          return { error: `resource '${uid}': multiple definitions with different params` };
        }
        existing.params = res.params;
        existing.sourceWorkload = workload.name;
      }
      if (res.metadata !== undefined) {
        if (Object.keys(existing.metadata).length > 0 && !deepEqual(existing.metadata, res.metadata)) {
          return { error: `resource '${uid}': multiple definitions with different metadata` };
        }
        existing.metadata = res.metadata;
      }
    }
  }
  return { resources };
}

/**
 * score-go's GetSortedResourceUids: Kahn's algorithm, taking each wave of ready resources in uid
 * order, so that the order is stable and a resource follows those its params refer to.
 */
export function sortResources(workloads: ScoreWorkload[]): { uids: string[] } | { error: string } {
  const incoming = new Map<string, Set<string>>();
  const ready = new Set<string>();
  for (const workload of workloads) {
    for (const [name, res] of Object.entries(workload.resources)) {
      const uid = resourceUid(workload.name, name, res.type, res.class, res.id);
      const deps = new Set<string>();
      for (const value of stringsIn(res.params)) {
        for (const token of scanPlaceholders(value)) {
          const parts = parseReference(token.content);
          if (parts.length > 1 && parts[0] === 'resources') {
            const other = Object.prototype.hasOwnProperty.call(workload.resources, parts[1]!)
              ? workload.resources[parts[1]!]
              : undefined;
            if (!other) {
              return {
                error: `workload '${workload.name}' resource '${name}': refers to unknown resource names '${parts[1]}'`,
              };
            }
            deps.add(resourceUid(workload.name, parts[1]!, other.type, other.class, other.id));
          }
        }
      }
      if (deps.size === 0) ready.add(uid);
      else incoming.set(uid, new Set([...(incoming.get(uid) ?? []), ...deps]));
    }
  }
  for (const uid of incoming.keys()) ready.delete(uid);
  const uids: string[] = [];
  while (ready.size > 0) {
    const wave = sortGoStrings(ready);
    ready.clear();
    uids.push(...wave);
    for (const from of wave) {
      for (const [to, deps] of incoming) {
        if (deps.delete(from) && deps.size === 0) {
          incoming.delete(to);
          ready.add(to);
        }
      }
    }
  }
  if (incoming.size > 0) return { error: 'a cycle exists involving resource param placeholders' };
  return { uids };
}

/** What provisioners learn about each workload: its hostname and its ports, by name and by number. */
export function buildWorkloadServices(workloads: ScoreWorkload[]): Record<string, WorkloadService> {
  const out = Object.create(null) as Record<string, WorkloadService>;
  for (const workload of workloads) {
    const ports = Object.create(null) as WorkloadService['Ports'];
    for (const [name, p] of Object.entries(workload.servicePorts)) {
      const port = { Name: name, Port: p.port, TargetPort: p.targetPort ?? p.port, Protocol: p.protocol ?? 'TCP' };
      ports[name] = port;
      ports[String(p.port)] = port;
    }
    out[workload.name] = { ServiceName: workload.name, Ports: ports };
  }
  return out;
}

/** A JSON merge patch (RFC 7386): maps merge, null deletes, anything else replaces. */
export function patchMap(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) delete out[key];
    else if (isRecord(value) && isRecord(out[key])) out[key] = patchMap(out[key] as Record<string, unknown>, value);
    else if (isRecord(value)) out[key] = patchMap({}, value);
    else out[key] = value;
  }
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}
