import { isMap, isScalar } from 'yaml';
import { toPointer } from '../document/pointer';
import { type Splice } from './splice-span';
import { keyText } from './style';
import { locatePath, type EditContext } from './tree';

/** Renames the key at `segments`, keeping its quoting. Refuses when the new key is taken. */
export function renameKeyAt(ctx: EditContext, segments: readonly string[], to: string): Splice {
  if (/[\n\r]/.test(to)) return 'A name cannot contain a line break.';
  const at = locatePath(ctx, segments);
  if (typeof at === 'string') return at;
  const last = at.steps[at.steps.length - 1];
  if (at.missing.length > 0 || !last) return `There is nothing at ${toPointer(segments)} to rename.`;
  const { coll, slot } = last;
  if (!isMap(coll) || !slot.key?.range) return `${toPointer(segments)} is a list item; it has no name to change.`;
  if (slot.name === to) return [];
  if (coll.items.some((p) => isScalar(p.key) && String(p.key.value) === to)) return `"${to}" is already taken here.`;
  const key = slot.key;
  const type = isScalar(key) ? key.type : undefined;
  const keys = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? type : 'PLAIN';
  return [
    {
      start: key.range![0],
      end: key.range![1],
      insert: keyText(ctx.style, { strings: 'PLAIN', keys }, to, !!coll.flow),
    },
  ];
}
