import { stringify } from 'yaml';
import type { CommandCall } from '../commands';
import { parseWorkloadText } from '../document/parse';
import { renameResourceInPlaceholders } from '../workload/placeholder-syntax';
import { uniqueName } from '../workload/names';
import { isRecord, type Data } from '../workload/values';
import { containerNodeId, resourceNodeId, type WorkloadGraph } from './types';

/**
 * Copy, paste and duplicate on the canvas, planned apart from the canvas: what a copy holds (each
 * container's and resource's whole mapping), the text it travels as on the clipboard (a Score
 * fragment, so that any workload's `containers:` and `resources:` paste too), and what pasting it
 * means: the `pasteParts` command with names made unique and the references between the copied
 * parts following them.
 */

/** Containers and resources copied, by name, each as its plain value. */
export interface CopiedParts {
  containers: Data;
  resources: Data;
}

/** The parts of a workload's value the canvas elements `ids` stand for (other ids are left out). */
export function copyParts(value: unknown, ids: readonly string[]): CopiedParts {
  const root = isRecord(value) ? value : {};
  const pick = (field: 'containers' | 'resources', idOf: (name: string) => string): Data => {
    const specs = isRecord(root[field]) ? root[field] : {};
    const wanted = new Set(ids);
    return Object.fromEntries(Object.entries(specs).filter(([name]) => wanted.has(idOf(name))));
  };
  return { containers: pick('containers', containerNodeId), resources: pick('resources', resourceNodeId) };
}

export const isEmptyCopy = (parts: CopiedParts): boolean =>
  Object.keys(parts.containers).length + Object.keys(parts.resources).length === 0;

/** The clipboard's text for a copy: a Score fragment with `containers:` and `resources:`. */
export function copiedText(parts: CopiedParts): string {
  const out: Data = {};
  if (Object.keys(parts.containers).length > 0) out.containers = parts.containers;
  if (Object.keys(parts.resources).length > 0) out.resources = parts.resources;
  return stringify(out);
}

/**
 * The parts a clipboard's text holds: the `containers` and `resources` of a Score fragment or of a
 * whole workload. Undefined when the text is not such YAML (a name, a sentence): the paste is then
 * not the canvas's to make. Read as the app reads workloads (no alias bombs, no deep nesting).
 */
export function partsFromText(text: string): CopiedParts | undefined {
  const read = parseWorkloadText(text);
  if (read.blocked || !isRecord(read.value)) return undefined;
  const { containers, resources } = read.value;
  const parts = {
    containers: isRecord(containers) ? containers : {},
    resources: isRecord(resources) ? resources : {},
  };
  return isEmptyCopy(parts) ? undefined : parts;
}

export interface PastePlan {
  command: CommandCall;
  /** The canvas ids of the parts made, in the order written. */
  ids: string[];
  /** Each copied part's id and the id of the part made from it (the canvas places one beside the other). */
  madeFrom: Array<[from: string, to: string]>;
}

/**
 * Pasting `parts` into the workload `graph` draws: each name kept when it is free, else made unique
 * as a new node's is (`web` → `web-2`); a `${resources.db…}` placeholder in a copied part names the
 * new resource when `db` was copied too, and stays as written otherwise; a copied container's start
 * order (`before`) follows the containers copied with it the same way.
 */
export function planPaste(graph: WorkloadGraph, parts: CopiedParts): PastePlan {
  const existing = (kind: 'container' | 'resource') => graph.nodes.filter((n) => n.kind === kind).map((n) => n.name);
  const containerNames = newNames(Object.keys(parts.containers), existing('container'));
  const resourceNames = newNames(Object.keys(parts.resources), existing('resource'));

  // Built with fromEntries: a name such as `__proto__` from the clipboard is a key like any other.
  const containers = Object.fromEntries(
    Object.entries(parts.containers).map(([name, spec]) => [
      containerNames.get(name)!,
      followContainer(spec, resourceNames, containerNames),
    ]),
  );
  const resources = Object.fromEntries(
    Object.entries(parts.resources).map(([name, spec]) => [
      resourceNames.get(name)!,
      followResource(spec, resourceNames),
    ]),
  );
  const madeFrom: Array<[string, string]> = [
    ...[...containerNames].map(([from, to]): [string, string] => [containerNodeId(from), containerNodeId(to)]),
    ...[...resourceNames].map(([from, to]): [string, string] => [resourceNodeId(from), resourceNodeId(to)]),
  ];
  const args: { containers?: Data; resources?: Data } = {};
  if (containerNames.size > 0) args.containers = containers;
  if (resourceNames.size > 0) args.resources = resources;
  return { command: { name: 'pasteParts', args }, ids: madeFrom.map(([, to]) => to), madeFrom };
}

/**
 * The name each copied part gets: its own when free, else a unique one. A new name is never one of
 * the copied names either, so that renaming references one after the other never renames twice.
 */
function newNames(copied: readonly string[], existing: readonly string[]): Map<string, string> {
  const inUse = new Set(existing);
  const taken = new Set([...existing, ...copied]);
  const out = new Map<string, string>();
  for (const name of copied) {
    const to = inUse.has(name) ? uniqueName(name, taken) : name;
    taken.add(to);
    inUse.add(to);
    out.set(name, to);
  }
  return out;
}

/** Every placeholder naming a renamed resource, rewritten in one string. */
function renameAll(value: string, renames: ReadonlyMap<string, string>): string {
  let out = value;
  for (const [from, to] of renames) if (from !== to) out = renameResourceInPlaceholders(out, from, to);
  return out;
}

/** A value's strings, each rewritten (lists and mappings walked; other values as they are). */
function mapStrings(value: unknown, rewrite: (s: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, rewrite));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, rewrite)]));
  return value;
}

/**
 * A copied container with its references following the copies: placeholders where Score expands
 * them (variables, command and args, file content unless `noExpand`, volume sources) and its start
 * order's targets. Anything else is copied as it is.
 */
function followContainer(
  spec: unknown,
  resources: ReadonlyMap<string, string>,
  containers: ReadonlyMap<string, string>,
): unknown {
  if (!isRecord(spec)) return spec;
  const rename = (s: string) => renameAll(s, resources);
  const out: Data = { ...spec };
  for (const field of ['variables', 'command', 'args'] as const) {
    if (field in spec) out[field] = mapStrings(spec[field], rename);
  }
  for (const [field, key] of [
    ['files', 'content'],
    ['volumes', 'source'],
  ] as const) {
    const mounts = spec[field];
    const follow = (m: unknown) =>
      isRecord(m) && typeof m[key] === 'string' && !(field === 'files' && m.noExpand === true)
        ? { ...m, [key]: rename(m[key]) }
        : m;
    if (Array.isArray(mounts)) out[field] = mounts.map(follow);
    else if (isRecord(mounts)) out[field] = Object.fromEntries(Object.entries(mounts).map(([k, m]) => [k, follow(m)]));
  }
  if (isRecord(spec.before)) {
    out.before = Object.fromEntries(Object.entries(spec.before).map(([k, v]) => [containers.get(k) ?? k, v]));
  }
  return out;
}

/** A copied resource with the placeholders of its params following the copies. */
function followResource(spec: unknown, resources: ReadonlyMap<string, string>): unknown {
  if (!isRecord(spec) || !('params' in spec)) return spec;
  return { ...spec, params: mapStrings(spec.params, (s) => renameAll(s, resources)) };
}
