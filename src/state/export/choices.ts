import { readK8sSettings, type ExportTarget, type K8sSettings } from './settings';
import { withLatest, type ExportStore } from './store';

/*
 * The choices the user makes about the Kubernetes export, kept by the export store (store.ts): with
 * the export's code, not the first page, which only reads them (settings.ts).
 */

/*
 * Both say whether anything changed: then what export readiness found is of another target or other
 * options, and the caller has the workload checked again (the document store's `recheck`).
 */

/** The target export readiness checks from now on (the preview shown, the file last exported). */
export function setTarget(store: ExportStore, target: ExportTarget): boolean {
  if (store.getState().target === target) return false;
  store.getState().remember({ target });
  return true;
}

/** Changes some of the Kubernetes export's options; nothing happens when they are as they were. */
export function setK8sSettings(store: ExportStore, change: Partial<K8sSettings>): boolean {
  const now = store.getState().k8s;
  const k8s = readK8sSettings({ ...now, ...change });
  if (JSON.stringify(k8s) === JSON.stringify(now)) return false;
  store.getState().remember({ k8s });
  return true;
}

/** Remembers the manifests.yaml exported, as the baseline the Kubernetes preview compares with. */
export function recordManifests(store: ExportStore, workload: string, manifests: string): void {
  store.getState().remember({ lastManifests: withLatest(store.getState().lastManifests, workload, manifests) });
}
