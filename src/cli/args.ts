/**
 * Reading the command line. Pure: argv in, a request out, so that every usage error is decided
 * in one place and before any file is touched. New subcommands (compose, …) add an entry to
 * `commands` and a case to `Request`.
 */
import { PROJECT_NAME_PATTERN } from '../core/export/compose/project-name';
import { importCommands, parseImport, type ImportRequest } from './import-args';
import { k8sCommands, parseK8s, parseProvisioners, type K8sRequest, type ProvisionersListRequest } from './k8s-args';
import { MAX_SEED, splitArgs, type CommandSpec, type OutputFormat } from './options';
import {
  orchestratorCommands,
  parseStatus,
  parseWorkload,
  type StatusRequest,
  type WorkloadRequest,
} from './orchestrator-args';
import { parseServe, serveCommands, type ServeKeysRequest, type ServeRequest } from './serve-args';

export type { OutputFormat } from './options';

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

export interface ComposeRequest {
  kind: 'compose';
  files: string[];
  /** A directory, a `.yaml`/`.yml` file name, or `-` for standard output. */
  output: string;
  project?: string;
  seed?: number;
  /** Provisioner files in the order given. */
  provisioners: string[];
  /** `--publish HOST:<workload or uid.output>:CONTAINER` entries, in the order given (absent when none). */
  publish?: string[];
}

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
  compose: {
    summary: 'Convert Score workloads to a Docker Compose project, as score-compose generate does.',
    usage:
      'score-designer compose FILE... [-o DIR | -o FILE.yaml | -o -] [--project NAME] [--seed N] [--provisioners FILE]... [--publish HOST:WORKLOAD:PORT]...',
    help: [
      'Arguments:',
      '  FILE                 a score.yaml; several files make one project (shared resources,',
      '                       service-port links); - reads standard input. File sources are read',
      "                       relative to each Score file's directory.",
      '',
      'Options:',
      '  -o, --output DIR     write DIR/compose.yaml and the mounted files under',
      '                       DIR/.score-compose/mounts, as score-compose lays them out (default: .)',
      '  -o FILE.yaml         write the compose file under that name; mounted files go beside it',
      '  -o -                 print compose.yaml on standard output (mounted files are not written)',
      "  --project NAME       the compose project name (default: the output directory's name,",
      '                       cleaned as score-compose cleans it); must match ^[a-z0-9][a-z0-9_-]*$',
      '  --seed N             seed for generated names and passwords, 0 to 4294967295: the same seed',
      '                       gives the same project (default: a new random seed, printed on stderr)',
      '  --provisioners FILE  a score-compose provisioners file; repeatable; the files are tried in',
      '                       the order given, all before the built-in provisioners',
      '  --publish HOST:WORKLOAD:PORT',
      "                       publish a workload's port on the host, as score-compose does; repeatable;",
      '                       HOST:RES_UID.OUTPUT:PORT publishes a port of the service a resource output names',
      '  -h, --help           show this help',
      '',
      'Warnings (what score-compose does not convert) and notes go to stderr.',
      'Exit status: 0 the project was written, 1 a workload could not be converted,',
      '             2 usage error, or a file could not be read or written.',
    ],
  },
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

function parseCompose(args: readonly string[]): Request {
  const split = splitArgs(args, 'compose', ['-o', '--output', '--project', '--seed', '--provisioners', '--publish']);
  if ('kind' in split) return split;
  const provisioners: string[] = [];
  const publish: string[] = [];
  let output: string | undefined;
  let project: string | undefined;
  let seed: number | undefined;
  const fail = (message: string) => usageError(message, 'compose');
  for (const { name, value } of split.options) {
    if (value === undefined) return fail(`${name} needs a value.`);
    if (name === '-o' || name === '--output') {
      if (output !== undefined) return fail('Give -o (--output) only once.');
      if (value === '') return fail('-o needs a directory, a FILE.yaml, or - for standard output.');
      output = value;
    } else if (name === '--project') {
      if (!PROJECT_NAME_PATTERN.test(value))
        return fail('invalid value for --project, it must match ^[a-z0-9][a-z0-9_-]*$');
      project = value;
    } else if (name === '--seed') {
      const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(parsed <= MAX_SEED)) return fail(`--seed needs a whole number from 0 to ${MAX_SEED}, not "${value}".`);
      seed = parsed;
    } else if (name === '--publish') {
      publish.push(value);
    } else {
      if (value === '-') return fail('--provisioners needs a file; standard input is for Score files.');
      provisioners.push(value);
    }
  }
  const files = split.files;
  if (files.length === 0) return fail('compose needs at least one Score FILE (or - for standard input).');
  if (files.filter((f) => f === '-').length > 1) {
    return fail('Standard input (-) can be read only once; give - at most one time.');
  }
  return {
    kind: 'compose',
    files,
    output: output ?? '.',
    ...(project !== undefined ? { project } : {}),
    ...(seed !== undefined ? { seed } : {}),
    provisioners,
    ...(publish.length > 0 ? { publish } : {}),
  };
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
