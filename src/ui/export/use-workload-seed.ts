import { useLayoutEffect } from 'react';
import { seedOf } from '../../state/export/store';
import { useExportState, useExportStore } from './export-context';

/**
 * The seed the workload's generated names and passwords come from (keyed by its name, `''` without
 * one); undefined only for the moment before its first seed is made.
 */
export function useWorkloadSeed(workload: string, needed = true): number | undefined {
  const store = useExportStore();
  const seed = useExportState((s) => seedOf(s, workload));
  // A workload's first seed is made after rendering (a store update is not allowed during it), before paint.
  useLayoutEffect(() => {
    if (seed === undefined && needed) store.getState().ensureSeed(workload);
  }, [seed, workload, store, needed]);
  return seed;
}
