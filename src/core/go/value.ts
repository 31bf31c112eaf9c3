/**
 * How plain JavaScript data stands in for Go's interface{} values (what fmt prints, json.Marshal
 * encodes and text/template walks), as reflect sees them:
 *   object (not array)  → map[string]interface {}
 *   array               → []interface {}
 *   integral number     → int            (so 5432 prints as 5432 and works with %d)
 *   other number        → float64
 *   string, boolean     → string, bool
 *   null                → a nil interface{} (e.g. a map entry whose value is nil)
 *   undefined           → Go's "no value" (an invalid reflect.Value, e.g. a missing map key)
 * The difference between null and undefined matters exactly where it matters in Go: a missing key
 * prints "<no value>", while following a field through a nil entry is an error.
 */

export type GoMap = Record<string, unknown>;

export function isMap(v: unknown): v is GoMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isList(v: unknown): v is unknown[] {
  return Array.isArray(v);
}

const INT_LIMIT = 2 ** 63;

/** An integral number small enough for Go's int64 counts as an int. */
export function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < INT_LIMIT;
}

export function isFloat(v: unknown): v is number {
  return typeof v === 'number' && !isInt(v);
}

export function hasKey(m: GoMap, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, key);
}

/** A map entry as Go sees it: present entries that hold undefined count as nil. */
export function mapGet(m: GoMap, key: string): unknown {
  return hasKey(m, key) ? (m[key] ?? null) : undefined;
}

/** Sets a key safely, even "__proto__". */
export function mapSet(m: GoMap, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(m, key, { value, enumerable: true, writable: true, configurable: true });
  else m[key] = value;
}

export function newMap(): GoMap {
  return {};
}

type Kind = 'invalid' | 'string' | 'bool' | 'int' | 'float64' | 'int64' | 'func' | 'slice' | 'map';

/** reflect.Kind of a value; a nil interface is Invalid. */
function kindOf(v: unknown): Kind {
  if (v === null || v === undefined) return 'invalid';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return isInt(v) ? 'int' : 'float64';
    case 'bigint':
      return 'int64';
    case 'function':
      return 'func';
  }
  return Array.isArray(v) ? 'slice' : 'map';
}

/** Go's names of the types that are not simply their kind's name. */
const TYPE_NAMES: Partial<Record<Kind, string>> = {
  invalid: '<nil>',
  func: 'func(...interface {}) interface {}',
  slice: '[]interface {}',
  map: 'map[string]interface {}',
};

/** The Go type name (%T, error messages). */
export function typeName(v: unknown): string {
  const kind = kindOf(v);
  return TYPE_NAMES[kind] ?? kind;
}

/** The reflect.Kind name (sprig kindOf/kindIs). */
export function kindName(v: unknown): string {
  return kindOf(v);
}

/** reflect.DeepEqual over this data model (ints and floats are different types). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === 'number' && typeof b === 'number') return isInt(a) === isInt(b) && a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  const ma = a as GoMap;
  const mb = b as GoMap;
  const ka = Object.keys(ma);
  if (ka.length !== Object.keys(mb).length) return false;
  return ka.every((k) => hasKey(mb, k) && deepEqual(ma[k], mb[k]));
}

/**
 * Go's isEmptyValue (encoding/json's omitempty, mergo's merge and sprig's empty all use it): nil,
 * false, 0, "" and an empty list or map are empty.
 */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (typeof v) {
    case 'string':
      return v.length === 0;
    case 'number':
      return v === 0;
    case 'bigint':
      return v === 0n;
    case 'boolean':
      return !v;
    case 'function':
      return false;
  }
  if (Array.isArray(v)) return v.length === 0;
  return Object.keys(v as object).length === 0;
}
