import { compareGoStrings, isRecord, substituteString, type Resolver, type ScoreVolume } from '../common/borrowed';
import type { Converted } from './container';
import { targetHash } from './files';

/**
 * A container volume, as score-k8s mounts it: the source (`${resources.NAME}`, the resource's uid)
 * names a resource whose outputs are a Kubernetes volume source (`source`: a pod volume) or a claim
 * spec (`claimSpec`: a volume claim template, StatefulSet only). Mounted at the target, with the
 * volume's path as subPath.
 */
export interface VolumeMount {
  name: string;
  mountPath: string;
  subPath?: string;
  readOnly?: boolean;
}

export interface ConvertedVolume {
  mount: VolumeMount;
  volume?: Record<string, unknown>;
  claim?: Record<string, unknown>;
}

/** The members of a Kubernetes VolumeSource: a `source` output names one of them. */
const VOLUME_SOURCES = new Set([
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
]);

/** The fields of a PersistentVolumeClaimSpec. */
const CLAIM_FIELDS = new Set([
  'accessModes',
  'selector',
  'resources',
  'volumeName',
  'storageClassName',
  'volumeMode',
  'dataSource',
  'dataSourceRef',
  'volumeAttributesClassName',
]);

export function convertVolume(
  target: string,
  volume: ScoreVolume,
  resolver: Resolver,
  outputsOf: (uid: string) => Record<string, unknown> | undefined,
): Converted<ConvertedVolume> {
  const name = `vol-${targetHash(target)}`;
  const mount: VolumeMount = { name, mountPath: target };
  if (volume.path) mount.subPath = volume.path;
  if (volume.readOnly) mount.readOnly = true;

  const resolved = substituteString(volume.source, resolver);
  if ('error' in resolved) return { error: `source: failed to resolve placeholder: ${resolved.error}` };
  const uid = resolved.text;
  const outputs = outputsOf(uid);
  if (!outputs) return { error: `source: resource '${uid}' does not exist` };

  const unknown = Object.keys(outputs).find((k) => k !== 'source' && k !== 'claimSpec');
  const intoVolume = `failed to convert resource '${uid}' outputs into a Kubernetes volume`;
  if (unknown !== undefined) return { error: `${intoVolume}: json: unknown field "${unknown}"` };
  const source = outputs.source ?? null;
  const claimSpec = outputs.claimSpec ?? null;
  const intoVolumeShort = `failed to convert resource '${uid}' outputs into volume`;
  if ((source === null) === (claimSpec === null)) {
    return { error: `${intoVolumeShort}: either 'source' or 'claimSpec' required` };
  }
  const checked = checkFields(claimSpec ?? source, claimSpec !== null ? CLAIM_FIELDS : VOLUME_SOURCES);
  if ('error' in checked) return { error: `${intoVolume}: ${checked.error}` };
  if (Object.keys(checked.value).length === 0) {
    return { error: `${intoVolumeShort}: ${claimSpec !== null ? 'claimSpec' : 'source'} is empty` };
  }
  if (claimSpec !== null) return { value: { mount, claim: { metadata: { name }, spec: checked.value, status: {} } } };
  return { value: { mount, volume: { name, ...checked.value } } };
}

function checkFields(value: unknown, known: ReadonlySet<string>): Converted<Record<string, unknown>> {
  if (!isRecord(value)) return { error: `json: cannot unmarshal ${jsonKind(value)} into a Kubernetes object` };
  const unknown = Object.keys(value).find((k) => !known.has(k));
  if (unknown !== undefined) return { error: `json: unknown field "${unknown}"` };
  return { value };
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'bool';
}

/**
 * score-k8s's collapseVolumeMounts: ConfigMap and Secret volumes mounted in the same directory
 * become one read-only projected volume (`proj-vol-<n>`), since a directory takes one mount.
 */
export function collapseMounts(
  volumes: Array<Record<string, unknown>>,
  mounts: VolumeMount[],
): { volumes: Array<Record<string, unknown>>; mounts: VolumeMount[] } {
  const outVolumes: Array<Record<string, unknown>> = [];
  const outMounts: VolumeMount[] = [];
  const groups = new Map<string, Array<{ volume: Record<string, unknown>; mount: VolumeMount }>>();
  for (const mount of mounts) {
    const volume = volumes.find((v) => v.name === mount.name);
    if (!volume) outMounts.push(mount);
    else if (volume.configMap || volume.secret) {
      const group = groups.get(mount.mountPath) ?? [];
      group.push({ volume, mount });
      groups.set(mount.mountPath, group);
    } else {
      outMounts.push(mount);
      outVolumes.push(volume);
    }
  }
  let projected = 0;
  for (const mountPath of [...groups.keys()].sort(compareGoStrings)) {
    const group = groups.get(mountPath)!;
    if (group.length === 1) {
      outVolumes.push(group[0]!.volume);
      outMounts.push(group[0]!.mount);
      continue;
    }
    const sources = group.map(({ volume }) => {
      if (isRecord(volume.configMap))
        return { configMap: { name: volume.configMap.name, items: volume.configMap.items } };
      const secret = volume.secret as Record<string, unknown>;
      return { secret: { name: secret.secretName, items: secret.items } };
    });
    const name = `proj-vol-${projected++}`;
    outVolumes.push({ name, projected: { sources } });
    outMounts.push({ name, mountPath, readOnly: true });
  }
  return { volumes: outVolumes, mounts: outMounts };
}
