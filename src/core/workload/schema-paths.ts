import scoreSchema from '../../../schemas/score-v1b1.json' with { type: 'json' };
import { parsePointer } from '../document/pointer';
import { isRecord } from './values';

/**
 * The places a workload can hold a value, read from the JSON Schema: every property, as a
 * "schema path" — a JSON Pointer in which `*` stands for any key of a map or any index of a list
 * (the mode of any file of any container is
 * `/containers/*` + `/files/*` + `/mode`). The inspector's controls are registered by schema path, so a
 * property added to the schema without a control is noticed (see controls.test.ts).
 */
export type SchemaPath = string;

export interface SchemaProperty {
  path: SchemaPath;
  /** The schema's own words for it (shown as the field's hint). */
  description: string;
  deprecated: boolean;
  /** Any data may sit below it (`additionalProperties: true`): edited as a free key/value tree. */
  free: boolean;
  /** The allowed values, when the schema lists them. */
  choices?: readonly string[];
  /** Typical values the schema gives as examples. */
  examples?: readonly string[];
  /** The JSON types the schema allows (from `type`, in every branch). */
  types: readonly string[];
}

type SchemaNode = { [key: string]: unknown };

const isNode = (v: unknown): v is SchemaNode => isRecord(v);

/** Every property path of a schema, in schema order. `$ref`s are followed; branches of oneOf/anyOf/allOf merge. */
export function schemaProperties(schema: SchemaNode): SchemaProperty[] {
  const found = new Map<SchemaPath, SchemaProperty>();
  const resolve = (ref: string): SchemaNode | undefined => {
    if (!ref.startsWith('#/')) return undefined;
    let here: unknown = schema;
    for (const segment of parsePointer(ref.slice(1))) here = isNode(here) ? here[segment] : undefined;
    return isNode(here) ? here : undefined;
  };
  const note = (path: SchemaPath, node: SchemaNode | true) => {
    const own = node === true ? {} : node;
    const referenced = typeof own.$ref === 'string' ? resolve(own.$ref) : undefined;
    const description = text(own.description) || text(referenced?.description);
    const deprecated = own.deprecated === true || referenced?.deprecated === true;
    const choices = strings(own.enum) ?? strings(referenced?.enum);
    const examples = strings(own.examples) ?? strings(referenced?.examples);
    const types = [...typesOf(own), ...(referenced ? typesOf(referenced) : [])];
    const before = found.get(path);
    found.set(path, {
      path,
      description: before?.description || description,
      deprecated: (before?.deprecated ?? true) && deprecated,
      free: (before?.free ?? false) || node === true,
      types: [...new Set([...(before?.types ?? []), ...types])],
      ...((before?.choices ?? choices) ? { choices: before?.choices ?? choices } : {}),
      ...((before?.examples ?? examples) ? { examples: before?.examples ?? examples } : {}),
    });
  };
  // Depth bounds a self-referencing schema; ours has none, but a walker must not loop on one.
  const walk = (node: SchemaNode, path: SchemaPath, depth: number) => {
    if (depth > 40) return;
    if (typeof node.$ref === 'string') {
      const target = resolve(node.$ref);
      if (target) walk(target, path, depth + 1);
    }
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const b of branches) if (isNode(b)) walk(b, path, depth + 1);
    }
    if (isNode(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        if (!isNode(sub)) continue;
        note(`${path}/${name}`, sub);
        walk(sub, `${path}/${name}`, depth + 1);
      }
    }
    const extra = node.additionalProperties;
    if (extra === true) note(`${path}/*`, true);
    else if (isNode(extra)) {
      note(`${path}/*`, extra);
      walk(extra, `${path}/*`, depth + 1);
    }
    if (isNode(node.items)) {
      note(`${path}/*`, node.items);
      walk(node.items, `${path}/*`, depth + 1);
    }
  };
  walk(schema, '', 0);
  return [...found.values()];
}

/** The `type`s of a node and of its oneOf/anyOf branches (one level: enough for our schema). */
function typesOf(node: SchemaNode): string[] {
  const own = typeof node.type === 'string' ? [node.type] : (strings(node.type) ?? []);
  const branches = [node.oneOf, node.anyOf].flatMap((b) => (Array.isArray(b) ? b.filter(isNode) : []));
  return [...own, ...branches.flatMap((b) => (typeof b.type === 'string' ? [b.type] : []))];
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The properties of our Score schema (schemas/score-v1b1.json). */
export const scoreProperties: readonly SchemaProperty[] = schemaProperties(scoreSchema as SchemaNode);

const byPath = new Map(scoreProperties.map((p) => [p.path, p]));

export function scoreProperty(path: SchemaPath): SchemaProperty | undefined {
  return byPath.get(path);
}

/**
 * The schema path of a place in a workload: `/containers/web/files/~1etc~1app/mode` →
 * `/containers/*` + `/files/*` + `/mode`. Below a free tree (resource params, extra metadata) the path stops
 * at the tree's root. Undefined for a place the schema does not know.
 */
export function schemaPathOf(pointer: string): { path: SchemaPath; depth: number } | undefined {
  let path = '';
  const segments = parsePointer(pointer);
  for (let i = 0; i < segments.length; i++) {
    const literal = `${path}/${escapeName(segments[i]!)}`;
    if (byPath.has(literal) && literal !== `${path}/*`) path = literal;
    else if (byPath.has(`${path}/*`)) path = `${path}/*`;
    else return byPath.get(path)?.free ? { path, depth: i } : undefined;
  }
  return { path, depth: segments.length };
}

/**
 * The property names the schema gives the mapping at `pointer`, in the schema's order (for a resource:
 * type, class, id, metadata, params). Empty for a free map (variables, params) or a place the schema
 * does not know.
 */
export function schemaKeysAt(pointer: string): readonly string[] {
  const place = pointer === '' ? { path: '', depth: 0 } : schemaPathOf(pointer);
  if (!place || place.depth !== parsePointer(pointer).length) return [];
  return childKeys.get(place.path) ?? [];
}

/** Whether the schema has only a list at `pointer` (command, args): item 0 of nothing there starts a list. */
export function isListPlace(pointer: string): boolean {
  if (pointer === '') return false;
  const place = schemaPathOf(pointer);
  if (!place || place.depth !== parsePointer(pointer).length) return false;
  const types = byPath.get(place.path)?.types ?? [];
  return types.includes('array') && !types.includes('object');
}

/**
 * Whether the schema says the value at `pointer` is a mapping only (variables, params, a container's
 * start order…): there a key named "-" is a key, not JSON Pointer's "append to the list".
 */
export function isMapPlace(pointer: string): boolean {
  if (pointer === '') return true;
  const place = schemaPathOf(pointer);
  if (!place || place.depth !== parsePointer(pointer).length) return false;
  const types = byPath.get(place.path)?.types ?? [];
  return types.includes('object') && !types.includes('array');
}

const childKeys = new Map<SchemaPath, string[]>();
for (const { path } of scoreProperties) {
  const cut = path.lastIndexOf('/');
  const name = path.slice(cut + 1);
  if (name === '*') continue;
  const parent = path.slice(0, cut);
  const list = childKeys.get(parent);
  if (list) list.push(name);
  else childKeys.set(parent, [name]);
}

/** A key that is itself "*" must not read as the wildcard; no Score property name needs escaping otherwise. */
function escapeName(segment: string): string {
  return segment === '*' ? '\u0000*' : segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
