import { findExpandableStrings, textOffsets } from '../workload/placeholders';
import { scanPlaceholders } from '../workload/placeholder-syntax';
import { parsePointer } from '../document/pointer';
import type { Edit } from '../document/edits';
import type { Plan } from './run';
import { setAt, type Splice } from './splice';
import type { EditContext } from './tree';

/**
 * The placeholders of a workload rewritten after a rename (`rewrite` turns a string into what it must
 * read afterwards: `renameResourceInPlaceholders`, `renameInPlaceholders`). Only each placeholder's
 * characters change inside a string, its quoting stays; a string whose placeholders cannot be placed
 * exactly in the text (escapes in a double-quoted scalar) is written anew. `verify` checks the result
 * reads as expected, so that a rewrite that could not be made safely refuses the whole rename.
 */
export function rewriteReferences(
  ctx: EditContext,
  rewrite: (value: string) => string,
): { splices: Splice[]; changed: number; verify: NonNullable<Plan['verify']> } {
  const expected = new Map<string, string>();
  const splices: Splice[] = [];
  const done = new Set<unknown>();
  for (const s of findExpandableStrings(ctx.parsed)) {
    const renamed = rewrite(s.value);
    expected.set(s.pointer, renamed);
    if (renamed === s.value || done.has(s.node)) continue;
    done.add(s.node); // an anchored string used through aliases is written once
    splices.push(inScalar(ctx, s, rewrite, renamed));
  }
  return {
    splices,
    changed: splices.length,
    verify: (next) => {
      for (const s of findExpandableStrings(next)) {
        const want = expected.get(s.pointer);
        if (want !== undefined && want !== s.value)
          return `The placeholder in ${s.pointer} could not be renamed safely.`;
      }
      return undefined;
    },
  };
}

/** Rewrites only the placeholders of a scalar's source text that change, or the whole scalar if need be. */
function inScalar(
  ctx: EditContext,
  s: ReturnType<typeof findExpandableStrings>[number],
  rewrite: (value: string) => string,
  renamed: string,
): Splice {
  const edits: Edit[] = [];
  for (const token of scanPlaceholders(s.value)) {
    const raw = rewrite(token.raw);
    if (raw === token.raw) continue;
    const at = textOffsets(ctx.text, s, token.start, token.end);
    if (!at.exact || ctx.text.slice(at.start, at.end) !== token.raw)
      return setAt(ctx, parsePointer(s.pointer), renamed);
    edits.push({ start: at.start, end: at.end, insert: raw });
  }
  return edits;
}
