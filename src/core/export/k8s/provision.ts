import {
  lookupInOutputs,
  patchMap,
  primeResources,
  provisionerMatches,
  resourceUid,
  sortResources,
  substituteValue,
  buildResolver,
  uidParts,
  type OutputLookup,
  type Resolver,
  type ScoreWorkload,
  type WorkloadService,
} from './common/borrowed';
import { error, type Problem } from './common/diagnostics';
import { randomFor, resourceGuid } from './identity';
import type { K8sProvisioner } from './provisioners/types';
import { findUnresolvedSecretRef } from './common/secret-refs';
import { workloadServiceName } from './convert/workload';
import type { Manifest } from './common/write';

/**
 * The resources of every workload, provisioned as score-k8s does it: primed (one per uid; a shared
 * resource declared by several workloads is one resource), sorted so that a resource comes after
 * those its params refer to, then each given to the first provisioner that matches it. What they
 * add to the manifests comes first in the output, in that order, a later manifest of the same
 * apiVersion, kind, namespace and name replacing an earlier one.
 */
export interface ProvisionedResource {
  uid: string;
  guid: string;
  sourceWorkload: string;
  provisioner: string;
  params: Record<string, unknown>;
  outputs: Record<string, unknown>;
  state: Record<string, unknown>;
}

export interface Provisioned {
  resources: Map<string, ProvisionedResource>;
  manifests: Manifest[];
  problems: Array<{ workload: string | undefined; problem: Problem }>;
}

export interface ProvisionSettings {
  workloads: readonly ScoreWorkload[];
  provisioners: readonly K8sProvisioner[];
  seed: number;
  namespace: string;
}

export function provisionResources(settings: ProvisionSettings): Provisioned {
  const out: Provisioned = { resources: new Map(), manifests: [], problems: [] };
  const { workloads, provisioners } = settings;
  const fail = (uid: string | undefined, message: string) => {
    const at = uid ? declaredAt(workloads, uid) : undefined;
    out.problems.push({ workload: at?.workload, problem: error(at ? ['resources', at.name] : [], message) });
  };

  const primed = primeResources([...workloads]);
  if ('error' in primed) {
    fail(/'([^']+)'/.exec(primed.error)?.[1], `failed to prime resources: ${primed.error}`);
    return out;
  }
  const sorted = sortResources([...workloads]);
  if ('error' in sorted) {
    fail(undefined, `failed to provision resources: failed to determine sort order for provisioning: ${sorted.error}`);
    return out;
  }

  // Every resource no provisioner here can take is named at once, before any runs.
  const chosen = new Map<string, K8sProvisioner>();
  for (const uid of sorted.uids) {
    const provisioner = provisioners.find((p) => provisionerMatches(p, uid));
    if (!provisioner) {
      fail(
        uid,
        `failed to provision resources: resource '${uid}' is not supported by any provisioner. Please implement a custom resource provisioner to support this resource type.`,
      );
    } else if (provisioner.cannotRun) {
      fail(uid, `failed to provision resources: resource '${uid}': failed to provision: ${provisioner.cannotRun}`);
    } else chosen.set(uid, provisioner);
  }
  if (out.problems.length > 0) return out;

  const services = workloadServices(workloads);
  const byName = new Map(workloads.map((w) => [w.name, w]));
  let shared: Record<string, unknown> = {};
  for (const uid of sorted.uids) {
    const record = primed.resources.get(uid)!;
    const provisioner = chosen.get(uid)!;
    const source = byName.get(record.sourceWorkload)!;
    let params: Record<string, unknown> = {};
    if (record.params && Object.keys(record.params).length > 0) {
      const substituted = substituteValue(record.params, resolverFor(source, out.resources));
      if ('error' in substituted) {
        fail(
          uid,
          `failed to provision resources: failed to substitute params for resource '${uid}': ${substituted.error}`,
        );
        return out;
      }
      params = substituted.value as Record<string, unknown>;
    }
    const guid = resourceGuid(settings.seed, uid);
    const outcome = provisioner.provision(
      {
        guid,
        uid,
        ...uidParts(uid),
        params,
        metadata: record.metadata,
        state: {},
        shared,
        sourceWorkload: record.sourceWorkload,
        workloadMetadata: source.metadata,
        workloadServices: services,
        namespace: settings.namespace,
      },
      randomFor(settings.seed, 'provision', uid),
    );
    if ('error' in outcome) {
      fail(uid, `failed to provision resources: resource '${uid}': failed to provision: ${outcome.error}`);
      return out;
    }
    const result = outcome.result;
    shared = patchMap(shared, result.shared);
    out.resources.set(uid, {
      uid,
      guid,
      sourceWorkload: record.sourceWorkload,
      provisioner: provisioner.uri,
      params,
      outputs: result.outputs,
      state: result.state,
    });
    for (const manifest of result.manifests) {
      const unresolved = findUnresolvedSecretRef(manifest);
      if (unresolved !== undefined) {
        fail(uid, `unresolved secret ref in manifest: ${unresolved}`);
        return out;
      }
      addManifest(out.manifests, manifest);
    }
  }
  return out;
}

