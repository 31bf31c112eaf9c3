/**
 * Pieces the default provisioners' manifest templates share, so that each provisioner reads as what
 * it adds. Every piece is YAML text starting at column 0; `nest` moves it in.
 */

/** One default provisioner, as its entry in the provisioners file. */
export interface DefaultProvisioner {
  uri: string;
  type: string;
  description: string;
  class?: string | null;
  id?: string | null;
  args?: string[];
  init?: string;
  state?: string;
  shared?: string;
  outputs?: string;
  manifests?: string;
  expected_outputs?: string[];
  supported_params?: string[];
}

/** The text with every non-empty line moved in by `spaces`. */
export function nest(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

/** Where a manifest comes from: the workload that declared the resource, and the resource. */
export const PROVENANCE = `k8s.score.dev/source-workload: {{ .SourceWorkload }}
k8s.score.dev/resource-uid: {{ .Uid }}
k8s.score.dev/resource-guid: {{ .Guid }}`;

/** The labels of an object the provisioner owns. */
export function ownedLabels(name: string, instance = name): string {
  return `app.kubernetes.io/managed-by: score-k8s
app.kubernetes.io/name: ${name}
app.kubernetes.io/instance: ${instance}`;
}

export interface MetadataOptions {
  /** In the --namespace when one is given (default true). */
  namespaced?: boolean;
  /** With the provenance annotations (default true). */
  annotated?: boolean;
  /** Labels (default: owned labels named after the object). */
  labels?: string | null;
}

/** `metadata:` of a manifest the provisioner adds. */
export function metadata(name: string, options: MetadataOptions = {}): string {
  const { namespaced = true, annotated = true } = options;
  const labels = options.labels === undefined ? ownedLabels(name) : options.labels;
  let out = `metadata:\n  name: ${name}`;
  if (namespaced) out += '\n  {{ with .Namespace }}namespace: {{ . }}{{ end }}';
  if (annotated) out += `\n  annotations:\n${nest(PROVENANCE, 4)}`;
  if (labels !== null) out += `\n  labels:\n${nest(labels, 4)}`;
  return out;
}

/** A ClusterIP Service in front of the pods labelled `instance`, with its ports (YAML list items). */
export function clusterService(name: string, ports: string, options: MetadataOptions = {}): string {
  return `- apiVersion: v1
  kind: Service
${nest(metadata(name, options), 2)}
  spec:
    selector:
      app.kubernetes.io/instance: ${name}
    type: ClusterIP
    ports:
${nest(ports, 4)}`;
}

/** A volume claim template asking for `size` of ReadWriteOnce storage; `labels` null for none. */
export function claimTemplate(
  volume: string,
  size: string,
  labels: string | null,
  annotated = labels !== null,
): string {
  let meta = `metadata:\n  name: ${volume}`;
  if (annotated) meta += `\n  annotations:\n${nest(PROVENANCE, 4)}`;
  if (labels !== null) meta += `\n  labels:\n${nest(labels, 4)}`;
  return `- ${nest(meta, 2).slice(2)}
  spec:
    accessModes: ["ReadWriteOnce"]
    resources:
      requests:
        storage: ${size}`;
}

/** The security settings the default containers share (drop every capability, no privilege). */
export const LOCKED_DOWN = `allowPrivilegeEscalation: false
privileged: false
capabilities:
  drop:
    - ALL`;

export interface StatefulSetOptions extends MetadataOptions {
  /** The pod template carries the provenance annotations too (default true). */
  podAnnotated?: boolean;
  /** The volumeClaimTemplates list (YAML list items). */
  claims?: string;
}

/** A one-replica StatefulSet named `name`, its pods labelled for it, running `podSpec`. */
export function statefulSet(name: string, podSpec: string, options: StatefulSetOptions = {}): string {
  const { podAnnotated = true, claims } = options;
  let podMeta = `labels:\n${nest(ownedLabels(name), 2)}`;
  if (podAnnotated) podMeta += `\nannotations:\n${nest(PROVENANCE, 2)}`;
  let out = `- apiVersion: apps/v1
  kind: StatefulSet
${nest(metadata(name, options), 2)}
  spec:
    replicas: 1
    serviceName: ${name}
    selector:
      matchLabels:
        app.kubernetes.io/instance: ${name}
    template:
      metadata:
${nest(podMeta, 8)}
      spec:
${nest(podSpec, 8)}`;
  if (claims !== undefined) out += `\n    volumeClaimTemplates:\n${nest(claims, 4)}`;
  return out;
}

/** A Secret named `name` holding `data` (YAML lines). */
export function secret(name: string, data: string, options: MetadataOptions = {}): string {
  return `- apiVersion: v1
  kind: Secret
${nest(metadata(name, options), 2)}
  data:
${nest(data, 4)}`;
}
