import { stringify } from 'yaml';
import { parseWorkloadText, type ParsedDocument } from '../../document/parse';
import { validateSchema } from '../../validate/schema';
import { compareStrings as compareGoStrings } from '../../go/sort';
import { cannotUnmarshalIntoMap } from '../../go/yaml';
import { applyOverrideProperty } from './overrides';
import { readWorkload } from '../../workload/read';
import { toRecord } from '../../workload/values';

/**
 * Reading the Score files as score-compose's generate does: decode each as YAML into a map, check
 * that each has metadata and a unique name, apply overrides, then JSON-Schema-validate.
 */
export interface WorkloadSource {
  text: string;
  file?: string;
  /** The text as `parseWorkloadText` read it, when the caller has it at hand (read again if of another text). */
  parsed?: ParsedDocument;
}

export interface LoadedWorkload {
  file: string;
  name: string;
  text: string;
  spec: Record<string, unknown>;
  /** The text read: the schema check reads the same, not a second parse of it. */
  parsed: ParsedDocument;
}

export function decodeWorkloads(
  inputs: readonly WorkloadSource[],
): { workloads: LoadedWorkload[] } | { error: string } {
  const named = inputs.map((input, i) => ({
    text: input.text,
    file: input.file ?? (inputs.length === 1 ? 'score.yaml' : `score-${i + 1}.yaml`),
    given: input.parsed?.text === input.text ? input.parsed : undefined,
  }));
  // score-compose sorts its file arguments before reading them.
  named.sort((a, b) => compareGoStrings(a.file, b.file));

  const workloads: LoadedWorkload[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { text, file, given } of named) {
    const parsed = given ?? parseWorkloadText(text);
    const decoded = decodeMap(parsed);
    if ('error' in decoded) return { error: `failed to decode '${file}' as yaml: ${decoded.error}` };
    const spec = decoded.value;
    let name = '';
    const metadata = readWorkload(spec).metadata;
    if (!metadata) problems.push(`workload in file '${file}' is missing required metadata`);
    else if (typeof metadata.name !== 'string' || metadata.name === '') {
      problems.push(`workload in file '${file}' has empty metadata.name`);
    } else name = metadata.name;
    if (name !== '' && seen.has(name))
      return { error: `workload name '${name}' in file '${file}' is used more than once` };
    seen.add(name);
    workloads.push({ file, name, text, spec, parsed });
  }
  if (problems.length > 0) return { error: `validation failed:\n  - ${problems.join('\n  - ')}` };
  return { workloads };
}

/** yaml.v3's Unmarshal into map[string]interface{}: an empty document is an empty map, a scalar or list an error. */
function decodeMap(parsed: ParsedDocument): { value: Record<string, unknown> } | { error: string } {
  const notMapping = parsed.syntax.some((d) => d.code === 'NOT_A_MAPPING');
  const empty = parsed.syntax.some((d) => d.code === 'EMPTY_DOCUMENT');
  if (empty) return { value: toRecord({}) };
  if (notMapping && parsed.doc) {
    const root = parsed.doc.contents;
    const line = root && 'range' in root && root.range ? parsed.lines.position(root.range[0]).line : 1;
    return { error: cannotUnmarshalIntoMap(root, line) };
  }
  if (parsed.blocked) {
    const first = parsed.syntax.find((d) => d.severity === 'error');
    return { error: `yaml: line ${first?.range.line ?? 1}: ${first?.message ?? 'invalid YAML'}` };
  }
  return { value: toRecord(parsed.value) };
}

/** Applies each `path=value` override, in order. */
export function applyOverrides(
  spec: Record<string, unknown>,
  entries: readonly string[],
): { spec: Record<string, unknown> } | { error: string } {
  let current = spec;
  for (const entry of entries) {
    const result = applyOverrideProperty(current, entry);
    if ('error' in result) return result;
    current = result.value;
  }
  return { spec: current };
}

/** JSON-Schema errors of the workload, worded for the export: `validation errors in workload 'w': …`. */
export function schemaErrors(
  name: string,
  read: ParsedDocument,
  spec: Record<string, unknown>,
  changed: boolean,
): string | undefined {
  const parsed = changed ? parseWorkloadText(stringify(spec)) : read;
  const errors = validateSchema(parsed).filter((d) => d.severity === 'error');
  if (errors.length === 0) return undefined;
  const lines = errors.map((d) => `${d.path === '' ? '(root)' : d.path}: ${d.message}`);
  const listed = lines.length === 1 ? lines[0] : `\n  - ${lines.join('\n  - ')}`;
  return `validation errors in workload '${name}': ${listed}`;
}
