import type { Catalog, CatalogFile } from '../../core/catalog/types';
import { k8sProvisionersFromFiles } from '../../core/export/k8s/catalog-files';

/**
 * Which resource types each export target provides, and with which outputs: Compose from the
 * catalog (score-compose's built-in provisioners and the files loaded), Kubernetes from score-k8s's
 * default provisioners and the loaded files that are score-k8s files — what each export would run.
 * The catalog page shows it; the export itself decides the same way (state/export).
 */
export interface TargetProvider {
  /** 'any' when the provisioner takes every class. */
  class: string;
  /** The outputs it gives, as its provisioner lists them (or a sample run showed). */
  outputs: string[];
  /** 'built-in', or the loaded file it comes from. */
  source: string;
}

export interface TypeTargets {
  type: string;
  compose: TargetProvider[];
  kubernetes: TargetProvider[];
}

export function typesByTarget(catalog: Catalog, files: readonly CatalogFile[]): TypeTargets[] {
  const byType = new Map<string, TypeTargets>();
  const of = (type: string) => {
    let t = byType.get(type);
    if (!t) byType.set(type, (t = { type, compose: [], kubernetes: [] }));
    return t;
  };
  for (const entry of catalog.entries) {
    of(entry.type).compose.push({
      class: entry.class ?? 'any',
      outputs: entry.anyOutput ? ['(any)'] : entry.outputs.map((o) => o.name),
      source: entry.source.kind === 'file' ? entry.source.file : 'built-in',
    });
  }
  const k8s = k8sProvisionersFromFiles(files);
  for (const p of k8s.provisioners) {
    of(p.type).kubernetes.push({
      class: p.class ?? 'any',
      outputs: [...p.outputs],
      source: k8s.fileOf.get(p) ?? 'built-in',
    });
  }
  return [...byType.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}
