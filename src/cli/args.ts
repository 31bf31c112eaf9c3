/**
 * Reading the command line. Pure: argv in, a request out, so that every usage error is decided
 * in one place and before any file is touched. New subcommands (compose, …) add an entry to
 * `commands` and a case to `Request`.
 */
import { composeCommands, parseCompose, type ComposeRequest } from './compose-args';
import { importCommands, parseImport, type ImportRequest } from './import-args';
import { k8sCommands, parseK8s, parseProvisioners, type K8sRequest, type ProvisionersListRequest } from './k8s-args';
import { splitArgs, type CommandSpec, type OutputFormat } from './options';
import {
  orchestratorCommands,
  parseStatus,
  parseWorkload,
  type StatusRequest,
  type WorkloadRequest,
} from './orchestrator-args';
import { parseServe, serveCommands, type ServeKeysRequest, type ServeRequest } from './serve-args';

export type { OutputFormat } from './options';
export type { ComposeRequest } from './compose-args';

export type Request =
  | { kind: 'help'; command?: CommandName }
  | { kind: 'version' }
  | { kind: 'validate'; files: string[]; format: OutputFormat }
  | ComposeRequest
  | K8sRequest
  | ProvisionersListRequest
  | WorkloadRequest
  | StatusRequest
  | ServeRequest
  | ServeKeysRequest
  | ImportRequest
  | { kind: 'usage-error'; message: string; command?: CommandName };

export type CommandName = 'validate' | 'compose' | 'k8s' | 'provisioners' | 'workload' | 'status' | 'serve' | 'import';

export const commands: Record<CommandName, CommandSpec> = {
  validate: {
    summary: 'Check Score workload files (YAML or JSON) and report every problem with its line and column.',
    usage: 'score-designer validate FILE... [--format text|json]',
    help: [
      'Arguments:',
      '  FILE             a score.yaml (or JSON) file; - reads standard input',
      '',
      'Options:',
      '  --format text    one line per problem: FILE:LINE:COL: SEVERITY CODE message (default)',
      '  --format json    an array with one {file, valid, errors, warnings} object per file',
      '  -h, --help       show this help',
      '',
      'Exit status: 0 every file is valid (warnings allowed), 1 a file has errors,',
      '             2 usage error or a file could not be read.',
    ],
  },
  ...composeCommands,
  ...k8sCommands,
  ...orchestratorCommands,
  ...serveCommands,
  ...importCommands,
};

const formats: readonly OutputFormat[] = ['text', 'json'];

export function parseArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): Request {
  // --help and --version win wherever they appear, as in most CLIs, unless after `--`.
  const options = argv.slice(0, indexOrEnd(argv, '--'));
  const first = argv[0];
  const command = first !== undefined && isCommand(first) ? first : undefined;
  if (options.includes('--help') || options.includes('-h')) return { kind: 'help', command };
  if (options.includes('--version') || options.includes('-v')) return { kind: 'version' };
  if (first === undefined) return usageError('No command given.');
  if (first === 'help')
    return { kind: 'help', command: argv[1] !== undefined && isCommand(argv[1]) ? argv[1] : undefined };
  if (!command) {
    return first.startsWith('-')
      ? usageError(`Unknown option "${first}" before the command.`)
      : usageError(`Unknown command "${first}".`);
  }
  switch (command) {
    case 'compose':
      return parseCompose(argv.slice(1));
    case 'k8s':
      return parseK8s(argv.slice(1));
    case 'provisioners':
      return parseProvisioners(argv.slice(1));
    case 'workload':
      return parseWorkload(argv.slice(1));
    case 'status':
      return parseStatus(argv.slice(1));
    case 'import':
      return parseImport(argv.slice(1));
    case 'serve': {
      const request = parseServe(argv.slice(1), env);
      return request.kind === 'usage-error' ? usageError(request.message, 'serve') : request;
    }
    default:
      return parseValidate(argv.slice(1));
  }
}

function parseValidate(args: readonly string[]): Request {
  const split = splitArgs(args, 'validate', ['--format']);
  if ('kind' in split) return split;
  let format: OutputFormat = 'text';
  for (const { value } of split.options) {
    if (value === undefined) return usageError('--format needs a value: text or json.', 'validate');
    if (!isFormat(value))
      return usageError(`Unknown format "${value}"; use --format text or --format json.`, 'validate');
    format = value;
  }
  const files = split.files;
  if (files.length === 0) return usageError('validate needs at least one FILE (or - for standard input).', 'validate');
  if (files.filter((f) => f === '-').length > 1) {
    return usageError('Standard input (-) can be read only once; give - at most one time.', 'validate');
  }
  return { kind: 'validate', files, format };
}

export function usageText(command?: CommandName): string {
  if (command) {
    const spec = commands[command];
    return [`Usage: ${spec.usage}`, '', spec.summary, '', ...spec.help, ''].join('\n');
  }
  return [
    'Usage: score-designer <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, spec]) => `  ${name.padEnd(16)} ${spec.summary}`),
    '',
    'Options:',
    '  -h, --help       show help (score-designer validate --help for a command)',
    '  -v, --version    print the version',
    '',
  ].join('\n');
}

function usageError(message: string, command?: CommandName): Request {
  return { kind: 'usage-error', message, command };
}

/** What follows a usage error on stderr: the one usage line that applies, and where to learn more. */
export function usageHint(command?: CommandName): string {
  const usage = command ? commands[command].usage : 'score-designer <command> [options]';
  const help = command ? `score-designer ${command} --help` : 'score-designer --help';
  return `Usage: ${usage}\nRun "${help}" for more.\n`;
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}

function isFormat(value: string): value is OutputFormat {
  return (formats as readonly string[]).includes(value);
}

function indexOrEnd(list: readonly string[], item: string): number {
  const at = list.indexOf(item);
  return at === -1 ? list.length : at;
}
