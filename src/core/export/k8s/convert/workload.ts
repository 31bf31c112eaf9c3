import {
  compareGoStrings,
  parseReference,
  resourceUid,
  sortGoStrings,
  type Resolver,
  type ScoreWorkload,
} from '../common/borrowed';
import { error, type Problem } from '../common/diagnostics';
import type { StartOrderPlan } from '../common/start-order';
import type { Manifest } from '../common/write';
import { convertProbe, convertResources, convertVariables } from './container';
import { convertFile } from './files';
import { collapseMounts, convertVolume, type VolumeMount } from './volumes';

/**
 * One workload → its manifests, as score-k8s's ConvertWorkload makes them, in its order: a ConfigMap
 * per file, the Service (when the workload has service ports), and the Deployment, or a headless
 * Service and a StatefulSet when the annotation `k8s.score.dev/kind: StatefulSet` asks for one.
 * Every field is written as Kubernetes' JSON encoding writes it (empty fields left out, `status: {}`).
 */
export const ANNOTATION_PREFIX = 'k8s.score.dev/';
const KIND_ANNOTATION = `${ANNOTATION_PREFIX}kind`;
const SERVICE_NAME_ANNOTATION = `${ANNOTATION_PREFIX}service-name`;

export interface WorkloadContext {
  workload: ScoreWorkload;
  /** `-` and 10 hex digits: the pods' instance label is the workload's name with it. */
  instanceSuffix: string;
  /** Placeholder substitution for this workload (metadata, resource outputs). */
  resolver: Resolver;
  /** A provisioned resource's outputs, by uid. */
  outputsOf: (uid: string) => Record<string, unknown> | undefined;
  startOrder: StartOrderPlan;
  readFile?: (path: string) => Uint8Array | string | undefined;
}

export interface ConvertedWorkload {
  manifests: Manifest[];
  problems: Problem[];
}

