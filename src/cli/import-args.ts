/**
 * The command line of `import`, read as args.ts reads the others: argv in, a request or a usage
 * error out, before any file is touched.
 */
import { splitArgs, usageError, type CommandSpec, type UsageError } from './options';

export interface ImportRequest {
  kind: 'import';
  /** The Compose file; `-` reads standard input. */
  file: string;
  /** A directory, or `-` for standard output. */
  output: string;
  grouping: 'start-order' | 'per-service';
  resources: boolean;
}

export const importCommands: Record<'import', CommandSpec> = {
  import: {
    summary: 'Read a Docker Compose file as Score workloads (score.yaml files).',
    usage: 'score-designer import COMPOSE_FILE [-o DIR | -o -] [--workload-per-service] [--no-resources]',
    help: [
      'Arguments:',
      '  COMPOSE_FILE            a compose.yaml (or docker-compose.yml); - reads standard input',
      '',
      'Options:',
      '  -o, --output DIR        write the workloads there: score.yaml for one workload, NAME.score.yaml',
      '                          for each of several (default: .)',
      '  -o -                    print the workloads on standard output, separated by ---',
      '  --workload-per-service  one workload per service, as score-compose maps them; start order',
      '                          between services is then left out (Score orders start only inside a',
      '                          workload). By default services that wait for one another share one',
      '                          workload',
      '  --no-resources          keep postgres, mysql, redis, mongo and rabbitmq services as containers',
      '                          instead of resources',
      '  -h, --help              show this help',
      '',
      'What is not converted is listed on stderr as FILE:LINE:COL: SEVERITY CODE message, followed by',
      'the command that exports the workloads again with the ports the Compose file published.',
      'Exit status: 0 the workloads were written (warnings allowed), 1 the file could not be converted,',
      '             2 usage error, or a file could not be read or written.',
    ],
  },
};

export function parseImport(args: readonly string[]): ImportRequest | UsageError<'import'> {
  const fail = (message: string) => usageError(message, 'import');
  const split = splitArgs(args, 'import', ['-o', '--output'], ['--workload-per-service', '--no-resources']);
  if ('kind' in split) return split;
  const files = split.files;
  let output: string | undefined;
  let grouping: ImportRequest['grouping'] = 'start-order';
  let resources = true;
  for (const { name, value } of split.options) {
    if (name === '--workload-per-service') grouping = 'per-service';
    else if (name === '--no-resources') resources = false;
    else {
      if (value === undefined) return fail(`${name} needs a value.`);
      if (output !== undefined) return fail('Give -o (--output) only once.');
      if (value === '') return fail('-o needs a directory, or - for standard output.');
      output = value;
    }
  }
  if (files.length === 0) return fail('import needs a Compose FILE (or - for standard input).');
  if (files.length > 1) return fail('import reads one Compose file; give one FILE.');
  return { kind: 'import', file: files[0]!, output: output ?? '.', grouping, resources };
}
