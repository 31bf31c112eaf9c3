import { exportCompose, withPeerFiles, type ComposeExport, type ComposeFlags } from '../../core/export/compose';
import type { ProvisionerInfo } from '../../core/provisioners';
import { workloadProjectName } from './names';
import { askApart } from './preview';

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

export function exportWorkload(input: WorkloadExportInput): WorkloadExport {
  return inBrowser(exportHere(input), composeOptionsOf(input));
}

/**
 * The same export, made in the validation worker (which has read the text, and holds the catalog's
 * provisioners), so that a slow provisioner never freezes the tab; here where there is no worker.
 * When the worker had to be ended (templates past the time budget), the export fails with the reason.
 */
export function exportWorkloadApart(input: WorkloadExportInput): Promise<WorkloadExport> {
  const options = composeOptionsOf(input);
  return askApart(
    (worker) => worker.composeExport?.(input.text, { ...options, peers: input.peers ?? [] }),
    () => exportHere(input),
    (reason): ComposeExport => ({ ...NOTHING, errors: [`The export was stopped: ${reason}`] }),
  ).then((result) => inBrowser(result, options));
}

/** A workload's text and its file's name in a project exported whole. */
export interface ProjectFile {
  text: string;
  file: string;
}

/**
 * Several workloads exported as one Compose project (the library's bundle), in the validation worker
 * as `exportWorkloadApart` is, and failing the same way when it had to be ended; here where there is no
 * worker. Each file keeps its name: the export sorts the files by it, as score-compose its arguments.
 */
export function exportProjectApart(
  files: readonly ProjectFile[],
  { seed, provisioners }: { seed: number; provisioners?: readonly ProvisionerInfo[] | undefined },
): Promise<ComposeExport> {
  const [first, ...others] = files;
  if (!first) return Promise.resolve({ ...NOTHING, errors: ['There is no workload to export.'] });
  const peers = others.map((f) => f.text);
  const names = files.map((f) => f.file);
  return askApart(
    (worker) => worker.composeExport?.(first.text, { seed, peers, files: names }),
    () =>
      exportCompose(withPeerFiles({ text: first.text }, peers, names), {
        seed,
        ...(provisioners ? { provisioners: [...provisioners] } : {}),
      }),
    (reason): ComposeExport => ({ ...NOTHING, errors: [`The export was stopped: ${reason}`] }),
  );
}

function exportHere(input: WorkloadExportInput): ComposeExport {
  const { text, provisioners, peers } = input;
  const options = { ...composeOptionsOf(input), ...(provisioners ? { provisioners: [...provisioners] } : {}) };
  return exportCompose(withPeerFiles({ text }, peers), options);
}

/** The options of the app's export besides its provisioners: the workload's seed, its name as the project's. */
function composeOptionsOf({ workload, seed, flags }: WorkloadExportInput) {
  return { ...flags, seed, projectName: workloadProjectName(workload) };
}

function inBrowser(
  result: ComposeExport,
  { seed, projectName }: { seed: number; projectName: string | undefined },
): WorkloadExport {
  return { ...result, errors: result.errors.map(explainInBrowser), projectName, seed };
}

/** An export that made nothing. */
const NOTHING: ComposeExport = {
  compose: '',
  files: [],
  directories: [],
  warnings: [],
  info: [],
  resources: [],
  sharedState: {},
  environmentVariables: [],
  errors: [],
};

/** The same input gives the same export back (or the same promise of it): the preview and the menu share one export per change. */
export function memoizedExport<T>(run: (input: WorkloadExportInput) => T): (input: WorkloadExportInput) => T {
  let last: { input: WorkloadExportInput; output: T } | undefined;
  return (input) => {
    if (
      last?.input.text !== input.text ||
      last.input.workload !== input.workload ||
      last.input.seed !== input.seed ||
      last.input.provisioners !== input.provisioners ||
      last.input.flags !== input.flags ||
      !sameTexts(last.input.peers, input.peers)
    ) {
      last = { input, output: run(input) };
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
