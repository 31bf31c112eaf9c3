import { useMemo } from 'react';
import { useDocument } from '../../state/document/context';
import { exportOf } from '../../state/export/actions';
import { workloadKey, type WorkloadExport } from '../../state/export/compose';
import { lastExportOf } from '../../state/export/store';
import { useExportState, useExportStore } from './export-context';
import { useWorkloadSeed } from './use-workload-seed';

export interface WorkloadExportView {
  /** metadata.name ('' without one): the key of the seed and the last export. */
  workload: string;
  seed: number | undefined;
  /** Undefined only for the moment before the workload's seed exists. */
  exported: WorkloadExport | undefined;
  /** The text does not parse: this is the export of its last readable version. */
  stale: boolean;
  lastExported: string | undefined;
}

/**
 * The Compose export of the open workload, as the views show it. It follows the last *checked* text
 * (the store checks ≤ 150 ms after typing stops), not every keystroke, and is memoized on the text,
 * the seed and the provisioners; a text that does not parse keeps the export of its last readable version.
 */
export function useWorkloadExport(): WorkloadExportView {
  const store = useExportStore();
  const parsed = useDocument((s) => s.readable.parsed);
  const stale = useDocument((s) => s.readable !== s.report);
  const workload = workloadKey(parsed.value);
  const seed = useWorkloadSeed(workload);
  const provisioners = useExportState((s) => s.provisioners);
  const lastExported = useExportState((s) => lastExportOf(s, workload));

  const exported = useMemo(
    () =>
      seed === undefined ? undefined : exportOf(store, { text: parsed.text, workload: workload || undefined, seed }),
    // The provisioners are read from the store by exportOf; listed so that a catalog change recomputes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, parsed.text, workload, seed, provisioners],
  );
  return { workload, seed, exported, stale, lastExported };
}
