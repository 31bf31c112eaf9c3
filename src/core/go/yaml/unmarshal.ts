/**
 * yaml.v3's Unmarshal into map[string]interface{}: an empty document is an empty map, a document of
 * another kind is yaml.v3's "cannot unmarshal" error.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import { decoded, parse } from './decode';

/** Decodes into map[string]interface{}: an empty document is an empty map, any other kind an error. */
export function decodeYamlMap(text: string): { value: Record<string, unknown> } | { error: string } {
  const doc = parse(text);
  const result = decoded(doc);
  if ('error' in result) return result;
  if (result.value === null || result.value === undefined) return { value: {} };
  if (typeof result.value !== 'object' || Array.isArray(result.value)) {
    return { error: cannotUnmarshalIntoMap(doc.contents, 1) };
  }
  return { value: result.value as Record<string, unknown> };
}

/**
 * yaml.v3's error for a document that is not a mapping, unmarshalled into map[string]interface{}:
 * `yaml: unmarshal errors:\n  line N: cannot unmarshal !!seq into map[string]interface {}`, a
 * scalar shown as written (cut to 7 characters and "..." past 10).
 */
export function cannotUnmarshalIntoMap(root: unknown, line: number): string {
  let what = '!!str';
  if (isSeq(root)) what = '!!seq';
  else if (isMap(root)) what = '!!map';
  else if (isScalar(root)) {
    const v = root.value;
    const tag =
      v === null
        ? '!!null'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? '!!int'
            : '!!float'
          : typeof v === 'boolean'
            ? '!!bool'
            : '!!str';
    const text = root.source ?? String(v);
    what = `${tag} \`${text.length > 10 ? `${text.slice(0, 7)}...` : text}\``;
  }
  return `yaml: unmarshal errors:\n  line ${line}: cannot unmarshal ${what} into map[string]interface {}`;
}
