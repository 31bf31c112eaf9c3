import { parseDocument, type Document } from 'yaml';

/**
 * Decoding YAML as yaml.v3's Unmarshal does, closely enough for rendered provisioner templates:
 * YAML 1.2 core types, merge keys, duplicate keys refused, yaml.v3's words for a syntax error.
 * Into a map: unmarshal.ts.
 */
export type Decoded = { value: unknown } | { error: string };

export function parse(text: string): Document {
  return parseDocument(text, { schema: 'core', merge: true, uniqueKeys: true, prettyErrors: false });
}

export function decoded(doc: Document): Decoded {
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
