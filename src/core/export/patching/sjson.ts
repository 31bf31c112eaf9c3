/**
 * github.com/tidwall/sjson's Set and Delete, which the patch templates of score-compose and
 * score-k8s use, on JSON-like data instead of JSON text. A path is dot-separated keys (`0.metadata.name`); `\` escapes the next
 * character (`annotations.custom\.io/key`); a leading `:` makes a numeric part a key; a number
 * indexes an array and `-1` appends to it (or, for Delete, names its last item). Missing parents
 * are created: an array when the next part is a number or `-1`, an object otherwise.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Part {
  key: string;
  /** `:`-prefixed: a key even when it looks like a number. */
  forced: boolean;
}

export class SjsonError extends Error {}

export function sjsonSet(root: Json, path: string, value: Json): Json {
  return apply(root, parsePath(path), { value });
}

export function sjsonDelete(root: Json, path: string): Json {
  return apply(root, parsePath(path), undefined);
}

function parsePath(path: string): Part[] {
  if (path === '') throw new SjsonError('path cannot be empty');
  const parts: Part[] = [];
  let rest = path;
  for (;;) {
    let forced = false;
    if (rest.startsWith(':')) {
      forced = true;
      rest = rest.slice(1);
    }
    let key = '';
    let i = 0;
    let more = false;
    for (; i < rest.length; i++) {
      const ch = rest[i]!;
      if (ch === '.') {
        more = true;
        break;
      }
      if ('|#@*?'.includes(ch)) {
        throw new SjsonError(
          `the path '${path}' uses sjson's query syntax (${ch}), which this export does not support`,
        );
      }
      if (ch === '\\') {
        i++;
        if (i < rest.length) key += rest[i];
        continue;
      }
      key += ch;
    }
    parts.push({ key, forced });
    if (!more) return parts;
    rest = rest.slice(i + 1);
  }
}

/** Beyond this an index would make a list of that many nulls (sjson would): refused instead. */
const MAX_INDEX = 100_000;

function index(part: Part): number | undefined {
  if (part.forced || !/^\d+$/.test(part.key)) return undefined;
  const n = Number(part.key);
  if (n > MAX_INDEX) throw new SjsonError(`the index ${part.key} is too large (at most ${MAX_INDEX})`);
  return n;
}

function appends(part: Part): boolean {
  return !part.forced && part.key === '-1';
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets (`set` given) or deletes (`set` undefined) at `parts` under `node`; returns the new node. */
function apply(node: Json, parts: Part[], set: { value: Json } | undefined): Json {
  const [part, ...rest] = parts as [Part, ...Part[]];
  const existing = lookup(node, part, set === undefined);
  if (existing) {
    if (rest.length > 0) {
      const child = apply(existing.value, rest, set);
      return replace(node, existing.at, child);
    }
    if (set) return replace(node, existing.at, set.value);
    return remove(node, existing.at);
  }
  if (!set) return node; // deleting what is not there changes nothing
  const n = index(part);
  let container: Json = node;
  if (!Array.isArray(container) && !isObject(container)) container = n !== undefined ? [] : {};
  const built = build(rest, set.value);
  if (isObject(container)) return { ...container, [part.key]: built };
  if (n === undefined) {
    if (appends(part)) return [...container, built];
    throw new SjsonError(`cannot set array element for non-numeric key '${part.key}'`);
  }
  const grown: Json[] = [...container];
  while (grown.length < n) grown.push(null);
  grown.push(built);
  return grown;
}

/** The value at `part`, if it exists. Delete reads `-1` as the last item of an array. */
function lookup(node: Json, part: Part, deleting: boolean): { at: string | number; value: Json } | undefined {
  if (Array.isArray(node)) {
    if (deleting && appends(part) && node.length > 0) return { at: node.length - 1, value: node[node.length - 1]! };
    const n = index(part);
    return n !== undefined && n < node.length ? { at: n, value: node[n]! } : undefined;
  }
  if (isObject(node) && Object.prototype.hasOwnProperty.call(node, part.key)) {
    return { at: part.key, value: node[part.key]! };
  }
  return undefined;
}

/** New parents for the rest of the path, down to the value. */
function build(parts: Part[], value: Json): Json {
  if (parts.length === 0) return value;
  const [part, ...rest] = parts as [Part, ...Part[]];
  const n = index(part);
  if (n !== undefined || appends(part)) {
    const out: Json[] = [];
    for (let i = 0; i < (n ?? 0); i++) out.push(null);
    out.push(build(rest, value));
    return out;
  }
  return { [part.key]: build(rest, value) };
}

function replace(node: Json, at: string | number, value: Json): Json {
  if (Array.isArray(node)) return node.map((v, i) => (i === at ? value : v));
  return { ...(node as { [key: string]: Json }), [at]: value };
}

function remove(node: Json, at: string | number): Json {
  if (Array.isArray(node)) return node.filter((_, i) => i !== at);
  const out = { ...(node as { [key: string]: Json }) };
  delete out[at as string];
  return out;
}
