import { compareGoStrings, substituteString, type WorkloadSource } from './common/borrowed';
import { convertWorkload } from './convert/workload';
import { error, general, place, type K8sDiagnostic } from './common/diagnostics';
import { instanceSuffix, randomFor } from './identity';
import { applyPatchTemplate } from './patch';
import { prepareWorkloads } from './prepare';
import { addManifest, provisionResources, resolverFor, type ProvisionedResource } from './provision';
import { defaultK8sProvisioners } from './provisioners/defaults';
import type { K8sProvisioner } from './provisioners/types';
import { findUnresolvedSecretRef } from './common/secret-refs';
import type { StartOrderMode } from './common/start-order';
import { writeManifests, type Manifest, type ManifestFormat } from './common/write';

export type { K8sDiagnostic, K8sDiagnosticCode } from './common/diagnostics';
export type { K8sProvisioner } from './provisioners/types';
export type { Manifest, ManifestFormat } from './common/write';
export type { StartOrderMode } from './common/start-order';
export type { ProvisionedResource } from './provision';
export type { WorkloadSource } from './common/borrowed';
export { DEFAULT_K8S_PROVISIONERS_FILE, defaultK8sProvisioners } from './provisioners/defaults';
export { loadK8sProvisionerFiles, loadK8sProvisioners } from './provisioners/file';
export { k8sProvisionerListing } from './provisioners/listing';

/**
 * Score workloads → Kubernetes manifests, as `score-k8s generate` (0.15) writes them: the same
 * objects, names, labels, annotations and order, the same bytes (yaml.v3, or KYAML). Where
 * score-k8s draws random values (instance suffixes, resource guids, passwords) or walks Go maps in
 * random order (several workloads, service ports), the export is deterministic: random values come
 * from `seed`, and maps are walked in sorted order. A pure function: files in, files and
 * diagnostics out, each problem at its place in its workload.
 */
export interface K8sExportOptions {
  /** Seed for instance suffixes, resource guids, names and passwords. Default 0. */
  seed?: number;
  /** `--namespace`: set on every manifest (but Namespaces), and given to provisioners. */
  namespace?: string;
  /** `--generate-namespace`: add the Namespace itself, first (needs `namespace`). */
  generateNamespace?: boolean;
  /** `--image`: the image of containers whose image is `.` (one workload only). */
  image?: string;
  /** Provisioners in match order (first match wins). Default: score-k8s's default provisioners. */
  provisioners?: readonly K8sProvisioner[];
  /** Patch templates, applied last, in order. */
  patchTemplates?: readonly string[];
  format?: ManifestFormat;
  /** `before` as score-k8s (ignored, with a warning) or as init containers and sidecars. Default 'ignore'. */
  startOrder?: StartOrderMode;
  /** Reads a file that a workload's `files.*.source` names (relative to the workload's file). */
  readFile?: (path: string) => Uint8Array | string | undefined;
  /** The manifests file's name. Default `manifests.yaml`, as score-k8s. */
  fileName?: string;
}

export interface K8sExport {
  /** The manifests file; none when there is an error. */
  files: Array<{ path: string; content: string }>;
  /** The manifests, in file order; empty when there is an error. */
  manifests: Manifest[];
  /** Errors (nothing is written) and warnings (what is not converted), in the order found. */
  diagnostics: K8sDiagnostic[];
  /** Each provisioned resource, by uid order. Outputs and state may hold secrets. */
  resources: ProvisionedResource[];
  /** Each workload's instance suffix (what `.score-k8s/state.yaml` would keep). */
  instanceSuffixes: Record<string, string>;
}

export function exportKubernetes(inputs: readonly WorkloadSource[], options: K8sExportOptions = {}): K8sExport {
  try {
    return runExport(inputs, options);
  } catch (e) {
    // A public core function never throws: an internal fault is one more error.
    return failed([general(`internal error while exporting: ${e instanceof Error ? e.message : String(e)}`)]);
  }
}

function failed(diagnostics: K8sDiagnostic[], resources: ProvisionedResource[] = []): K8sExport {
  return { files: [], manifests: [], diagnostics, resources, instanceSuffixes: {} };
}

