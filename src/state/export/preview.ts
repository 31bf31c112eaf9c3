import type { PlaceholderPreview } from '../../core/export/placeholder-preview';
import type { ExportedVariables } from '../../core/inspector';
import type { ProvisionerInfo } from '../../core/provisioners';
import { overran, type BackgroundValidation } from '../document/check/background-validation';

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
  return askApart(
    (worker) => worker.exportedVariables(text, input),
    () => here(text, input),
    () => undefined,
  );
}

/**
 * What a placeholder of the text becomes in the Compose export (the YAML pane's hover), worked out in
 * the validation worker, which runs the export with the catalog's provisioners; `here` where there is none.
 */
export function placeholderPreviewOf(
  text: string,
  raw: string,
  seed: number | undefined,
  here: () => PlaceholderPreview,
): Promise<PlaceholderPreview> {
  return askApart(
    (worker) => worker.placeholderPreview?.(text, raw, seed),
    here,
    (reason) => ({ kind: 'unavailable', reason: `Its value is not shown: the Compose export was stopped: ${reason}` }),
  );
}

/**
 * Asks the validation worker, where there is one that can answer; else, or once it failed, works
 * it out here. A question the worker was ended for (a provisioner's templates ran past the time
 * budget) is not worked out here, where it would freeze the tab: `overrun` answers it, with the reason.
 */
export function askApart<T>(
  ask: (worker: BackgroundValidation) => Promise<T> | undefined,
  here: () => T | Promise<T>,
  overrun: (reason: string) => T,
): Promise<T> {
  const worker = background;
  const asked = worker && ask(worker);
  if (!asked) return Promise.resolve().then(here);
  return asked.catch((error: unknown) => {
    if (overran(error)) return overrun(error.message);
    if (background === worker) background = undefined; // it failed: here from now on
    return here();
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
