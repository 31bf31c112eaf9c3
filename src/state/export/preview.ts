import type { ExportedVariables } from '../../core/inspector';
import type { ProvisionerInfo } from '../../core/provisioners';
import type { BackgroundValidation } from '../document/check/background-validation';

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

/** What decides the generated names and passwords: the same as the app's Compose export (compose.ts). */
export interface PreviewInput {
  seed: number;
  projectName: string | undefined;
  /** The export's provisioners. The worker has them already (it checks against the same catalog). */
  provisioners: readonly ProvisionerInfo[] | undefined;
}

/**
 * The variables of each container as the Compose export sets them (undefined when the export
 * fails), worked out in the validation worker; where there is none, or it failed, here (the exporter
 * is then loaded on first need).
 */
export function exportedVariablesOf(text: string, input: PreviewInput): Promise<ExportedVariables | undefined> {
  const worker = background;
  if (!worker) return here(text, input);
  return worker.exportedVariables(text, input).catch(() => {
    if (background === worker) background = undefined; // it failed: here from now on
    return here(text, input);
  });
}

async function here(
  text: string,
  { seed, projectName, provisioners }: PreviewInput,
): Promise<ExportedVariables | undefined> {
  const { exportedVariables } = await import('../../core/inspector/exported-variables');
  const { parseWorkloadText } = await import('../../core/document/parse');
  return exportedVariables(text, parseWorkloadText(text), {
    seed,
    ...(projectName === undefined ? {} : { projectName }),
    ...(provisioners ? { provisioners: [...provisioners] } : {}),
  });
}
