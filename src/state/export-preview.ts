import type { ExportedVariables } from '../core/inspector';
import type { BackgroundValidation } from './background-validation';

/** The validation worker, which previews exports too; undefined where workers cannot run, or once it failed. */
let background: BackgroundValidation | undefined;

/**
 * Exports are previewed in the validation worker (see main.tsx): it has read the text already, while
 * typing, so that the export does not read a large workload whole again (on the 100×100, a parse of
 * 60–150 ms at each pause in typing, in a worker of its own that competed with the checks for the
 * machine's cores).
 */
export function previewExportsIn(worker: BackgroundValidation | undefined): void {
  background = worker;
}

/**
 * The variables of each container as the Compose export sets them (undefined when the export
 * fails), worked out in the validation worker; where there is none, or it failed, here (the exporter
 * is then loaded on first need).
 */
export function exportedVariablesOf(text: string): Promise<ExportedVariables | undefined> {
  const worker = background;
  if (!worker) return here(text);
  return worker.exportedVariables(text).catch(() => {
    if (background === worker) background = undefined; // it failed: here from now on
    return here(text);
  });
}

async function here(text: string): Promise<ExportedVariables | undefined> {
  const { exportedVariables } = await import('../core/inspector/exported-variables');
  return exportedVariables(text);
}
