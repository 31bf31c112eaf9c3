import { useEffect, useRef, useState } from 'react';
import type { ExportedVariables } from '../../core/inspector';
import { workloadProjectName } from '../../state/export/names';
import { exportedVariablesOf, type PreviewInput } from '../../state/export/preview';
import { useExportState } from '../export/export-context';
import { useWorkloadSeed } from '../export/use-workload-seed';

/**
 * Resource outputs are only known from an export: it runs (loaded on first need, off the first
 * chunk, in a worker) only while a variable uses one, on the checked text, once that text has stayed
 * for a moment. The export reads the whole workload: on a large one it keeps a core busy for tens of
 * milliseconds. Run for every text, changes that follow each other quickly (undo held down, commands
 * from automation) queued one export after another in the worker, all but the last of them for
 * nothing, and competed with the checks and the drawing of their problems for the machine. The last
 * result stays shown meanwhile; the first one is worked out at once.
 */
export const EXPORT_PREVIEW_PAUSE_MS = 100;

/**
 * What the Compose export (menu, preview) would use for this workload: its seed, project name and the
 * catalog's provisioners — so that the names and passwords the form shows are the ones exported.
 * Undefined for the moment before the workload's first seed is made.
 */
export function usePreviewInput(workloadName: string, needed: boolean): PreviewInput | undefined {
  const seed = useWorkloadSeed(workloadName, needed);
  const provisioners = useExportState((s) => s.provisioners);
  const projectName = workloadProjectName(workloadName || undefined);
  return seed === undefined ? undefined : { seed, projectName, provisioners };
}

export function useExportedVariables(
  text: string,
  needed: boolean,
  input: PreviewInput | undefined,
  exportOf: (text: string, input: PreviewInput) => Promise<ExportedVariables | undefined> = exportedVariablesOf,
): ExportedVariables | undefined {
  const [exported, setExported] = useState<ExportedVariables | undefined>(undefined);
  const asked = useRef(false);
  const ready = needed && input !== undefined;
  const { seed, projectName, provisioners } = input ?? {};
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(
      () => {
        asked.current = true;
        // In a worker: the export takes a while, and typing must not wait for it.
        void exportOf(text, { seed: seed!, projectName, provisioners }).then((variables) => {
          if (live) setExported(variables);
        });
      },
      asked.current ? EXPORT_PREVIEW_PAUSE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, ready, seed, projectName, provisioners, exportOf]);
  return needed ? exported : undefined;
}
