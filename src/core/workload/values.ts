import { parsePointer } from '../document/pointer';

/**
 * Reading plain data of any shape: what YAML gave for a workload, a provisioner's outputs, a compose
 * file read back. The one set of helpers every floor above uses, instead of each checking shapes its own way.
 */

/** A mapping as plain data. */
export type Data = Record<string, unknown>;

/**
 * A mapping: an object that is neither a list nor a Map (the Compose export builds its ordered output in
 * Maps; a Map is never a mapping of the workload).
 */
export function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);
}

export function asRecord(value: unknown): Data | undefined {
  return isRecord(value) ? value : undefined;
}

/** An empty mapping with no prototype, so that keys such as `__proto__` stay plain data. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A copy of a mapping with no prototype (see emptyRecord); an empty one for anything else. */
export function toRecord(value: unknown): Data {
  const out = emptyRecord<unknown>();
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) out[k] = v;
  return out;
}

/** Whether a mapping has `key` itself (not through its prototype). */
export function hasKey(record: Data, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The value at a JSON Pointer in plain data; undefined when it is not there. */
export function valueAt(data: unknown, pointer: string): unknown {
  return valueAtPath(data, parsePointer(pointer));
}

/** The value at a path of keys and list indices (as text) in plain data; undefined when it is not there. */
export function valueAtPath(data: unknown, path: readonly string[]): unknown {
  let here = data;
  for (const segment of path) {
    if (Array.isArray(here)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      here = here[Number(segment)];
    } else {
      if (!isRecord(here) || !hasKey(here, segment)) return undefined;
      here = here[segment];
    }
  }
  return here;
}

/**
 * Every string in nested data (through lists and mappings), in the order an explicit stack walks them:
 * no recursion, as data may nest deeply.
 */
export function stringsIn(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const here = stack.pop();
    if (typeof here === 'string') out.push(here);
    else if (Array.isArray(here)) stack.push(...(here as unknown[]));
    else if (isRecord(here)) stack.push(...Object.values(here));
  }
  return out;
}

/**
 * Follows `keys` down from `from` through mappings (own keys only, as `${metadata.a.b}` is looked up):
 * the value reached and how many keys were followed (all of them when `depth === keys.length`).
 */
export function followKeys(from: unknown, keys: readonly string[]): { value: unknown; depth: number } {
  let value = from;
  let depth = 0;
  for (const key of keys) {
    if (!isRecord(value) || !hasKey(value, key)) break;
    value = value[key];
    depth++;
  }
  return { value, depth };
}

/**
 * A number in a message, as the YAML that gave it is written: `.nan`, `.inf` and `-.inf` (JavaScript
 * would print NaN and Infinity, which the file does not hold), and a whole number too large to be held
 * exactly said to be so, rather than printed with digits the file does not have.
 */
export function numberText(n: number): string {
  if (Number.isNaN(n)) return '.nan (not a number)';
  if (n === Infinity) return '.inf (infinity)';
  if (n === -Infinity) return '-.inf (minus infinity)';
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    return `about ${n < 0 ? '-' : ''}${Math.abs(n).toPrecision(3).replace('e+', ' × 10^')} (too large to be held exactly)`;
  }
  return String(n);
}

/** The text of a scalar (numbers and booleans as written); undefined for anything else. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** A value shown in a text input: strings as they are, numbers and booleans as written, else ''. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
