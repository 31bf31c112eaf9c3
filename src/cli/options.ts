/** Reading one option of a command line, shared by the commands' parsers. */

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
