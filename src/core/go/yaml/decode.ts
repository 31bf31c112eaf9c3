import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';

/**
 * Decoding YAML as yaml.v3's Unmarshal does, closely enough for rendered provisioner templates:
 * YAML 1.2 core types, merge keys, duplicate keys refused, and yaml.v3's messages for a document of
 * the wrong kind.
 */
export type Decoded = { value: unknown } | { error: string };

function parse(text: string): Document {
  return parseDocument(text, { schema: 'core', merge: true, uniqueKeys: true, prettyErrors: false });
}

function decoded(doc: Document): Decoded {
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    return { error: `yaml: ${line ? `line ${line}: ` : ''}${e.message.split('\n')[0]}` };
  }
  return { value: doc.toJS({ maxAliasCount: 1000 }) as unknown };
}

export function decodeYaml(text: string): Decoded {
  return decoded(parse(text));
}

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
