import { sortKeysV3 } from '../../go/yaml';
import { formatDuration, parseDuration } from '../../go/time';
import { formatBytes, parseBytes } from './units';
import { isRecord } from '../../workload/values';

/**
 * The value types of compose-go, as its loader decodes them and yaml.v3 prints them: strings from
 * numbers, bools with omitempty or not, Go durations, byte sizes, string-or-list fields, maps as
 * `key=value` lists, and structs whose fields print in declaration order.
 */
export interface ShapeContext {
  warnings: string[];
}

export type Shape = (raw: unknown, path: string, ctx: ShapeContext) => unknown;

export const OMIT = undefined;

// ---------------------------------------------------------------------------------------------
// Scalars and simple collections
// ---------------------------------------------------------------------------------------------

export const text: Shape = (raw) => {
  if (raw === null || raw === undefined) return OMIT;
  const s = typeof raw === 'string' ? raw : String(raw);
  return s === '' ? OMIT : s;
};

export function toBool(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    const s = raw.toLowerCase();
    if (['true', 'yes', 'y', 'on', '1'].includes(s)) return true;
    if (['false', 'no', 'n', 'off', '0'].includes(s)) return false;
  }
  if (typeof raw === 'number') return raw !== 0;
  return undefined;
}

/** A plain bool with omitempty: printed only when true. */
export const flag: Shape = (raw) => (toBool(raw) === true ? true : OMIT);
/** A *bool: printed whenever set. */
export const optionalBool: Shape = (raw) => toBool(raw);

export function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return undefined;
}

/** An int with omitempty. */
export const integer: Shape = (raw) => {
  const n = toNumber(raw);
  return n === undefined || n === 0 ? OMIT : n;
};
/** A *int: printed whenever set. */
export const optionalInteger: Shape = (raw) => toNumber(raw);

export const duration: Shape = (raw, path, ctx) => {
  if (raw === null || raw === undefined) return OMIT;
  const nanos = typeof raw === 'number' ? raw * 1e9 : parseDuration(String(raw));
  if (nanos === undefined) {
    ctx.warnings.push(`${path}: '${String(raw)}' is not a duration; left out`);
    return OMIT;
  }
  return formatDuration(nanos);
};

export const bytes: Shape = (raw, path, ctx) => {
  if (raw === null || raw === undefined) return OMIT;
  const n = parseBytes(raw);
  if (n === undefined) {
    ctx.warnings.push(`${path}: '${String(raw)}' is not a byte size; left out`);
    return OMIT;
  }
  return n === 0 ? OMIT : formatBytes(n);
};

/** StringList: one string or a list of strings. */
export const stringList: Shape = (raw) => {
  if (raw === null || raw === undefined) return OMIT;
  const list = Array.isArray(raw) ? raw.map((v) => scalarText(v)) : [scalarText(raw)];
  return list.length === 0 ? OMIT : list;
};

/** ShellCommand: a list, or a string split the way a shell would. */
export const shellCommand: Shape = (raw) => {
  if (raw === null || raw === undefined) return OMIT;
  const list = Array.isArray(raw) ? raw.map((v) => scalarText(v)) : splitShellWords(scalarText(raw));
  return list.length === 0 ? OMIT : list;
};

export function scalarText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : String(v);
}

/** Labels / Mapping: a map of strings, or a list of `key=value`. Keys in yaml.v3 map order. */
export const labels: Shape = (raw) => {
  const entries = keyValues(raw, (v) => (v === null || v === undefined ? '' : scalarText(v)), '');
  return entries ? sortedMap(entries) : OMIT;
};

/** MappingWithEquals (environment, build args): like labels, but a bare key is null. */
export const mappingWithEquals: Shape = (raw) => {
  const entries = keyValues(raw, (v) => (v === null || v === undefined ? null : scalarText(v)), null);
  return entries ? sortedMap(entries) : OMIT;
};