function runExport(inputs: readonly WorkloadSource[], options: K8sExportOptions): K8sExport {
  const seed = options.seed ?? 0;
  const namespace = options.namespace ?? '';
  if (options.generateNamespace && namespace === '') {
    return failed([general('--namespace flag is required when using --generate-namespace')]);
  }
  const prepared = prepareWorkloads(inputs, { image: options.image, startOrder: options.startOrder ?? 'ignore' });
  const diagnostics = prepared.diagnostics;
  if (diagnostics.some((d) => d.severity === 'error')) return failed(diagnostics);

  const sources = new Map(prepared.workloads.map((p) => [p.workload.name, p.source]));
  const workloads = prepared.workloads.map((p) => p.workload);
  const provisioned = provisionResources({
    workloads,
    provisioners: options.provisioners ?? defaultK8sProvisioners(),
    seed,
    namespace,
  });
  for (const { workload, problem } of provisioned.problems) {
    diagnostics.push(place(problem, workload === undefined ? undefined : sources.get(workload)));
  }
  const resources = [...provisioned.resources.values()];
  if (diagnostics.some((d) => d.severity === 'error')) return failed(diagnostics, resources);

  const manifests = provisioned.manifests;
  const instanceSuffixes: Record<string, string> = {};
  const outputsOf = (uid: string) => provisioned.resources.get(uid)?.outputs;
  // score-k8s converts workloads in Go's random map order; here, by name.
  const byWorkloadName = [...prepared.workloads].sort((a, b) => compareGoStrings(a.workload.name, b.workload.name));
  for (const { workload, source, startOrder } of byWorkloadName) {
    const suffix = instanceSuffix(seed, workload.name);
    instanceSuffixes[workload.name] = suffix;
    const converted = convertWorkload({
      workload,
      instanceSuffix: suffix,
      resolver: resolverFor(workload, provisioned.resources),
      outputsOf,
      startOrder,
      readFile: options.readFile,
    });
    for (const problem of converted.problems) diagnostics.push(place(problem, source));
    for (const manifest of converted.manifests) {
      const unresolved = findUnresolvedSecretRef(manifest);
      if (unresolved !== undefined) {
        diagnostics.push(place(error([], `unresolved secret ref in manifest: ${unresolved}`), source));
      }
      addManifest(manifests, manifest);
    }
  }
  if (diagnostics.some((d) => d.severity === 'error')) return failed(diagnostics, resources);

  let output = manifests;
  if (namespace !== '') {
    for (const manifest of output) {
      const metadata = manifest.metadata;
      if (
        manifest.kind !== 'Namespace' &&
        typeof metadata === 'object' &&
        metadata !== null &&
        !Array.isArray(metadata)
      ) {
        (metadata as Record<string, unknown>).namespace = namespace;
      }
    }
    if (options.generateNamespace) {
      output = [
        {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: namespace, labels: { 'app.kubernetes.io/managed-by': 'score-k8s' } },
        },
        ...output,
      ];
    }
  }

  const specs = Object.fromEntries(prepared.workloads.map((p) => [p.workload.name, p.spec]));
  const byName = new Map(workloads.map((w) => [w.name, w]));
  const substitute = (workload: string, value: string): string => {
    const target = byName.get(workload);
    const resolved = target ? substituteString(value, resolverFor(target, provisioned.resources)) : undefined;
    return resolved && 'text' in resolved ? resolved.text : `failed to substitute placeholders with:${value}`;
  };
  for (const [i, template] of (options.patchTemplates ?? []).entries()) {
    const patched = applyPatchTemplate(output, template, {
      workloads: specs,
      namespace,
      substitute,
      random: randomFor(seed, 'provision', `patch-template-${i + 1}`),
    });
    if ('error' in patched)
      return failed([...diagnostics, general(`failed to patch template ${i + 1}: ${patched.error}`)]);
    output = patched.manifests;
  }

  const content = writeManifests(output, options.format ?? 'yaml');
  return {
    files: [{ path: options.fileName ?? 'manifests.yaml', content }],
    manifests: output,
    diagnostics,
    resources,
    instanceSuffixes,
  };
}
