/**
 * The command lines of `k8s` and `provisioners list`, read as args.ts reads the others: argv in,
 * a request or a usage error out, before any file is touched.
 */
import { MAX_SEED, optionValue, type CommandSpec } from './options';

type UsageError = { kind: 'usage-error'; message: string; command: 'k8s' | 'provisioners' };

function usageError(message: string, command: UsageError['command']): UsageError {
  return { kind: 'usage-error', message, command };
}

export interface K8sRequest {
  kind: 'k8s';
  files: string[];
  /** A directory, a `.yaml`/`.yml` file name, or `-` for standard output. */
  output: string;
  namespace?: string;
  generateNamespace: boolean;
  seed?: number;
  image?: string;
  /** Provisioner files, in the order given. */
  provisioners: string[];
  /** Patch template files, in the order given. */
  patchTemplates: string[];
  format: 'yaml' | 'kyaml';
  startOrder: 'ignore' | 'init-containers';
}

export interface ProvisionersListRequest {
  kind: 'provisioners';
  target: 'compose' | 'k8s';
  format: 'table' | 'json';
  provisioners: string[];
  defaults: boolean;
}

export const k8sCommands: Record<'k8s' | 'provisioners', CommandSpec> = {
  k8s: {
    summary: 'Convert Score workloads to Kubernetes manifests, as score-k8s generate does.',
    usage:
      'score-designer k8s FILE... [-o DIR | -o FILE.yaml | -o -] [--namespace NS] [--seed N] [--image IMG] [--provisioners FILE]... [--patch-templates FILE]... [--format yaml|kyaml] [--start-order ignore|init-containers]',
    help: [
      'Arguments:',
      '  FILE                    a score.yaml; several files make one set of manifests (shared',
      '                          resources, service-port links); - reads standard input. File',
      "                          sources are read relative to each Score file's directory.",
      '',
      'Options:',
      '  -o, --output DIR        write DIR/manifests.yaml (default: ./manifests.yaml, as score-k8s)',
      '  -o FILE.yaml            write the manifests under that name',
      '  -o -                    print the manifests on standard output',
      '  -n, --namespace NS      set metadata.namespace on every manifest',
      '  --generate-namespace    also write the Namespace itself (needs --namespace)',
      '  --seed N                seed for instance suffixes, names and passwords, 0 to 4294967295: the',
      '                          same seed gives the same manifests (default: a new random seed, printed)',
      "  -i, --image IMG         the image of containers whose image is '.' (one Score file only)",
      '  --provisioners FILE     a score-k8s provisioners file; repeatable; the files are tried in the',
      '                          order given, all before the default provisioners',
      '  --patch-templates FILE  a score-k8s patch template; repeatable; applied last, in order',
      '  --format yaml|kyaml     the manifests as YAML (default) or KYAML',
      '  --start-order ignore    before entries are not converted, as score-k8s (default; a warning each)',
      '  --start-order init-containers',
      '                          ready: complete → init containers; started → native sidecars;',
      '                          healthy → sidecars with a startup probe (Kubernetes ≥ 1.29)',
      '  -h, --help              show this help',
      '',
      'Problems go to stderr as FILE:LINE:COL: SEVERITY message (warnings: what is not converted).',
      'Exit status: 0 the manifests were written, 1 a workload could not be converted,',
      '             2 usage error, or a file could not be read or written.',
    ],
  },
  provisioners: {
    summary: 'List the provisioners, as score-compose or score-k8s provisioners list does.',
    usage:
      'score-designer provisioners list [--target compose|k8s] [--format table|json] [--provisioners FILE]... [--no-default-provisioners]',
    help: [
      'Options:',
      '  --target compose|k8s       whose provisioners: score-compose (default) or score-k8s',
      '  -f, --format table|json    a table (default) or a JSON array of {Type, Class, Params, Outputs,',
      '                             Description}, sorted by type',
      '  --provisioners FILE        also list the provisioners of this file; repeatable',
      '  --no-default-provisioners  leave out the default provisioners',
      '  -h, --help                 show this help',
      '',
      'Exit status: 0 listed, 1 a provisioners file could not be loaded, 2 usage error or unreadable file.',
    ],
  },
};

