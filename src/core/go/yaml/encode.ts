/**
 * What each value asks of the writer (yaml.v3 encode.go): a mapping's entries in their order, or a
 * scalar's text and requested style. Numbers are spelled as Go's strconv spells them.
 */
import * as strconv from '../strconv';
import { plainScalar, stringScalar, type ScalarRequest } from './style';
import { YamlV3Float, YamlV3Int, YamlV3Raw } from './values';

export type Entries = [string, unknown][];

/** A whole number that fits an int64 is an int (strconv.FormatInt), anything else a float64. */
function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  return formatFloat(n, 64);
}

function formatInt(n: number): string {
  return Number.isFinite(n) ? BigInt(Math.trunc(n)).toString() : formatFloat(n, 64);
}

/** encode.go floatv: strconv.FormatFloat(v, 'g', -1, bits), with YAML's spellings of infinity and NaN. */
function formatFloat(value: number, bits: 32 | 64): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  return strconv.formatFloat(value, 'g', -1, bits);
}

/** The entries of a value written as a mapping, or undefined when it is not one. */
export function mappingEntries(value: unknown): Entries | undefined {
  if (value instanceof Map) {
    const out: Entries = [];
    for (const [k, v] of value) if (v !== undefined) out.push([String(k), v]);
    return out;
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof YamlV3Int || value instanceof YamlV3Float || value instanceof YamlV3Raw)
  ) {
    return Object.entries(value).filter(([, v]) => v !== undefined);
  }
  return undefined;
}

/** The text and requested style of a scalar value (encode.go stringv, intv, floatv, boolv, nilv). */
export function scalarOf(value: unknown): ScalarRequest {
  if (typeof value === 'string') return stringScalar(value);
  if (typeof value === 'number') return plainScalar(formatNumber(value));
  if (typeof value === 'bigint') return plainScalar(value.toString());
  if (typeof value === 'boolean') return plainScalar(value ? 'true' : 'false');
  if (value instanceof YamlV3Int) return plainScalar(formatInt(value.value));
  if (value instanceof YamlV3Float) return plainScalar(formatFloat(value.value, value.bits));
  if (value instanceof YamlV3Raw) return plainScalar(value.text);
  return plainScalar('null');
}
