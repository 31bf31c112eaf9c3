import { isMap, isScalar, isSeq, parseDocument } from 'yaml';

/**
 * Decoding a rendered template's YAML as score-compose's yaml.v3 decoder does, closely enough:
 * YAML 1.2 core types, merge keys, duplicate keys refused, and yaml.v3-style messages for a
 * document of the wrong kind.
 */
export type Decoded = { value: unknown } | { error: string };

export function decodeYaml(text: string): Decoded {
  const doc = parseDocument(text, { schema: 'core', merge: true, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0]?.line;
    return { error: `yaml: ${line ? `line ${line}: ` : ''}${e.message.split('\n')[0]}` };
  }
  return { value: doc.toJS({ maxAliasCount: 1000 }) as unknown };
}

/** Decodes into map[string]interface{}: an empty document is an empty map, any other kind an error. */
export function decodeYamlMap(text: string): { value: Record<string, unknown> } | { error: string } {
  const doc = parseDocument(text, { schema: 'core', merge: true, uniqueKeys: true, prettyErrors: false });
  const decoded = decodeYaml(text);
  if ('error' in decoded) return decoded;
  if (decoded.value === null || decoded.value === undefined) return { value: {} };
  if (typeof decoded.value !== 'object' || Array.isArray(decoded.value)) {
    const root = doc.contents;
    const tag = isSeq(root) ? '!!seq' : isMap(root) ? '!!map' : tagOf(decoded.value);
    const shown = isScalar(root) ? ` \`${shorten(String(root.source ?? root.value))}\`` : '';
    return { error: `yaml: unmarshal errors:\n  line 1: cannot unmarshal ${tag}${shown} into map[string]interface {}` };
  }
  return { value: decoded.value as Record<string, unknown> };
}

function tagOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? '!!int' : '!!float';
  if (typeof value === 'boolean') return '!!bool';
  return '!!str';
}

function shorten(text: string): string {
  return text.length > 10 ? `${text.slice(0, 7)}...` : text;
}
