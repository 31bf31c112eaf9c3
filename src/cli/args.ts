/**
 * Reading the command line. Pure: argv in, a request out, so that every usage error is decided
 * in one place and before any file is touched. New subcommands (compose, …) add an entry to
 * `commands` and a case to `Request`.
 */
export type OutputFormat = 'text' | 'json';

export type Request =
  | { kind: 'help'; command?: CommandName }
  | { kind: 'version' }
  | { kind: 'validate'; files: string[]; format: OutputFormat }
  | { kind: 'usage-error'; message: string; command?: CommandName };

export type CommandName = 'validate';

interface CommandSpec {
  summary: string;
  usage: string;
}

export const commands: Record<CommandName, CommandSpec> = {
  validate: {
    summary: 'Check Score workload files (YAML or JSON) and report every problem with its line and column.',
    usage: 'score-designer validate FILE... [--format text|json]',
  },
};

const formats: readonly OutputFormat[] = ['text', 'json'];

export function parseArgs(argv: readonly string[]): Request {
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
  return parseValidate(argv.slice(1));
}

function parseValidate(args: readonly string[]): Request {
  const files: string[] = [];
  let format: OutputFormat = 'text';
  let onlyFiles = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
    } else if (arg === '--') {
      onlyFiles = true;
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? args[++i] : arg.slice('--format='.length);
      if (value === undefined) return usageError('--format needs a value: text or json.', 'validate');
      if (!isFormat(value))
        return usageError(`Unknown format "${value}"; use --format text or --format json.`, 'validate');
      format = value;
    } else {
      return usageError(`Unknown option "${arg}" for validate.`, 'validate');
    }
  }
  if (files.length === 0) return usageError('validate needs at least one FILE (or - for standard input).', 'validate');
  if (files.filter((f) => f === '-').length > 1) {
    return usageError('Standard input (-) can be read only once; give - at most one time.', 'validate');
  }
  return { kind: 'validate', files, format };
}

export function usageText(command?: CommandName): string {
  if (command) {
    const spec = commands[command];
    return [
      `Usage: ${spec.usage}`,
      '',
      spec.summary,
      '',
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
      '',
    ].join('\n');
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
