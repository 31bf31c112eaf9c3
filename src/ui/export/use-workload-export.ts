import { useMemo } from 'react';
import { useDocument } from '../../state/document/context';
import { doesNotParse } from '../../state/document/store';
import { exportOf, k8sExportOf } from '../../state/export/actions';
import { composeCommandLine } from '../../state/export/bundle';
import { workloadKey } from '../../state/export/compose';
import { k8sCommandLine, lastManifestsOf } from '../../state/export/k8s';
import type { ExportTarget } from '../../state/export/settings';
import { lastExportOf } from '../../state/export/store';
import { useExportState, useExportStore } from './export-context';
import { useSettled } from './use-settled';
import { useWorkloadSeed } from './use-workload-seed';
import { useProject } from '../../state/project/context';
import { otherTexts } from '../../state/project/store';

/** One target's export of the open workload, as a preview shows it: the same shape for Compose and Kubernetes. */
export interface TargetExport {
  /** The file's text ('' when the export fails). */
  text: string;
  errors: readonly string[];
  warnings: readonly string[];
  info: readonly string[];
  /** The command line that writes the same file. */
  commandLine: string;
}

export interface WorkloadExportView {
  target: ExportTarget;
  /** compose.yaml or manifests.yaml. */
  fileName: string;
  /** metadata.name ('' without one): the key of the seed and the last export. */
  workload: string;
  seed: number | undefined;
  /** Undefined before the workload's seed exists, and until its first export is worked out. */
  exported: TargetExport | undefined;
  /** The export of the text now is being worked out (`exported`, when there is one, is of the text before). */
  working: boolean;
  /** The text does not parse: this is the export of its last readable version. */
  stale: boolean;
  lastExported: string | undefined;
}

/**
 * The open workload's export to a target, as the previews show it. It follows the last *checked*
 * text (the store checks ≤ 150 ms after typing stops), not every keystroke, and is memoized on the
 * text, the seed, the provisioners and the target's options; a text that does not parse keeps the
 * export of its last readable version.
 */
export function useWorkloadExport(target: ExportTarget): WorkloadExportView {
  const store = useExportStore();
  const parsed = useDocument((s) => s.readable.parsed);
  const stale = useDocument(doesNotParse);
  const workload = workloadKey(parsed.value);
  const seed = useWorkloadSeed(workload);
  const provisioners = useExportState((s) => s.provisioners);
  // The project's other workloads: the Compose export is of them all (state/project).
  const workloads = useProject((s) => s.workloads);
  const peers = useMemo(() => otherTexts({ workloads }), [workloads]);
  const settings = useExportState((s) => s.k8s);
  const lastExported = useExportState((s) =>
    target === 'compose' ? lastExportOf(s, workload) : lastManifestsOf(s, workload),
  );

  const asked = useMemo((): TargetExport | Promise<TargetExport> | undefined => {
    if (seed === undefined) return undefined;
    // Worked out in the validation worker: a slow provisioner never freezes the tab (compose.ts, k8s.ts).
    if (target === 'kubernetes') {
      return k8sExportOf(store, { text: parsed.text, seed }).then((k8s) => ({
        ...k8s,
        text: k8s.manifests,
        commandLine: k8sCommandLine(settings, seed),
      }));
    }
    return exportOf(store, { text: parsed.text, workload: workload || undefined, seed, peers }).then((compose) => ({
      ...compose,
      text: compose.compose,
      commandLine: composeCommandLine(compose),
    }));
    // The provisioners (which change with the catalog's files) and the options are read from the store by
    // the exports; listed so that a change recomputes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, target, parsed.text, workload, seed, provisioners, settings, peers]);
  const { value: exported, working } = useSettled(asked);
  return {
    target,
    fileName: target === 'compose' ? 'compose.yaml' : 'manifests.yaml',
    workload,
    seed,
    exported,
    working,
    stale,
    lastExported,
  };
}
