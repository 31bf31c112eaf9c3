import { composeBundle } from '../../core/export/bundle';
import { bundleReadme, type BundleFacts } from '../../core/export/bundle-readme';
import type { ExportedFile } from '../../core/export/compose/mounts';
import type { ExportOutcome } from './outcome';
import type { WorkloadExport } from './compose';
import { k8sCommandLine, k8sOptionsOf, type WorkloadK8sExport } from './k8s';
import type { ExportStore } from './store';

/**
 * The .zip bundle: everything needed to run the workload without the app — score.yaml exactly as
 * written, compose.yaml with the files it mounts, manifests.yaml, the provisioner files the exports
 * used (where score-compose and score-k8s look for them: `.score-compose/`, `.score-k8s/`), and a
 * README saying how to run it. When one of the two exports fails, the bundle holds the other and
 * says why (in the README and the report); when both fail there is no bundle.
 */
export interface BundleInput {
  text: string;
  workload: string;
  compose: WorkloadExport;
  k8s: WorkloadK8sExport;
  exports: ExportStore;
}

export function makeBundle({ text, workload, compose, k8s, exports }: BundleInput): ExportOutcome {
  const composeOk = compose.errors.length === 0;
  const k8sOk = k8s.errors.length === 0;
  if (!composeOk && !k8sOk) {
    return {
      ok: false,
      kind: 'bundle',
      errors: [...compose.errors.map((e) => `compose.yaml: ${e}`), ...k8s.errors.map((e) => `manifests.yaml: ${e}`)],
      warnings: [...compose.warnings, ...k8s.warnings],
    };
  }
  const { catalog, k8s: settings } = exports.getState();
  const catalogFiles = catalog?.getState().files ?? [];
  const catalogEntries = catalog?.getState().catalog.entries ?? [];
  const fileOfProvisioner = new Map<string, string>();
  for (const entry of catalogEntries) {
    // The first entry of a uri, in match order, is the one that provisioned with it.
    if (entry.source.kind === 'file' && !fileOfProvisioner.has(entry.uri))
      fileOfProvisioner.set(entry.uri, entry.source.file);
  }
  const textOf = (name: string) => catalogFiles.find((f) => f.name === name)?.text;
  const provisionerFiles = (folder: string, names: readonly string[]): ExportedFile[] =>
    names.flatMap((name) => {
      const content = textOf(name);
      return content === undefined ? [] : [{ path: `${folder}/${provisionerFileName(name)}`, content }];
    });
  const composeUsed = composeOk
    ? [...new Set(compose.resources.flatMap((r) => fileOfProvisioner.get(r.provisioner) ?? []))]
    : [];
  const provisioners = [
    ...provisionerFiles('.score-compose', composeUsed),
    ...provisionerFiles('.score-k8s', k8sOk ? k8s.usedFiles : []),
  ];

  const facts: BundleFacts = {
    workload,
    compose: composeOk
      ? {
          included: true,
          mounts: compose.files.length + compose.directories.length > 0,
          commandLine: composeCommandLine(compose),
        }
      : { included: false, reason: compose.errors[0]! },
    kubernetes: k8sOk
      ? {
          included: true,
          commandLine: k8sCommandLine(settings, k8s.seed),
          ...(k8sOptionsOf(settings).namespace !== undefined ? { namespace: settings.namespace } : {}),
        }
      : { included: false, reason: k8s.errors[0]! },
    provisionerFiles: provisioners.map((f) => f.path),
  };
  const alongside: ExportedFile[] = [
    { path: 'score.yaml', content: text },
    ...(k8sOk ? [{ path: 'manifests.yaml', content: k8s.manifests }] : []),
    { path: 'README.md', content: bundleReadme(facts) },
    ...provisioners,
  ];
  const bundle = composeBundle({
    compose: composeOk ? compose.compose : undefined,
    files: composeOk ? compose.files : [],
    directories: composeOk ? compose.directories : [],
    alongside,
  });
  const warnings = [...(composeOk ? compose.warnings : []), ...(k8sOk ? k8s.warnings : [])];
  if ('error' in bundle) return { ok: false, kind: 'bundle', errors: [bundle.error], warnings };
  const left = !composeOk
    ? `compose.yaml is not in the bundle: ${compose.errors[0]!}`
    : !k8sOk
      ? `manifests.yaml is not in the bundle: ${k8s.errors[0]!}`
      : undefined;
  return {
    ok: true,
    kind: 'bundle',
    workload,
    fileName: `${compose.projectName ?? 'compose'}.zip`,
    mimeType: 'application/zip',
    content: bundle.zip,
    ...(composeOk ? { compose: compose.compose } : {}),
    ...(k8sOk ? { manifests: k8s.manifests } : {}),
    warnings: left ? [left, ...warnings] : warnings,
    info: [...(composeOk ? compose.info : []), ...(k8sOk ? k8s.info : [])],
  };
}

/** The command that writes the same compose.yaml (the browser names the project after the workload). */
export function composeCommandLine({ seed, projectName }: Pick<WorkloadExport, 'seed' | 'projectName'>): string {
  const project = projectName === undefined ? '' : ` --project ${projectName}`;
  return `npx score-designer compose score.yaml${project} --seed ${seed}`;
}

/**
 * A loaded file's name as a file of the bundle: its last part, in letters, digits, `.`, `_` and `-`,
 * ending in `.provisioners.yaml` (the files score-compose and score-k8s read from their folder).
 */
export function provisionerFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  const stem = base.replace(/\.provisioners\.ya?ml$|\.ya?ml$/i, '') || 'loaded';
  return `${stem}.provisioners.yaml`;
}
