import { useEffect, useRef, useState } from 'react';
import type { ExportedVariables } from '../../core/inspector';
import { exportedVariablesOf } from '../../state/export-preview';

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

export function useExportedVariables(
  text: string,
  needed: boolean,
  exportOf: (text: string) => Promise<ExportedVariables | undefined> = exportedVariablesOf,
): ExportedVariables | undefined {
  const [exported, setExported] = useState<ExportedVariables | undefined>(undefined);
  const asked = useRef(false);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    const timer = setTimeout(
      () => {
        asked.current = true;
        // In a worker: the export takes a while, and typing must not wait for it.
        void exportOf(text).then((variables) => {
          if (live) setExported(variables);
        });
      },
      asked.current ? EXPORT_PREVIEW_PAUSE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, needed, exportOf]);
  return needed ? exported : undefined;
}
