import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import {
  isRecord,
  renderTemplate,
  sprigFunctions,
  TemplateError,
  YamlV3Float,
  type SeededRandom,
} from './common/borrowed';
import { sjsonDelete, sjsonSet, SjsonError, type Json } from './sjson';
import type { Manifest } from './common/write';

/**
 * score-k8s's patch templates (`score-k8s init --patch-templates FILE`), applied last, in order:
 * each is a Go template over .Manifests, .Workloads and .Namespace that writes a YAML list of
 * operations `{op: set|delete, path, value, description}`; paths are sjson paths into the list of
 * manifests (`0.spec.replicas`, `-1` to append). As in score-k8s, a template that writes any
 * operation sends the manifests through JSON, so their numbers come back as Go float64s.
 */
export interface PatchContext {
  /** Each workload's Score spec, by name. */
  workloads: Record<string, unknown>;
  namespace: string;
  /** `substituteValue WORKLOAD VALUE` in a template: the workload's placeholders resolved. */
  substitute: (workload: string, value: string) => string;
  random: SeededRandom;
}

const OPERATION_FIELDS = ['op', 'path', 'value', 'description'];

export function applyPatchTemplate(
  manifests: Manifest[],
  template: string,
  context: PatchContext,
): { manifests: Manifest[] } | { error: string } {
  const functions = {
    ...sprigFunctions(context.random),
    substituteValue: { params: ['string', 'string'] as const, fn: context.substitute as never },
  };
  let text: string;
  try {
    text = renderTemplate(
      '',
      template,
      {
        Manifests: manifests.map(plain),
        Workloads: context.workloads,
        Namespace: context.namespace,
      },
      { functions },
    );
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    return {
      error: `${e.phase === 'parse' ? 'failed to parse template' : 'failed to execute template'}: ${e.message}`,
    };
  }
  if (text.trim() === '') return { manifests };

  const operations = readOperations(text.trim());
  if ('error' in operations) {
    return { error: `failed to unmarshal patches from template execution output: ${operations.error}` };
  }
  let root: Json = manifests.map(plain) as Json;
  for (const [i, op] of operations.list.entries()) {
    try {
      if (op.op === 'set') root = sjsonSet(root, op.path, op.value);
      else if (op.op === 'delete') root = sjsonDelete(root, op.path);
      else throw new SjsonError(`unknown operation: ${op.op}`);
    } catch (e) {
      if (!(e instanceof SjsonError)) throw e;
      return { error: `failed to perform patch operation ${i + 1}: '${op.op} '${op.path}': ${e.message}` };
    }
  }
  if (!Array.isArray(root))
    return { error: 'failed to unmarshal patched output: json: cannot unmarshal object into a list of manifests' };
  const out: Manifest[] = [];
  for (const item of root) {
    if (!isRecord(item)) {
      return {
        error: `failed to unmarshal patched output: json: cannot unmarshal ${jsonKind(item)} into Go value of type map[string]interface {}`,
      };
    }
    out.push(asFloats(item) as Manifest);
  }
  return { manifests: out };
}

interface Operation {
  op: string;
  path: string;
  value: Json;
}

/** The operations, decoded as yaml.v3 decodes them into a []PatchOperation with known fields only. */
function readOperations(text: string): { list: Operation[] } | { error: string } {
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) return { error: `yaml: ${doc.errors[0]!.message.split('\n')[0]}` };
  const root = doc.contents;
  if (root === null) return { list: [] };
  if (!isSeq(root)) return { error: 'yaml: unmarshal errors: the output is not a list of operations' };
  const list: Operation[] = [];
  for (const item of root.items) {
    if (!isMap(item)) return { error: 'yaml: unmarshal errors: an operation is not a mapping' };
    const op: Operation = { op: '', path: '', value: null };
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!OPERATION_FIELDS.includes(key)) {
        return { error: `yaml: unmarshal errors:\n  field ${key} not found in type patching.PatchOperation` };
      }
      const node = pair.value;
      // A scalar read into a Go string field keeps its text (`path: -1` is "-1").
      const asText = isScalar(node) ? (node.source ?? String(node.value ?? '')) : '';
      if (key === 'op') op.op = asText;
      else if (key === 'path') op.path = asText;
      else if (key === 'value') op.value = (node === null ? null : (node.toJSON() as Json)) ?? null;
    }
    list.push(op);
  }
  return { list };
}

/** JSON-like data: Go float64 numbers (after patching) become plain numbers again. */
function plain(value: unknown): unknown {
  if (value instanceof YamlV3Float) return value.value;
  if (Array.isArray(value)) return value.map(plain);
  if (isRecord(value)) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v);
    return out;
  }
  return value;
}

/** After the JSON round trip every number is a float64, which yaml.v3 prints as one (1e+06). */
function asFloats(value: unknown): unknown {
  if (typeof value === 'number') return new YamlV3Float(value);
  if (Array.isArray(value)) return value.map(asFloats);
  if (isRecord(value) && !(value instanceof YamlV3Float)) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = asFloats(v);
    return out;
  }
  return value;
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'bool';
}
