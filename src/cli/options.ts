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
