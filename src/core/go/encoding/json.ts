/**
 * Go's encoding/json Marshal (Go 1.22 and later, as score-compose is built) over the value model of
 * ../value.ts: map keys sorted by bytes, HTML-sensitive characters escaped as \u003c \u003e \u0026
 * unless disabled (SetEscapeHTML(false), sprig's toRawJson), U+2028/U+2029 always escaped, \b and \f
 * written short, floats spelled as Go spells them, and Go's error for NaN, ±Inf and functions.
 * A JavaScript Map is encoded as a Go map too.
 */
import { sortStrings, sortedKeys } from '../sort';
import { isInt, isMap } from '../value';

export interface MarshalOptions {
  /** Default true, as json.Marshal. */
  escapeHTML?: boolean;
  /** MarshalIndent's indent string ("" for compact). */
  indent?: string;
}

const HEX = '0123456789abcdef';

export function encodeJsonString(s: string, escapeHTML: boolean): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case '\\':
        out += '\\\\';
        continue;
      case '\b':
        out += '\\b';
        continue;
      case '\f':
        out += '\\f';
        continue;
      case '\n':
        out += '\\n';
        continue;
      case '\r':
        out += '\\r';
        continue;
      case '\t':
        out += '\\t';
        continue;
    }
    if (cp < 0x20 || (escapeHTML && (ch === '<' || ch === '>' || ch === '&'))) {
      out += '\\u00' + (HEX[cp >> 4] ?? '0') + (HEX[cp & 15] ?? '0');
    } else if (cp === 0x2028 || cp === 0x2029) {
      out += '\\u' + cp.toString(16);
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\ufffd';
    } else out += ch;
  }
  return out + '"';
}

/** Go's float64 encoding: 'f' format, or 'e' below 1e-6 and from 1e21, with "e-07" cleaned to "e-7". */
function encodeNumber(v: number): string {
  if (!Number.isFinite(v)) {
    throw new Error(`json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}`);
  }
  if (isInt(v)) return Object.is(v, -0) ? '-0' : String(v);
  // JavaScript's shortest round-trip spelling uses the same thresholds and exponent form as Go.
  return String(v);
}

function encode(v: unknown, opts: Required<MarshalOptions>, prefix: string): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return encodeNumber(v);
    case 'bigint':
      return v.toString();
    case 'string':
      return encodeJsonString(v, opts.escapeHTML);
    case 'function':
      throw new Error('json: unsupported type: func()');
  }
  const indent = opts.indent;
  const inner = prefix + indent;
  const nl = indent ? '\n' : '';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const parts = v.map((x) => (indent ? inner : '') + encode(x, opts, inner));
    return '[' + nl + parts.join(',' + nl) + nl + (indent ? prefix : '') + ']';
  }
  const map = v instanceof Map ? v : isMap(v) ? null : undefined;
  if (map !== undefined) {
    const keys = map ? sortStrings([...map.keys()].map(String)) : sortedKeys(v as object);
    if (keys.length === 0) return '{}';
    const parts = keys.map(
      (k) =>
        (indent ? inner : '') +
        encodeJsonString(k, opts.escapeHTML) +
        (indent ? ': ' : ':') +
        encode(map ? map.get(k) : (v as Record<string, unknown>)[k], opts, inner),
    );
    return '{' + nl + parts.join(',' + nl) + nl + (indent ? prefix : '') + '}';
  }
  return encodeJsonString(String(v), opts.escapeHTML);
}

/** json.Marshal / MarshalIndent(v, "", indent); throws Go's error text for NaN, ±Inf and functions. */
export function marshal(v: unknown, opts: MarshalOptions = {}): string {
  return encode(v, { escapeHTML: opts.escapeHTML ?? true, indent: opts.indent ?? '' }, '');
}
