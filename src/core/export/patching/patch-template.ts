import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import { renderTemplate, TemplateError, type TemplateFunction } from '../../template';
import { sjsonDelete, sjsonSet, SjsonError, type Json } from './sjson';

/**
 * A patch template, as score-compose and score-k8s apply one (their `init --patch-templates FILE`):
 * a Go template over the exporter's data writes a YAML list of operations
 * `{op: set|delete, path, value, description}`, applied in order with sjson to the JSON form of what
 * was exported. Each exporter gives its own data and root (Compose: the project; Kubernetes: the list
 * of manifests) and reads the patched root back into its own types; the rest, and its error text, is here.
 */
export interface PatchTemplateRun {
  /** What the template sees as `.`: `.Compose` and `.Workloads`, or `.Manifests`, `.Workloads`, `.Namespace`. */
  data: Record<string, unknown>;
  /** The JSON the operations apply to. */
  root: Json;
  functions: Record<string, TemplateFunction>;
}

/** `patched: false` when the template wrote no operation (the exporter keeps its own values as they were). */
export type PatchOutcome = { root: Json; patched: boolean } | { error: string };

const OPERATION_FIELDS = ['op', 'path', 'value', 'description'];

export function runPatchTemplate(template: string, run: PatchTemplateRun): PatchOutcome {
  let text: string;
  try {
    text = renderTemplate('', template, run.data, { functions: run.functions });
  } catch (e) {
    if (!(e instanceof TemplateError)) throw e;
    return {
      error: `${e.phase === 'parse' ? 'failed to parse template' : 'failed to execute template'}: ${e.message}`,
    };
  }
  if (text.trim() === '') return { root: run.root, patched: false };

  const operations = readOperations(text.trim());
  if ('error' in operations) {
    return { error: `failed to unmarshal patches from template execution output: ${operations.error}` };
  }
  let root = run.root;
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
  return { root, patched: true };
}

interface Operation {
  op: string;
  path: string;
  value: Json;
}

/**
 * The operations, decoded as yaml.v3 decodes them into a []PatchOperation with known fields only: from
 * the first document (a yaml.Decoder reads one; templates often end with `---`).
 */
function readOperations(text: string): { list: Operation[] } | { error: string } {
  const docs = parseAllDocuments(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
  const doc = Array.isArray(docs) ? docs[0] : docs;
  if (doc === undefined) return { list: [] };
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
