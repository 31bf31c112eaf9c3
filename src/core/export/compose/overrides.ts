import { decodeYaml, decodeYamlMap } from '../../go/yaml';
import { isRecord, toRecord } from '../../workload/values';
import type { SourceText } from './options';

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
    const decoded = decodeYaml(raw);
    if ('error' in decoded)
      return { error: `${FLAG} '${entry}' is invalid, failed to unmarshal value as json: ${decoded.error}` };
    value = decoded.value;
    if (value === null || value === undefined) isDelete = true;
  }
  const result = overrideInMap(spec, path, isDelete, value);
  if ('error' in result) return { error: `${FLAG} '${entry}' could not be applied: ${result.error}` };
  return { value: result.value as Record<string, unknown> };
}

/**
 * `--overrides-file FILE`, as score-compose merges it (mergo.Merge with WithOverride): mappings are
 * merged key by key, at any depth; any other value, a list or a null included, replaces what was there.
 */
export function applyOverridesFile(spec: Record<string, unknown>, file: SourceText): OverrideOutcome {
  const decoded = decodeYamlMap(file.text);
  if ('error' in decoded) {
    return { error: `--overrides-file '${file.name}' is invalid: failed to decode yaml: ${decoded.error}` };
  }
  return { value: mergeOverriding(spec, decoded.value) };
}

function mergeOverriding(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  const out = toRecord(into);
  for (const [key, value] of Object.entries(from)) {
    const existing = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
    out[key] = isRecord(value) && isRecord(existing) ? mergeOverriding(existing, value) : value;
  }
  return out;
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
