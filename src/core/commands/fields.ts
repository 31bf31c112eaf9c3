import { renameInPlaceholders } from '../workload/placeholder-syntax';
import { parsePointer, toPointer } from '../document/pointer';
import { checkArgs, planOf } from './args';
import type { Command } from './command';
import { rewriteReferences } from './references';
import { collect, runPlan } from './run';
import { moveAt, removeAt, renameKeyAt, setAt } from './splice';
import { keepWhenEmpty } from './workload';

/** Any JSON value: what a field of a workload can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SetFieldArgs {
  /** JSON Pointer of the field, e.g. `/containers/web/resources/limits/cpu`. */
  pointer: string;
  value: JsonValue;
}

/**
 * Sets any field by JSON Pointer, creating missing parents as mappings (`-` appends to a list).
 * A scalar keeps its quoting where it can; a new entry follows its neighbours' style.
 */
export const setField: Command<SetFieldArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { pointer: 'string', value: 'json' });
    if (bad) return bad;
    const segments = parsePointer(args.pointer);
    return planOf(setAt(ctx, segments, args.value), segments);
  });

export interface UnsetFieldArgs {
  pointer: string;
}

/**
 * Removes a field by JSON Pointer (its key, never leaving `key: ""`). A parent it leaves empty goes too,
 * up to a container, resource, port, file or volume, or a required root (see `keepWhenEmpty`).
 * A field that is not there is no error: nothing changes.
 */
export const unsetField: Command<UnsetFieldArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { pointer: 'string' });
    if (bad) return bad;
    const segments = parsePointer(args.pointer);
    return planOf(removeAt(ctx, segments, keepWhenEmpty), segments.slice(0, -1));
  });

export interface RenameFieldArgs {
  /** JSON Pointer of the entry whose key changes, e.g. `/metadata/team`. */
  pointer: string;
  to: string;
}

/**
 * Renames the key of any entry in place: its value, comments and place stay, and only the key's
 * characters change (keeping its quoting). A key of the workload's metadata is read by placeholders
 * (`${metadata.team}`, `${metadata.owner.email}`): those that read it are renamed with it. Containers
 * and resources have commands of their own, which also rename what refers to them.
 */
export const renameField: Command<RenameFieldArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { pointer: 'string', to: 'string' });
    if (bad) return bad;
    const segments = parsePointer(args.pointer);
    const from = segments[segments.length - 1];
    const parent = segments.slice(0, -1);
    if (from === undefined) return 'Choose the entry to rename: the workload itself has no name to change here.';
    if (args.to.trim() === '') return 'A name cannot be empty.';
    if (parent.length === 1 && (parent[0] === 'containers' || parent[0] === 'resources')) {
      const kind = parent[0] === 'containers' ? 'container' : 'resource';
      return `Rename a ${kind} with rename${kind === 'container' ? 'Container' : 'Resource'}: it also renames what refers to it.`;
    }
    if (from === args.to) return { edits: [] };
    const to = args.to;
    const references =
      parent[0] === 'metadata'
        ? rewriteReferences(ctx, (value) => renameInPlaceholders(value, parent, from, to))
        : undefined;
    if (references && references.changed > 0) {
      const read = [...parent, from].join('.');
      if (to.includes('.')) {
        return `Placeholders read ${read}, and a key with a dot cannot be read by a placeholder (score-go rejects it). Choose a name without dots.`;
      }
      // A placeholder ends at its first "}", and "${" inside one is not a new one to a reader: the
      // renamed placeholders would read something else (`${metadata.x}y}`).
      if (to.includes('}') || to.includes('${')) {
        return `Placeholders read ${read}, and a placeholder cannot name a key holding "}" or "\${" (it ends at the first "}"). Choose a name without them.`;
      }
    }
    const edits = collect(renameKeyAt(ctx, segments, to), ...(references?.splices ?? []));
    if (typeof edits === 'string') return edits;
    return { edits, selection: toPointer([...parent, to]), verify: references?.verify };
  });

export interface MoveItemArgs {
  /** JSON Pointer of the list item, e.g. `/containers/web/args/2`. */
  pointer: string;
  /** Its place afterwards (0 is first); the items between shift by one. */
  to: number;
}

/**
 * Moves a list item (an argument, a command part) to another place in its list, with its own text
 * and comments; the other items keep their bytes.
 */
export const moveItem: Command<MoveItemArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { pointer: 'string', to: 'number' });
    if (bad) return bad;
    const segments = parsePointer(args.pointer);
    return planOf(moveAt(ctx, segments, args.to), [...segments.slice(0, -1), String(args.to)]);
  });
