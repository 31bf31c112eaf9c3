/**
 * How sprig turns arguments into strings and numbers: its strval and strslice, and spf13/cast's
 * ToInt64 and ToFloat64 (which read strings with Go's strconv).
 */
import { formatValue } from '../../go/fmt';
import * as strconv from '../../go/strconv';
import { isList } from '../../go/value';

/** sprig's strval: strings as they are, anything else as %v. */
export function strval(v: unknown): string {
  return typeof v === 'string' ? v : formatValue(v ?? null);
}

export function strslice(v: unknown): string[] {
  if (isList(v)) return v.filter((x) => x !== null && x !== undefined).map(strval);
  if (v === null || v === undefined) return [];
  return [strval(v)];
}

/** cast's trimZeroDecimal: "10.00" → "10". */
function trimZeroDecimal(s: string): string {
  let foundZero = false;
  for (let i = s.length; i > 0; i--) {
    const c = s[i - 1];
    if (c === '.') {
      if (foundZero) return s.slice(0, i - 1);
    } else if (c === '0') foundZero = true;
    else return s;
  }
  return s;
}

const INT64_MIN = -(2n ** 63n);

/** cast.ToInt64: numbers truncated, strings parsed (base prefixes allowed), bool 1/0, others 0. */
export function toInt64(v: unknown): number {
  return Number(toInt64Big(v));
}

export function toInt64Big(v: unknown): bigint {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return INT64_MIN;
    return BigInt.asIntN(64, BigInt(Math.trunc(v)));
  }
  if (typeof v === 'bigint') return BigInt.asIntN(64, v);
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'string') {
    return strconv.parseInt(trimZeroDecimal(v), 0, 64) ?? 0n;
  }
  return 0n;
}

/** cast.ToFloat64. */
export function toFloat64(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return strconv.parseFloat(v) ?? 0;
  return 0;
}

/** strconv.Atoi; sprig ignores the error, giving 0. */
export function atoi(s: string): number {
  return strconv.atoi(s) ?? 0;
}

export function int64Result(n: bigint): number {
  return Number(BigInt.asIntN(64, n));
}
