/** How a command prints its answer: for people, or as JSON for scripts. */
export type OutputFormat = 'text' | 'json';
/**
 * What the commands' option readers share: `--name value` and `--name=value`, the seed's range, and
 * how a command describes itself for --help.
 */
export interface CommandSpec {
  summary: string;
  usage: string;
  /** The rest of `score-designer COMMAND --help`: arguments, options, exit status. */
  help: string[];
}

/** The seed is a 32-bit unsigned number (the exports' random generators take that many bits). */
export const MAX_SEED = 0xffffffff;

/** `--name value`, `--name=value` (and `-o value`) for the options in `names`; undefined for any other option. */
export function optionValue(
  arg: string,
  following: string | undefined,
  names: readonly string[],
): { name: string; value: string | undefined; next: boolean } | undefined {
  if (names.includes(arg)) return { name: arg, value: following, next: true };
  const equals = arg.indexOf('=');
  const name = equals < 0 ? arg : arg.slice(0, equals);
  if (equals < 0 || !names.includes(name)) return undefined;
  return { name, value: arg.slice(equals + 1), next: false };
}

/** A usage error of one command, as the commands' readers return it. */
export interface UsageError<C extends string> {
  kind: 'usage-error';
  message: string;
  command: C;
}

export function usageError<C extends string>(message: string, command: C): UsageError<C> {
  return { kind: 'usage-error', message, command };
}

/**
 * The FILE arguments and the options among `names`, in the order given (`--` ends the options);
 * an option not among them is a usage error. `flags` are options that take no value (their value is
 * undefined). Each command judges its own options' values.
 */
export function splitArgs<C extends string>(
  args: readonly string[],
  command: C,
  names: readonly string[],
  flags: readonly string[] = [],
): { files: string[]; options: Array<{ name: string; value: string | undefined }> } | UsageError<C> {
  const files: string[] = [];
  const options: Array<{ name: string; value: string | undefined }> = [];
  let onlyFiles = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyFiles = true;
      continue;
    }
    if (flags.includes(arg)) {
      options.push({ name: arg, value: undefined });
      continue;
    }
    const option = optionValue(arg, args[i + 1], names);
    if (!option) return usageError(`Unknown option "${arg}" for ${command}.`, command);
    if (option.next) i++;
    options.push({ name: option.name, value: option.value });
  }
  return { files, options };
}

/** splitArgs for commands whose options all need a non-empty value and that need a FILE: each option's values in order. */
export function readOptions<C extends string>(
  args: readonly string[],
  command: C,
  names: readonly string[],
): { files: string[]; values: Map<string, string[]> } | UsageError<C> {
  const split = splitArgs(args, command, names);
  if ('kind' in split) return split;
  const values = new Map<string, string[]>();
  for (const { name, value } of split.options) {
    if (value === undefined || value === '') return usageError(`${name} needs a value.`, command);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const files = split.files;
  if (files.length === 0) {
    return usageError(`${command} needs at least one Score FILE (or - for standard input).`, command);
  }
  if (files.filter((f) => f === '-').length > 1) {
    return usageError('Standard input (-) can be read only once; give - at most one time.', command);
  }
  return { files, values };
}