/** Adds a manifest; one of the same apiVersion, kind, namespace and name is replaced (and moves to the end). */
export function addManifest(manifests: Manifest[], manifest: Manifest): void {
  const signature = manifestSignature(manifest);
  for (let i = manifests.length - 1; i >= 0; i--) {
    if (manifestSignature(manifests[i]!) === signature) manifests.splice(i, 1);
  }
  manifests.push(manifest);
}

function manifestSignature(m: Manifest): string {
  const metadata = typeof m.metadata === 'object' && m.metadata !== null ? (m.metadata as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return `${text(m.apiVersion)}/${text(m.kind)}/${text(metadata.namespace)}/${text(metadata.name)}`;
}

/** Placeholder substitution for a workload, over the resources provisioned so far. */
export function resolverFor(workload: ScoreWorkload, resources: ReadonlyMap<string, ProvisionedResource>): Resolver {
  const lookups = Object.create(null) as Record<string, OutputLookup>;
  for (const [name, res] of Object.entries(workload.resources)) {
    const provisioned = resources.get(resourceUid(workload.name, name, res.type, res.class, res.id));
    if (provisioned) lookups[name] = lookupInOutputs(provisioned.outputs);
  }
  return buildResolver(workload.metadata, lookups);
}

/**
 * How each workload is reached: its Service's name and its ports by name, and by number where no
 * port is named so (score-k8s's buildWorkloadServices).
 */
function workloadServices(workloads: readonly ScoreWorkload[]): Record<string, WorkloadService> {
  const out = Object.create(null) as Record<string, WorkloadService>;
  for (const workload of workloads) {
    const ports = Object.create(null) as WorkloadService['Ports'];
    const entries = Object.entries(workload.servicePorts);
    for (const [name, p] of entries) {
      ports[name] = { Name: name, Port: p.port, TargetPort: p.targetPort ?? p.port, Protocol: p.protocol ?? 'TCP' };
    }
    for (const [name, p] of entries) {
      const byNumber = String(p.port);
      if (!Object.prototype.hasOwnProperty.call(ports, byNumber)) ports[byNumber] = ports[name]!;
    }
    out[workload.name] = { ServiceName: workloadServiceName(workload.name, workload.metadata), Ports: ports };
  }
  return out;
}

/** The workload and resource name that declare a uid (the first, by workload name). */
function declaredAt(workloads: readonly ScoreWorkload[], uid: string): { workload: string; name: string } | undefined {
  for (const workload of [...workloads].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    for (const [name, res] of Object.entries(workload.resources)) {
      if (resourceUid(workload.name, name, res.type, res.class, res.id) === uid)
        return { workload: workload.name, name };
    }
  }
  return undefined;
}
