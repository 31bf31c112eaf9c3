import { useId } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { setK8sSettings } from '../../state/export/choices';
import type { K8sSettings } from '../../state/export/settings';
import { useExportState, useExportStore } from './export-context';

/**
 * The Kubernetes export's options, as the command line has them (`--namespace`, `--image`,
 * `--start-order`): remembered, used by the preview, the download, the bundle and export readiness.
 */
export function K8sOptions() {
  const store = useExportStore();
  const settings = useExportState((s) => s.k8s);
  const documentStore = useDocumentStore();
  // Readiness (the Kubernetes export's problems in Problems) follows the options.
  const set = (change: Partial<K8sSettings>) => {
    if (setK8sSettings(store, change)) documentStore.getState().recheck();
  };
  const ids = { namespace: useId(), image: useId(), startOrder: useId() };
  return (
    <fieldset className="export-options">
      <legend className="visually-hidden">Kubernetes export options</legend>
      <label htmlFor={ids.namespace}>Namespace</label>
      <input
        id={ids.namespace}
        type="text"
        value={settings.namespace}
        placeholder="none"
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => set({ namespace: e.target.value })}
      />
      <label htmlFor={ids.image}>Image for “.”</label>
      <input
        id={ids.image}
        type="text"
        value={settings.image}
        placeholder="none"
        spellCheck={false}
        autoComplete="off"
        title="The image of containers whose image is “.” (built from source), as --image gives it"
        onChange={(e) => set({ image: e.target.value })}
      />
      <label htmlFor={ids.startOrder}>Start order</label>
      <select
        id={ids.startOrder}
        value={settings.startOrder}
        onChange={(e) => set({ startOrder: e.target.value === 'init-containers' ? 'init-containers' : 'ignore' })}
      >
        <option value="ignore">Ignored, as score-k8s</option>
        <option value="init-containers">Init containers and sidecars</option>
      </select>
    </fieldset>
  );
}
