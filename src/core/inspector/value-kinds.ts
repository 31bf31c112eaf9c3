import type { JsonValue } from '../commands';
import { asRecord, scalarText } from '../workload/values';

/**
 * The kinds of a free value (resource params, metadata beyond name and annotations), as the
 * inspector's tree offers them, and how a value changes kind: what it holds is kept, or the change is
 * refused in words. A change never turns what the user wrote into something else ("small" does not
 * become 0); an empty value (null, "", an empty list or map) becomes the empty value of the new kind.
 */
export type ValueKind = 'text' | 'number' | 'true/false' | 'null' | 'list' | 'map';
export const VALUE_KINDS: readonly ValueKind[] = ['text', 'number', 'true/false', 'null', 'list', 'map'];

export function kindOf(value: unknown): ValueKind {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'true/false';
  if (Array.isArray(value)) return 'list';
  if (asRecord(value)) return 'map';
  return 'null';
}

/** A number as typed in a form: decimal or exponent notation, as YAML and JSON read it. */
export function numberOf(typed: string): number | undefined {
  const t = typed.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

export type Conversion = { value: JsonValue } | { problem: string };

/**
 * `value` as a value of `kind`. Text typed for a new entry is given as a string; a value already in
 * the workload is given as it is. Refused when it would lose what the value holds: text that is not
 * a number or true/false, a list or map with entries becoming a scalar, a scalar becoming a map.
 * Null is a choice to hold nothing, and is never refused. A scalar becoming a list is its one item.
 */
export function convertValue(value: unknown, kind: ValueKind): Conversion {
  const from = kindOf(value);
  if (from === kind) return { value: value as JsonValue };
  if (kind === 'null') return { value: null };
  const size = Array.isArray(value) ? value.length : from === 'map' ? Object.keys(asRecord(value)!).length : 0;
  const empty =
    from === 'null' || (from === 'text' && value === '') || ((from === 'list' || from === 'map') && size === 0);
  if (from === 'list' || from === 'map') {
    if (!empty) {
      const entries = `${size} ${from === 'list' ? (size === 1 ? 'item' : 'items') : size === 1 ? 'key' : 'keys'}`;
      return { problem: `A ${from} with ${entries} cannot become ${article(kind)}: remove its entries first.` };
    }
  }
  switch (kind) {
    case 'text':
      return { value: empty ? '' : scalarText(value) };
    case 'number': {
      if (empty) return { value: 0 };
      const n = from === 'text' ? numberOf(value as string) : undefined;
      return n !== undefined ? { value: n } : { problem: `${quoted(value)} is not a number. ${CHANGE_FIRST}` };
    }
    case 'true/false': {
      if (empty) return { value: false };
      const t = from === 'text' ? (value as string).trim() : '';
      return t === 'true' || t === 'false'
        ? { value: t === 'true' }
        : { problem: `${quoted(value)} is not true or false. ${CHANGE_FIRST}` };
    }
    case 'list':
      return { value: empty ? [] : [value as JsonValue] };
    case 'map':
      return empty ? { value: {} } : { problem: `${quoted(value)} cannot become a map: clear it first.` };
  }
}

const CHANGE_FIRST = 'Change the value first, or remove it and add it anew.';

const quoted = (value: unknown) => `“${scalarText(value)}”`;
const article = (kind: ValueKind) => (kind === 'text' ? 'text' : kind === 'true/false' ? 'true or false' : `a ${kind}`);

/** The value of a new entry of `kind` from the text typed for it, or why it cannot be added. */
export function newValue(typed: string, kind: ValueKind): Conversion {
  const blank = typed.trim() === '';
  switch (kind) {
    case 'text':
      return { value: typed };
    case 'number': {
      const n = numberOf(typed);
      if (n !== undefined) return { value: n };
      return { problem: blank ? 'Type its number.' : `“${typed}” is not a number.` };
    }
    case 'true/false': {
      const t = typed.trim();
      if (blank || t === 'true' || t === 'false') return { value: t === 'true' };
      return { problem: `“${typed}” is not true or false.` };
    }
    case 'null':
      return blank ? { value: null } : { problem: 'A null holds no value: leave its value blank.' };
    case 'list':
      return { value: typed === '' ? [] : [typed] };
    case 'map':
      return blank
        ? { value: {} }
        : { problem: 'A map starts empty: leave its value blank, and add its keys once it is there.' };
  }
}
