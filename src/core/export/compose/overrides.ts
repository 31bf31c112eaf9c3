import { parse } from 'yaml';
import { isRecord, toRecord } from '../../workload/values';

/**
 * `--override-property path=value`, as score-compose applies it to the raw workload before anything
 * else: the value is decoded as YAML, an empty value deletes the path, `\.` escapes a dot in a key
 * and an array index of -1 appends (score-go framework/override_utils.go).
 */
export type OverrideOutcome = { value: Record<string, unknown> } | { error: string };

const FLAG = '--override-property';

export function applyOverrideProperty(spec: Record<string, unknown>, entry: string): OverrideOutcome {
  const eq = entry.indexOf('=');
  if (eq < 0) return { error: `${FLAG} '${entry}' is invalid, expected a =-separated path and value` };
  const path = parseDotPath(entry.slice(0, eq));
  const raw = entry.slice(eq + 1);
  let value: unknown = undefined;
  let isDelete = raw === '';
  if (!isDelete) {
    try {
      value = parse(raw, { schema: 'core' }) as unknown;
    } catch (error) {
      return {
        error: `${FLAG} '${entry}' is invalid, failed to unmarshal value as json: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (value === null || value === undefined) isDelete = true;
  }
  const result = overrideInMap(spec, path, isDelete, value);
  if ('error' in result) return { error: `${FLAG} '${entry}' could not be applied: ${result.error}` };
  return { value: result.value as Record<string, unknown> };
}

/** `a.b\.c.d` → ['a', 'b.c', 'd']; `\\` is a literal backslash. */
export function parseDotPath(input: string): string[] {
  const protectedText = input.split('\\\\').join('\x01').split('\\.').join('\x00');
  return protectedText.split('.').map((part) => part.split('\x00').join('.').split('\x01').join('\\'));
}

type Step = { value: unknown } | { error: string };

function overrideInMap(input: Record<string, unknown>, path: string[], isDelete: boolean, value: unknown): Step {
  const [head, ...rest] = path;
  if (head === undefined) return { error: 'cannot change root node' };
  const output = toRecord(input);
  if (rest.length === 0) {
    if (isDelete) delete output[head];
    else output[head] = value;
    return { value: output };
  }
  const existing = Object.prototype.hasOwnProperty.call(output, head) ? output[head] : undefined;
  let sub: Step;
  if (existing === undefined)
    sub = overrideInMap(Object.create(null) as Record<string, unknown>, rest, isDelete, value);
  else if (isRecord(existing)) sub = overrideInMap(existing, rest, isDelete, value);
  else if (Array.isArray(existing)) sub = overrideInArray(existing, rest, isDelete, value);
  else return { error: `${head}: cannot set path in non-map/non-array` };
  if ('error' in sub) return { error: `${head}: ${sub.error}` };
  output[head] = sub.value;
  return { value: output };
}

function overrideInArray(input: unknown[], path: string[], isDelete: boolean, value: unknown): Step {
  const [head, ...rest] = path;
  if (head === undefined) return { error: 'cannot change root node' };
  if (!/^[+-]?\d+$/.test(head)) return { error: `failed to parse '${head}' as array index` };
  const index = Number(head);
  const output = [...input];
  if (rest.length === 0) {
    if (isDelete) {
      if (index < 0 || index >= input.length) return { error: `cannot remove '${index}' in array: out of range` };
      output.splice(index, 1);
      return { value: output };
    }
    if (index === -1) return { value: [...output, value] };
    if (index < 0 || index >= input.length) return { error: `cannot set '${index}' in array: out of range` };
    output[index] = value;
    return { value: output };
  }
  if (index < 0 || index >= output.length) return { error: `cannot set '${index}' in array: out of range` };
  const existing = output[index];
  let sub: Step;
  if (isRecord(existing)) sub = overrideInMap(existing, rest, isDelete, value);
  else if (Array.isArray(existing)) sub = overrideInArray(existing, rest, isDelete, value);
  else return { error: `${head}: cannot set path in non-map/non-array` };
  if ('error' in sub) return { error: `${head}: ${sub.error}` };
  output[index] = sub.value;
  return { value: output };
}
