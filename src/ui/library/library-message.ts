import type { DeletedWorkload } from '../../state/library/actions';

/** What the library page says after an action (an import, an export, a delete it offers to undo). */
export type LibraryMessage = { kind: 'info' | 'error'; text: string; undo?: DeletedWorkload } | null;
