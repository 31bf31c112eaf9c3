import { exportCompose, type ComposeExport, type ComposeFlags } from '../../core/export/compose';
import type { ProvisionerInfo } from '../../core/provisioners';
import { workloadProjectName } from './names';

/**
 * The Compose export of the open workload, as the app makes it: one workload, the active
 * provisioners, the workload's seed, and the workload's name as the compose project name (the
 * browser has no directory for score-compose to take it from).
 */
export interface WorkloadExportInput {
  text: string;
  /** metadata.name, when the text has one. */
  workload: string | undefined;
  seed: number;
  /** Undefined: score-compose's default provisioners. */
  provisioners?: readonly ProvisionerInfo[] | undefined;
  /** score-compose generate's options, the same that `score-designer compose` reads from its flags. */
  flags?: ComposeFlags | undefined;
  /** The texts of the project's other workloads (state/project): one Compose project of them all. */
  peers?: readonly string[] | undefined;
}

export interface WorkloadExport extends ComposeExport {
  projectName: string | undefined;
  seed: number;
}

export function exportWorkload({
  text,
  workload,
  seed,
  provisioners,
  flags,
  peers = [],
}: WorkloadExportInput): WorkloadExport {
  const projectName = workloadProjectName(workload);
  // The others as files of their own beside score.yaml, as `score-compose generate` takes several.
  const others = peers.map((peer, i) => ({ text: peer, file: `score.${i + 2}.yaml` }));
  const result = exportCompose([{ text, file: 'score.yaml' }, ...others], {
    ...flags,
    seed,
    projectName,
    ...(provisioners ? { provisioners: [...provisioners] } : {}),
  });
  return { ...result, errors: result.errors.map(explainInBrowser), projectName, seed };
}

/** The same input gives the same object back: the preview and the menu share one export per change. */
export function memoizedExport(): (input: WorkloadExportInput) => WorkloadExport {
  let last: { input: WorkloadExportInput; output: WorkloadExport } | undefined;
  return (input) => {
    if (
      last?.input.text !== input.text ||
      last.input.workload !== input.workload ||
      last.input.seed !== input.seed ||
      last.input.provisioners !== input.provisioners ||
      last.input.flags !== input.flags ||
      !sameTexts(last.input.peers, input.peers)
    ) {
      last = { input, output: exportWorkload(input) };
    }
    return last.output;
  };
}

/**
 * score-compose's errors name its command-line flags and the machine it runs on: where the browser
 * cannot do the same, say so, and what to do instead.
 */
export function explainInBrowser(error: string): string {
  if (/\.source: failed to read/.test(error))
    return `${error}. The browser cannot read files next to score.yaml: put the file's text in \`content\`, or export with the command line (npx score-designer compose score.yaml), which reads it.`;
  if (/has no image and neither --image nor --build was provided/.test(error))
    return `${error}. The browser export has no --image or --build: give the container an image (its name and tag) to export it here.`;
  if (/environment variable '[^']*' must be resolved/.test(error))
    return `${error}. The browser has no environment variables to read it from: write the value in the workload instead, or export with the command line (npx score-designer compose score.yaml), which reads them from its environment.`;
  return error;
}

export { workloadKey, workloadProjectName } from './names';

function sameTexts(a: readonly string[] = [], b: readonly string[] = []): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}