export function parseK8s(args: readonly string[]): K8sRequest | UsageError {
  const fail = (message: string) => usageError(message, 'k8s');
  const request: K8sRequest = {
    kind: 'k8s',
    files: [],
    output: 'manifests.yaml',
    generateNamespace: false,
    provisioners: [],
    patchTemplates: [],
    format: 'yaml',
    startOrder: 'ignore',
  };
  let output: string | undefined;
  let onlyFiles = false;
  const names = [
    '-o',
    '--output',
    '-n',
    '--namespace',
    '--seed',
    '-i',
    '--image',
    '--provisioners',
    '--patch-templates',
    '--format',
    '--start-order',
  ];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) {
      request.files.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    if (arg === '--generate-namespace') {
      request.generateNamespace = true;
      continue;
    }
    const option = optionValue(arg, args[i + 1], names);
    if (!option) return fail(`Unknown option "${arg}" for k8s.`);
    if (option.value === undefined) return fail(`${option.name} needs a value.`);
    if (option.next) i++;
    const { name, value } = option;
    if (name === '-o' || name === '--output') {
      if (output !== undefined) return fail('Give -o (--output) only once.');
      if (value === '') return fail('-o needs a directory, a FILE.yaml, or - for standard output.');
      output = value;
    } else if (name === '-n' || name === '--namespace') {
      if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(value) || value.length > 63) {
        return fail(`--namespace needs a Kubernetes namespace name (lowercase letters, digits and -), not "${value}".`);
      }
      request.namespace = value;
    } else if (name === '--seed') {
      const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(parsed <= MAX_SEED)) return fail(`--seed needs a whole number from 0 to ${MAX_SEED}, not "${value}".`);
      request.seed = parsed;
    } else if (name === '-i' || name === '--image') {
      if (value === '') return fail('--image needs an image name.');
      request.image = value;
    } else if (name === '--format') {
      if (value !== 'yaml' && value !== 'kyaml') {
        return fail(`invalid --format value "${value}", expected "yaml" or "kyaml"`);
      }
      request.format = value;
    } else if (name === '--start-order') {
      if (value !== 'ignore' && value !== 'init-containers') {
        return fail(`invalid --start-order value "${value}", expected "ignore" or "init-containers"`);
      }
      request.startOrder = value;
    } else {
      if (value === '-') return fail(`${name} needs a file; standard input is for Score files.`);
      (name === '--provisioners' ? request.provisioners : request.patchTemplates).push(value);
    }
  }
  if (request.files.length === 0) return fail('k8s needs at least one Score FILE (or - for standard input).');
  if (request.files.filter((f) => f === '-').length > 1) {
    return fail('Standard input (-) can be read only once; give - at most one time.');
  }
  if (request.generateNamespace && request.namespace === undefined) {
    return fail('--namespace flag is required when using --generate-namespace');
  }
  if (request.image !== undefined && request.files.length !== 1) {
    return fail('--image can be used with one Score file only.');
  }
  return output === undefined ? request : { ...request, output };
}

export function parseProvisioners(args: readonly string[]): ProvisionersListRequest | UsageError {
  const fail = (message: string) => usageError(message, 'provisioners');
  if (args[0] !== 'list') {
    return fail(
      args[0] === undefined ? 'provisioners needs a subcommand: list.' : `Unknown subcommand "${args[0]}"; use list.`,
    );
  }
  const request: ProvisionersListRequest = {
    kind: 'provisioners',
    target: 'compose',
    format: 'table',
    provisioners: [],
    defaults: true,
  };
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--no-default-provisioners') {
      request.defaults = false;
      continue;
    }
    const option = optionValue(arg, args[i + 1], ['--target', '-f', '--format', '--provisioners']);
    if (!option) return fail(`Unknown argument "${arg}" for provisioners list.`);
    if (option.value === undefined) return fail(`${option.name} needs a value.`);
    if (option.next) i++;
    const { name, value } = option;
    if (name === '--target') {
      if (value !== 'compose' && value !== 'k8s') return fail(`Unknown target "${value}"; use compose or k8s.`);
      request.target = value;
    } else if (name === '--provisioners') {
      if (value === '-') return fail('--provisioners needs a file.');
      request.provisioners.push(value);
    } else {
      if (value !== 'table' && value !== 'json') return fail(`Unknown format "${value}"; use table or json.`);
      request.format = value;
    }
  }
  return request;
}
