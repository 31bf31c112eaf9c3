/**
 * How a placeholder reads a resource's outputs. Most resources answer from their outputs map; the
 * environment resource answers with a variable that compose (or the export's env map) resolves.
 */
export type LookupResult =
  | { value: unknown }
  | { error: string }
  /** An environment variable: `${NAME}` in compose variables, resolved at once elsewhere. */
  | { deferredEnv: { variable: string; required: boolean } };

export type OutputLookup = (keys: string[]) => LookupResult;

/** score-go's OutputLookup over an outputs map. */
export function lookupInOutputs(outputs: Record<string, unknown>): OutputLookup {
  return (keys) => {
    if (keys.length === 0) return { error: 'at least one lookup key is required' };
    let current: unknown = outputs;
    for (const key of keys) {
      if (current === null || current === undefined) return { error: `key '${key}' not found` };
      if (typeof current !== 'object' || Array.isArray(current)) {
        return { error: `cannot lookup key '${key}', context is not a map` };
      }
      const map = current as Record<string, unknown>;
      if (!Object.prototype.hasOwnProperty.call(map, key)) return { error: `key '${key}' not found` };
      current = map[key];
    }
    return { value: current };
  };
}
