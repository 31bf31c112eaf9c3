import { resourceReferences, type ResourceReference } from '../commands';
import type { ParsedDocument } from '../document/parse';
import type { PlaceholderContext } from '../workload/placeholders';
import { parsePointer } from '../document/pointer';

export { removalOrder } from '../commands';

/**
 * The places that still name a resource after it was removed (placeholders `${resources.NAME…}`,
 * found by the commands that remove them, `core/commands/resource-references.ts`), each with where
 * it is in words, for the canvas to list.
 */
export interface DanglingReference extends ResourceReference {
  /** Where it is, in words: `web › variable DB_HOST`. */
  where: string;
}

export function referencesToResource(parsed: ParsedDocument, resource: string): DanglingReference[] {
  return resourceReferences(parsed, resource).map((r) => ({ ...r, where: describe(r.pointer, r.context) }));
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
