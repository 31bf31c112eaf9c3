import type { ParsedDocument } from '../document/parse';
import type { PlaceholderContext } from '../workload/placeholders';
import { workloadOf } from '../workload/read';
import { parsePointer, toPointer } from '../document/pointer';

/**
 * The places that still name a resource after it was removed: placeholders `${resources.NAME…}`.
 * Each says where it is, in words, and how to remove it with one command when there is a clean way:
 * a variable goes, a mounted volume goes, a resource param goes. A placeholder inside file content
 * or a command line is part of a larger text: the user edits those by hand.
 */
export interface DanglingReference {
  /** JSON Pointer of the string that holds the placeholder. */
  pointer: string;
  context: PlaceholderContext;
  raw: string;
  /** Where it is, in words: `web › variable DB_HOST`. */
  where: string;
  /** The field removing it takes away (a variable, a volume, a param), or undefined: edit by hand. */
  removes: string | undefined;
}

export function referencesToResource(parsed: ParsedDocument, resource: string): DanglingReference[] {
  const out: DanglingReference[] = [];
  const seen = new Set<string>();
  for (const p of workloadOf(parsed).placeholders) {
    if (p.parts[0] !== 'resources' || p.parts[1] !== resource) continue;
    const key = `${p.pointer}\n${p.token.raw}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      pointer: p.pointer,
      context: p.context,
      raw: p.token.raw,
      where: describe(p.pointer, p.context),
      removes: removable(p.pointer, p.context),
    });
  }
  return out;
}

/**
 * The pointers to unset, once each, in an order that keeps the later ones valid: list items from the
 * highest index down (removing one shifts the indices after it).
 */
export function removalOrder(references: readonly DanglingReference[]): string[] {
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
  const segments = parsePointer(pointer);
  switch (context) {
    case 'variable':
    case 'resource-param':
      return pointer;
    case 'volume-source':
      return toPointer(segments.slice(0, -1)); // the whole volume: a volume without a source means nothing
    default:
      return undefined;
  }
}

function describe(pointer: string, context: PlaceholderContext): string {
  const s = parsePointer(pointer);
  const owner = s[1] ?? '?';
  switch (context) {
    case 'variable':
      return `${owner} › variable ${s[3] ?? ''}`;
    case 'volume-source':
      return `${owner} › volume ${s[3] ?? ''}`;
    case 'file-content':
      return `${owner} › file ${s[3] ?? ''}`;
    case 'command':
    case 'args':
      return `${owner} › ${context} item ${s[3] ?? ''}`;
    case 'resource-param':
      return `resource ${owner} › param ${s.slice(3).join('.')}`;
  }
}
