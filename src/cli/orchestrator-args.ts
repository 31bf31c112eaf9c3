/**
 * The command lines of `workload` and `status` (the score-orchestrator's view), read as args.ts reads
 * the others: argv in, a request or a usage error out, before any file is touched.
 */
import { readOptions, usageError, type CommandSpec, type OutputFormat, type UsageError } from './options';

type Command = 'workload' | 'status';

export interface WorkloadRequest {
  kind: 'workload';
  files: string[];
  namespace?: string;
}

export interface StatusRequest {
  kind: 'status';
  files: string[];
  /** An OrchestratorConfig file (its ConfigMap, or the config itself). */
  config?: string;
  /** Admission policy files in the order given. */
  policies: string[];
  format: OutputFormat;
  namespace?: string;
}

export const orchestratorCommands: Record<Command, CommandSpec> = {
  workload: {
    summary: "Convert Score workloads to the score-orchestrator's Workload resource (score.dev/v1b1).",
    usage: 'score-designer workload FILE... [--namespace NS]',
    help: [
      'Arguments:',
      '  FILE             a score.yaml; - reads standard input',
      '',
      'Options:',
      "  --namespace NS   the Workload's namespace (default: the workload's metadata.namespace,",
      '                   else "default")',
      '  -h, --help       show this help',
      '',
      'The resources are printed as YAML documents on stdout. What the Workload resource cannot hold',
      '(volumes, start order, resource ids, …) and what the orchestrator would refuse go to stderr.',
      'Exit status: 0 every workload converted, 1 a workload has errors (it is not printed),',
      '             2 usage error or a file could not be read.',
    ],
  },
  status: {
    summary: 'Preview the status the score-orchestrator would give Score workloads: conditions, claims, endpoint.',
    usage: 'score-designer status FILE... [--config FILE] [--policy FILE]... [--format text|json] [--namespace NS]',
    help: [
      'Arguments:',
      '  FILE             a score.yaml; - reads standard input',
      '',
      'Options:',
      '  --config FILE    the platform configuration: the ConfigMap holding config.yaml (as the',
      '                   orchestrator reads it), or an OrchestratorConfig; without it no profile',
      '                   or backend can be chosen',
      '  --policy FILE    Kubernetes ValidatingAdmissionPolicy files with their bindings and params;',
      '                   repeatable',
      '  --format text    the conditions, claims and endpoint, then FILE:LINE:COL problems (default)',
      '  --format json    an array of {file, workload, status, diagnostics}',
      '  --namespace NS   the Workload\'s namespace (default: metadata.namespace, else "default")',
      '  -h, --help       show this help',
      '',
      "Claims are served by the configuration's provisioners, else by score-compose's default ones.",
      'Exit status: 0 every workload would be Ready, 1 one would not, 2 usage error or a file',
      '             could not be read.',
    ],
  },
};

export function parseWorkload(args: readonly string[]): WorkloadRequest | UsageError<Command> {
  const read = readOptions(args, 'workload', ['--namespace']);
  if ('kind' in read) return read;
  const namespace = namespaceOption(read.values.get('--namespace'), 'workload');
  if (typeof namespace === 'object') return namespace;
  return { kind: 'workload', files: read.files, ...(namespace !== undefined ? { namespace } : {}) };
}

export function parseStatus(args: readonly string[]): StatusRequest | UsageError<Command> {
  const read = readOptions(args, 'status', ['--config', '--policy', '--format', '--namespace']);
  if ('kind' in read) return read;
  const fail = (message: string) => usageError(message, 'status');
  const [config, ...moreConfigs] = read.values.get('--config') ?? [];
  const [format = 'text', ...moreFormats] = read.values.get('--format') ?? [];
  if (moreConfigs.length > 0) return fail('Give --config only once.');
  if (moreFormats.length > 0) return fail('Give --format only once.');
  if (format !== 'text' && format !== 'json')
    return fail(`Unknown format "${format}"; use --format text or --format json.`);
  const policies = read.values.get('--policy') ?? [];
  if (config === '-' || policies.includes('-')) {
    return fail('--config and --policy need files; standard input is for Score files.');
  }
  const namespace = namespaceOption(read.values.get('--namespace'), 'status');
  if (typeof namespace === 'object') return namespace;
  return {
    kind: 'status',
    files: read.files,
    ...(config !== undefined ? { config } : {}),
    policies,
    format,
    ...(namespace !== undefined ? { namespace } : {}),
  };
}

/** A Kubernetes namespace name (a DNS label), given at most once. */
function namespaceOption(given: string[] | undefined, command: Command): string | undefined | UsageError<Command> {
  if (!given) return undefined;
  if (given.length > 1) return usageError('Give --namespace only once.', command);
  const namespace = given[0]!;
  if (namespace.length > 63 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace)) {
    return usageError(
      `--namespace "${namespace}" is not a namespace name: lowercase letters, digits and '-', at most 63 characters.`,
      command,
    );
  }
  return namespace;
}
