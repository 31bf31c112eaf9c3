/**
 * The command line of `compose`, read as args.ts reads the others: argv in, a request or a usage
 * error out, before any file is touched. score-compose's `generate` flags are read into the export's
 * own options (`ComposeFlags`, the shape the browser's export passes too), with the files they name
 * still as paths: compose-command.ts reads them.
 */
import type { ComposeFlags } from '../core/export/compose';
import { PROJECT_NAME_PATTERN } from '../core/export/compose/project-name';
import { MAX_SEED, splitArgs, usageError, type CommandSpec, type UsageError } from './options';

export interface ComposeRequest extends ComposeFlags<string> {
  kind: 'compose';
  files: string[];
  /** A directory, a `.yaml`/`.yml` file name, or `-` for standard output. */
  output: string;
  project?: string;
  seed?: number;
  /** Provisioner files in the order given. */
  provisioners: string[];
  /** `--env-file FILE`: where to write a skeleton .env of the variables the project reads. */
  envFile?: string;
}

export const composeCommands: Record<'compose', CommandSpec> = {
  compose: {
    summary: 'Convert Score workloads to a Docker Compose project, as score-compose generate does.',
    usage:
      'score-designer compose FILE... [-o DIR | -o FILE.yaml | -o -] [--project NAME] [--seed N] [--provisioners FILE]... [--image IMG] [--build CONTAINER=CONTEXT]... [--publish HOST:WORKLOAD:PORT]... [--overrides-file FILE] [--override-property PATH=VALUE]... [--patch-templates FILE]... [--env-file FILE]',
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
      "  -i, --image IMG      the image of every container whose image is '.' (one Score file only)",
      '  --build CONTAINER=CONTEXT, --build \'CONTAINER={"context":"./dir","args":{"A":"1"}}\'',
      '                       build the container from a context (a path, or a build config as JSON',
      '                       or YAML) instead of pulling an image; repeatable (one Score file only)',
      '  -p, --publish HOST:WORKLOAD:PORT',
      "                       publish a workload's port on the host, as score-compose does; repeatable;",
      '                       HOST:RES_UID.OUTPUT:PORT publishes a port of the service a resource output names',
      '  --overrides-file FILE',
      '                       a Score fragment merged into the workload before it is checked (one Score',
      '                       file only); --override-file is taken too',
      '  --override-property PATH=VALUE',
      '                       set PATH (dots, \\. for a dot in a key, -1 to append to a list) to VALUE',
      '                       (YAML); an empty VALUE removes it; repeatable, after --overrides-file',
      '  --patch-templates FILE',
      '                       a score-compose patch template (a Go template of set/delete operations on',
      '                       .Compose, given .Workloads); repeatable; applied in order before --publish',
      '  --env-file FILE      write a skeleton .env there: NAME= for each environment variable the',
      '                       project reads (sorted; score-compose writes them in random order)',
      '  -h, --help           show this help',
      '',
      'Warnings (what score-compose does not convert) and notes go to stderr.',
      'Exit status: 0 the project was written, 1 a workload could not be converted (the message names',
      '             the workload, the field and why), 2 usage error, or a file could not be read or written.',
    ],
  },
};

const VALUED = [
  '-o',
  '--output',
  '--project',
  '--seed',
  '--provisioners',
  '--publish',
  '-p',
  '--image',
  '-i',
  '--build',
  '--overrides-file',
  '--override-file',
  '--override-property',
  '--patch-templates',
  '--env-file',
] as const;

export function parseCompose(args: readonly string[]): ComposeRequest | UsageError<'compose'> {
  const split = splitArgs(args, 'compose', VALUED);
  if ('kind' in split) return split;
  const fail = (message: string) => usageError(message, 'compose');
  const request: ComposeRequest = { kind: 'compose', files: split.files, output: '.', provisioners: [] };
  let output: string | undefined;
  const add = (key: 'build' | 'publish' | 'overrideProperties' | 'patchTemplates', value: string) => {
    request[key] = [...(request[key] ?? []), value];
  };
  for (const { name, value } of split.options) {
    if (value === undefined) return fail(`${name} needs a value.`);
    switch (name) {
      case '-o':
      case '--output':
        if (output !== undefined) return fail('Give -o (--output) only once.');
        if (value === '') return fail('-o needs a directory, a FILE.yaml, or - for standard output.');
        output = value;
        break;
      case '--project':
        if (!PROJECT_NAME_PATTERN.test(value))
          return fail('invalid value for --project, it must match ^[a-z0-9][a-z0-9_-]*$');
        request.project = value;
        break;
      case '--seed': {
        const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
        if (!(parsed <= MAX_SEED)) return fail(`--seed needs a whole number from 0 to ${MAX_SEED}, not "${value}".`);
        request.seed = parsed;
        break;
      }
      case '--provisioners':
        if (value === '-') return fail('--provisioners needs a file; standard input is for Score files.');
        request.provisioners.push(value);
        break;
      case '-p':
      case '--publish':
        add('publish', value);
        break;
      // As score-compose's string flags: the last one given counts, and an empty one is none.
      case '-i':
      case '--image':
        if (value === '') delete request.image;
        else request.image = value;
        break;
      case '--build':
        add('build', value);
        break;
      case '--override-property':
        add('overrideProperties', value);
        break;
      case '--overrides-file':
      case '--override-file':
        if (value === '-') return fail(`${name} needs a file; standard input is for Score files.`);
        if (value === '') delete request.overridesFile;
        else request.overridesFile = value;
        break;
      case '--patch-templates':
        if (value === '' || value === '-') return fail('--patch-templates needs a file.');
        add('patchTemplates', value);
        break;
      default: // --env-file
        if (value === '' || value === '-') return fail('--env-file needs a file to write.');
        request.envFile = value;
    }
  }
  if (request.files.length === 0) return fail('compose needs at least one Score FILE (or - for standard input).');
  if (request.files.filter((f) => f === '-').length > 1) {
    return fail('Standard input (-) can be read only once; give - at most one time.');
  }
  return { ...request, output: output ?? '.' };
}