/** The workload's annotation, when it is a string (score-k8s's FindAnnotation). */
export function annotation(metadata: Record<string, unknown>, key: string): string | undefined {
  const annotations = metadata.annotations;
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) return undefined;
  const value = (annotations as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** The name other workloads and provisioners reach this workload by. */
export function workloadServiceName(name: string, metadata: Record<string, unknown>): string {
  return annotation(metadata, SERVICE_NAME_ANNOTATION) ?? name;
}

export function convertWorkload(context: WorkloadContext): ConvertedWorkload {
  const { workload, startOrder } = context;
  const name = workload.name;
  const problems: Problem[] = [];
  const fail = (where: string[], message: string) =>
    problems.push(error(where, `workload: ${name}: failed to convert: ${message}`));
  const manifests: Manifest[] = [];

  const kind = annotation(workload.metadata, KIND_ANNOTATION) ?? 'Deployment';
  if (kind !== 'Deployment' && kind !== 'StatefulSet') {
    // score-k8s means to say this, but drops the workload without a word (its error is nil).
    fail(
      ['metadata', 'annotations', KIND_ANNOTATION],
      `metadata: annotations: ${KIND_ANNOTATION}: unsupported workload kind '${kind}' (Deployment or StatefulSet)`,
    );
    return { manifests, problems };
  }

  // `${resources.NAME}` alone in a volume source is the resource's uid.
  const volumeResolver: Resolver = (ref) => {
    const parts = parseReference(ref);
    if (parts.length === 2 && parts[0] === 'resources') {
      const res = Object.prototype.hasOwnProperty.call(workload.resources, parts[1]!)
        ? workload.resources[parts[1]!]
        : undefined;
      if (!res) return { error: `resource '${parts[1]}' does not exist` };
      return { value: resourceUid(name, parts[1]!, res.type, res.class, res.id) };
    }
    return context.resolver(ref);
  };

  const containers: Array<Record<string, unknown>> = [];
  const byName = new Map<string, Record<string, unknown>>();
  const podVolumes = new Map<string, Record<string, unknown>>();
  const claims: Array<Record<string, unknown>> = [];
  for (const containerName of sortGoStrings(Object.keys(workload.containers))) {
    const container = workload.containers[containerName]!;
    const at = (...rest: string[]) => ['containers', containerName, ...rest];
    const where = `containers.${containerName}`;
    const c: Record<string, unknown> = { name: containerName };
    if (container.image !== '') c.image = container.image;
    if (container.command?.length) c.command = container.command;
    if (container.args?.length) c.args = container.args;

    const resources = convertResources(container.resources);
    if ('error' in resources) {
      fail(at('resources', ...(resources.at ?? [])), `${where}.resources: failed to convert: ${resources.error}`);
    } else c.resources = resources.value;

    const env = convertVariables(container.variables, context.resolver);
    if ('error' in env) fail(at('variables', ...(env.at ?? [])), `${where}.variables: failed to convert: ${env.error}`);
    else if (env.value.length > 0) c.env = env.value;

    const volumes: Array<Record<string, unknown>> = [];
    const mounts: VolumeMount[] = [];
    for (const target of sortGoStrings(Object.keys(container.volumes))) {
      const converted = convertVolume(target, container.volumes[target]!, volumeResolver, context.outputsOf);
      const place = at('volumes', target);
      if ('error' in converted) {
        fail(place, `${where}.volumes.${target}: failed to convert: ${converted.error}`);
        continue;
      }
      mounts.push(converted.value.mount);
      if (converted.value.claim) {
        // score-k8s means to refuse this too, and drops the workload without a word instead.
        if (kind !== 'StatefulSet') {
          fail(place, `${where}.volumes.${target}: volume claims can only be set on stateful sets`);
        } else claims.push(converted.value.claim);
      } else if (converted.value.volume) volumes.push(converted.value.volume);
    }
    for (const target of sortGoStrings(Object.keys(container.files))) {
      const converted = convertFile(target, container.files[target]!, {
        prefix: `${name}-${containerName}-`,
        workloadFile: workload.file,
        resolver: context.resolver,
        readFile: context.readFile,
      });
      if ('error' in converted) {
        fail(at('files', target), `${where}.files.${target}: failed to convert: ${converted.error}`);
        continue;
      }
      mounts.push(converted.value.mount);
      if (converted.value.configMap) manifests.push(converted.value.configMap);
      volumes.push(converted.value.volume);
    }
    const collapsed = collapseMounts(volumes, mounts);
    if (collapsed.mounts.length > 0) c.volumeMounts = collapsed.mounts;
    for (const volume of collapsed.volumes) {
      const volumeName = String(volume.name);
      const existing = podVolumes.get(volumeName);
      if (!existing) podVolumes.set(volumeName, volume);
      else if (JSON.stringify(existing) !== JSON.stringify(volume)) {
        fail(
          at(),
          `${where}: its volume '${volumeName}' has the name of a different volume of another container (score-k8s names volumes by their mount path), and Kubernetes refuses a pod with two volumes of one name`,
        );
      }
    }

    const role = startOrder.roles.get(containerName) ?? 'container';
    for (const field of ['livenessProbe', 'readinessProbe'] as const) {
      const probe = container[field];
      if (!probe || role === 'init') continue;
      const converted = convertProbe(probe);
      if ('error' in converted) fail(at(field), `${where}.${field}: ${converted.error}`);
      else c[field] = converted.value;
    }
    const startupFrom = startOrder.startupProbeFrom.get(containerName);
    if (startupFrom && c[startupFrom]) c.startupProbe = c[startupFrom];
    if (role === 'sidecar') c.restartPolicy = 'Always';
    byName.set(containerName, c);
    if (role === 'container') containers.push(c);
  }

  const labels = {
    'app.kubernetes.io/name': name,
    'app.kubernetes.io/instance': name + context.instanceSuffix,
    'app.kubernetes.io/managed-by': 'score-k8s',
  };
  const selector = { 'app.kubernetes.io/instance': labels['app.kubernetes.io/instance'] };
  const topAnnotations = { [`${ANNOTATION_PREFIX}workload-name`]: name };
  const metadata = (objectName: string) => ({ name: objectName, annotations: topAnnotations, labels });

  const ports = Object.keys(workload.servicePorts).sort(compareGoStrings);
  if (ports.length > 0) {
    manifests.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata(workloadServiceName(name, workload.metadata)),
      spec: {
        selector,
        ports: ports.map((portName) => {
          const p = workload.servicePorts[portName]!;
          return {
            name: portName,
            port: p.port,
            targetPort: p.targetPort !== undefined && p.targetPort > 0 ? p.targetPort : p.port,
            protocol: p.protocol ? p.protocol.toUpperCase() : 'TCP',
          };
        }),
      },
      status: { loadBalancer: {} },
    });
  }

  const podSpec: Record<string, unknown> = { containers };
  const initContainers = startOrder.initOrder.map((n) => byName.get(n)!).filter(Boolean);
  if (initContainers.length > 0) podSpec.initContainers = initContainers;
  if (podVolumes.size > 0) podSpec.volumes = [...podVolumes.values()];
  const template = { metadata: { labels, annotations: podAnnotations(workload.metadata, name) }, spec: podSpec };

  if (kind === 'Deployment') {
    manifests.push({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: metadata(name),
      spec: { selector: { matchLabels: selector }, strategy: {}, template },
      status: {},
    });
  } else {
    const headless = `${name}-headless-svc`;
    manifests.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata(headless),
      spec: { selector, clusterIP: 'None', ports: [{ name: 'default', port: 99, targetPort: 99 }] },
      status: { loadBalancer: {} },
    });
    manifests.push({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: metadata(name),
      spec: {
        selector: { matchLabels: selector },
        serviceName: headless,
        template,
        updateStrategy: {},
        ...(claims.length > 0 ? { volumeClaimTemplates: claims } : {}),
      },
      status: { availableReplicas: 0, replicas: 0 },
    });
  }
  return { manifests, problems };
}

/** The workload's annotations on its pods, but for score-k8s's own (k8s.score.dev/…), and its name. */
function podAnnotations(metadata: Record<string, unknown>, name: string): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  const annotations = metadata.annotations;
  if (typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations)) {
    for (const [key, value] of Object.entries(annotations)) {
      if (typeof value === 'string' && !key.startsWith(ANNOTATION_PREFIX)) out[key] = value;
    }
  }
  out[`${ANNOTATION_PREFIX}workload-name`] = name;
  return out;
}
