import { toPointer } from '../document/pointer';
import type { Plan } from './run';
import type { Splice } from './splice';

/**
 * Checks on a command's arguments. Commands are also called by the automation API with whatever
 * JSON it was sent, so every argument is checked at run time and refused in plain words.
 */

/** RFC 1123 label: the names of containers, resources and service ports. */
export const LABEL = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/** Workload and resource annotation keys (an optional DNS prefix, then a name). */
const ANNOTATION_KEY =
  /^(([a-z0-9][a-z0-9-]{0,61}[a-z0-9])(\.[a-z0-9][a-z0-9-]{0,61}[a-z0-9])*\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,61}[A-Za-z0-9]$/;

export type ArgType = 'string' | 'string?' | 'number' | 'number?' | 'boolean?' | 'object?' | 'json';

/** A reason the arguments do not have the expected types, or undefined. */
export function checkArgs(args: unknown, spec: Record<string, ArgType>): string | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return 'The command needs its arguments as an object.';
  const record = args as Record<string, unknown>;
  for (const [name, type] of Object.entries(spec)) {
    const value = record[name];
    const optional = type.endsWith('?');
    if (value === undefined) {
      if (optional) continue;
      if (type === 'json') return `The command needs "${name}" (use the remove command to take a value away).`;
      return `The command needs "${name}".`;
    }
    const base = type.replace('?', '');
    if (base === 'json') {
      if (!isJson(value)) return `"${name}" must be a JSON value (text, number, true/false, null, list or mapping).`;
      continue;
    }
    if (base === 'object') {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !isJson(value)) {
        return `"${name}" must be a mapping of keys to JSON values.`;
      }
      continue;
    }
    if (base === 'number' && !(typeof value === 'number' && Number.isFinite(value)))
      return `"${name}" must be a number.`;
    if (base !== 'number' && typeof value !== base)
      return `"${name}" must be ${base === 'string' ? 'text' : 'true or false'}.`;
  }
  return undefined;
}

/** Plain JSON data: no undefined, functions, NaN or cycles (checked with an explicit stack). */
function isJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object' || seen.has(v)) return false;
    seen.add(v);
    if (!Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null)
      return false;
    stack.push(...Object.values(v as object));
  }
  return true;
}

/** A reason `name` is not a valid container / resource / port name, or undefined. */
export function labelProblem(kind: string, name: string): string | undefined {
  if (LABEL.test(name)) return undefined;
  return `A ${kind} name must be 2 to 63 lowercase letters, digits or "-", starting and ending with a letter or digit; "${name}" is not.`;
}

export function annotationKeyProblem(key: string): string | undefined {
  if (ANNOTATION_KEY.test(key) && key.length <= 316) return undefined;
  return `An annotation key is a name of letters, digits, ".", "_" or "-" (starting and ending with a letter or digit), with an optional "example.com/" prefix; "${key}" is not.`;
}

/** A reason a plain name (variable, param, path) is unusable, or undefined. */
export function nameProblem(kind: string, name: string): string | undefined {
  if (name === '') return `A ${kind} cannot be empty.`;
  if (/[\n\r]/.test(name)) return `A ${kind} cannot contain a line break.`;
  return undefined;
}

/** A splice as a plan, selecting what it touched. */
export function planOf(splice: Splice, selection: readonly string[] | string): Plan | string {
  if (typeof splice === 'string') return splice;
  return { edits: splice, selection: typeof selection === 'string' ? selection : toPointer(selection) };
}

/** The first reason among several checks. */
export function firstProblem(...problems: Array<string | undefined>): string | undefined {
  return problems.find((p) => p !== undefined);
}
