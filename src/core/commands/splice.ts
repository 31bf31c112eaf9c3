/**
 * The edit primitives the commands are made of: set a value, insert an entry, move a list item,
 * remove an entry, rename a key. Each computes text splices confined to the node concerned (every
 * other byte of the document stays as it was), or a reason in words when the edit cannot be made.
 * One module each; splice-span.ts holds what they share (where an entry's text stands).
 */
export type { KeepWhenEmpty, Splice } from './splice-span';
export { setAt } from './splice-set';
export { moveAt } from './splice-move';
export { removeAt } from './splice-remove';
export { renameKeyAt } from './splice-rename';