function keyValues<T>(raw: unknown, value: (v: unknown) => T, bare: T): Map<string, T> | undefined {
  const out = new Map<string, T>();
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const s = scalarText(item);
      const eq = s.indexOf('=');
      if (eq < 0) out.set(s, bare);
      else out.set(s.slice(0, eq), value(s.slice(eq + 1)));
    }
  } else if (isRecord(raw)) {
    for (const [k, v] of Object.entries(raw)) out.set(k, value(v));
  } else return undefined;
  return out.size === 0 ? undefined : out;
}

export function sortedMap<T>(entries: Map<string, T>): Map<string, T> {
  return new Map(sortKeysV3([...entries.keys()]).map((k) => [k, entries.get(k)!]));
}

/** Anything compose-go keeps as map[string]interface{} or []interface{}: maps sorted, the rest as is. */
export const plain: Shape = (raw) => {
  if (Array.isArray(raw)) return raw.map((v) => plain(v, '', { warnings: [] }));
  if (isRecord(raw)) {
    const out = new Map<string, unknown>();
    for (const k of sortKeysV3(Object.keys(raw))) out.set(k, plain(raw[k], '', { warnings: [] }));
    return out;
  }
  return raw;
};

// ---------------------------------------------------------------------------------------------
// Structs
// ---------------------------------------------------------------------------------------------

export type Fields = Array<[string, Shape]>;

/** A struct: known fields in order, `x-` extensions after them, unknown keys dropped with a warning. */
export function struct(fields: Fields, name: string): Shape {
  const known = new Set(fields.map(([k]) => k));
  return (raw, path, ctx) => {
    if (raw === null || raw === undefined) return new Map();
    if (!isRecord(raw)) {
      ctx.warnings.push(`${path}: expected a mapping for ${name}; left out`);
      return OMIT;
    }
    const out = new Map<string, unknown>();
    for (const [key, shape] of fields) {
      if (!Object.prototype.hasOwnProperty.call(raw, key)) continue;
      const v = shape(raw[key], `${path}.${key}`, ctx);
      if (v !== OMIT) out.set(key, v);
    }
    const extensions: string[] = [];
    for (const key of Object.keys(raw)) {
      if (known.has(key)) continue;
      if (key.startsWith('x-')) extensions.push(key);
      else ctx.warnings.push(`${path}.${key}: not a ${name} field; dropped, as score-compose drops it`);
    }
    for (const key of sortKeysV3(extensions)) out.set(key, plain(raw[key], '', ctx));
    return out;
  };
}

/** A pointer to a struct: left out when absent, printed (maybe as `{}`) when present. */
export function optionalStruct(shape: Shape): Shape {
  return (raw, path, ctx) => (raw === undefined || raw === null ? OMIT : shape(raw, path, ctx));
}

export function list(item: Shape): Shape {
  return (raw, path, ctx) => {
    if (raw === null || raw === undefined) return OMIT;
    const items = Array.isArray(raw) ? raw : [raw];
    const out = items.map((v, i) => item(v, `${path}[${i}]`, ctx)).filter((v) => v !== OMIT);
    return out.length === 0 ? OMIT : out;
  };
}

/** map[string]*T: keys in map order, a null value stays null. */
export function mapOf(item: Shape): Shape {
  return (raw, path, ctx) => {
    if (!isRecord(raw)) return OMIT;
    const out = new Map<string, unknown>();
    for (const k of sortKeysV3(Object.keys(raw))) {
      const v = raw[k];
      out.set(k, v === null ? null : item(v, `${path}.${k}`, ctx));
    }
    return out.size === 0 ? OMIT : out;
  };
}

/** Splits a command line like go-shellwords: whitespace separates, quotes group, backslash escapes. */
export function splitShellWords(line: string): string[] {
  return readShellWords(line).words;
}

/** The words of a command line, and whether a quote is left open (go-shellwords refuses such a line; the import says so). */
export function readShellWords(line: string): { words: string[]; unclosed: boolean } {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
      continue;
    }
    if (ch === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else word += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return { words, unclosed: quote !== undefined };
}
