import type { ParsedDocument } from '../document/parse';
import { findWorkloadPlaceholders, type PlaceholderContext } from '../workload/placeholders';
import { parsePointer, toPointer } from '../document/pointer';
import { checkArgs } from './args';
import type { Command } from './command';
import { unsetField } from './fields';
import { removeResource } from './resources';
import { runSteps } from './sequence';
import { editContext } from './tree';

/**
 * The places that name a resource: placeholders `${resources.NAME…}` in the strings Score expands.
 * Each says how to remove it with one command when there is a clean way: a variable goes, a mounted
 * volume goes, a resource param goes. A placeholder inside file content or a command line is part of
 * a larger text: the user edits those by hand.
 */
export interface ResourceReference {
  /** JSON Pointer of the string that holds the placeholder. */
  pointer: string;
  context: PlaceholderContext;
  raw: string;
  /** The field removing it takes away (a variable, a volume, a param), or undefined: edit by hand. */
  removes: string | undefined;
}

export function resourceReferences(parsed: ParsedDocument, resource: string): ResourceReference[] {
  const out: ResourceReference[] = [];
  const seen = new Set<string>();
  for (const p of findWorkloadPlaceholders(parsed)) {
    if (p.parts[0] !== 'resources' || p.parts[1] !== resource) continue;
    const key = `${p.pointer}\n${p.token.raw}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: p.pointer, context: p.context, raw: p.token.raw, removes: removable(p.pointer, p.context) });
  }
  return out;
}

/**
 * The pointers to unset, once each, in an order that keeps the later ones valid: list items from the
 * highest index down (removing one shifts the indices after it).
 */
export function removalOrder(references: readonly Pick<ResourceReference, 'removes'>[]): string[] {
  const pointers = [...new Set(references.flatMap((r) => (r.removes === undefined ? [] : [r.removes])))];
  // A pointer inside another one is removed with it.
  const outer = pointers.filter((p) => !pointers.some((q) => q !== p && p.startsWith(q + '/')));
  return outer.sort((a, b) => compareSegments(parsePointer(b), parsePointer(a)));
}

function compareSegments(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function removable(pointer: string, context: PlaceholderContext): string | undefined {
  switch (context) {
    case 'variable':
    case 'resource-param':
      return pointer;
    case 'volume-source':
      return toPointer(parsePointer(pointer).slice(0, -1)); // the whole volume: a volume without a source means nothing
    default:
      return undefined;
  }
}

export interface RemoveResourceReferencesArgs {
  resource: string;
  /** Only the references held by these strings (JSON Pointers, as listed to the user); all when absent. */
  pointers?: string[];
}

/**
 * Removes what refers to a resource: each variable, volume and resource param that names it goes,
 * and the parents they leave empty (as `unsetField` removes them), all in one step. References inside
 * longer texts (file content, command, args) stay: they are the user's to edit. The resource need
 * not exist (its references are what is left after it was removed); nothing to remove is no error.
 * Refused, with nothing changed, when one of them cannot be removed (through an alias).
 */
export const removeResourceReferences: Command<RemoveResourceReferencesArgs> = (text, args) => {
  const bad = checkArgs(args, { resource: 'string' }) ?? pointersProblem(args.pointers);
  if (bad) return { error: bad };
  const ctx = editContext(text);
  if (typeof ctx === 'string') return { error: ctx };
  const only = args.pointers && new Set(args.pointers);
  const references = resourceReferences(ctx.parsed, args.resource).filter((r) => !only || only.has(r.pointer));
  return runSteps(
    text,
    removalOrder(references).map((pointer) => (t: string) => unsetField(t, { pointer })),
  );
};

export interface RemoveResourceWithReferencesArgs {
  name: string;
}

/**
 * Removes a resource and what refers to it (see `removeResourceReferences`), as one step: what
 * `removeResource` alone leaves pointing at nothing goes with it.
 */
export const removeResourceWithReferences: Command<RemoveResourceWithReferencesArgs> = (text, args) => {
  const bad = checkArgs(args, { name: 'string' });
  if (bad) return { error: bad };
  return runSteps(
    text,
    [(t) => removeResource(t, { name: args.name }), (t) => removeResourceReferences(t, { resource: args.name })],
    0,
  );
};

function pointersProblem(pointers: unknown): string | undefined {
  if (pointers === undefined) return undefined;
  return Array.isArray(pointers) && pointers.every((p) => typeof p === 'string')
    ? undefined
    : '"pointers" must be a list of JSON Pointers (text).';
}
