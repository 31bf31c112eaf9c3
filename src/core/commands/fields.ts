import { parsePointer } from '../document/pointer';
import { checkArgs, planOf } from './args';
import type { Command } from './edit';
import { runPlan } from './run';
import { moveAt, removeAt, setAt } from './splice';
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
