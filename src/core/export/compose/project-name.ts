/**
 * The compose project name score-compose derives from a directory name (its cleanComposeProjectName):
 * lower case, only a-z, 0-9, `_` and `-`, and a first character that is not `_` or `-`. Like the Go
 * original, only the very first character is barred from being `_` or `-`: `__a` becomes `_a`.
 * The result may be empty (a name with no usable character).
 */
export function cleanComposeProjectName(input: string): string {
  let out = '';
  let first = true;
  for (const char of input.toLowerCase()) {
    const keep =
      (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || (!first && (char === '_' || char === '-'));
    first = false;
    if (keep) out += char;
  }
  return out;
}

/** What score-compose accepts for `init --project`. */
export const PROJECT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
