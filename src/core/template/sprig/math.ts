/**
 * sprig's numbers: integer arithmetic on int64 (as cast reads its arguments), float arithmetic in
 * decimal (addf, subf, mulf, divf use shopspring/decimal), ranges (until, seq) and rounding.
 */
import { formatValue } from '../../go/fmt';
import { withinBudget } from '../exec/budget';
import { spec, type TemplateFunction } from '../exec/functions';
import { atoi, int64Result, toFloat64, toInt64, toInt64Big } from './conversions';
import type { SeededRandom } from './random';

// --- decimal arithmetic for addf/subf/mulf/divf (shopspring/decimal from float64) ---

interface Decimal {
  coef: bigint;
  exp: number;
}

function toDecimal(v: number): Decimal {
  if (!Number.isFinite(v) || v === 0) return { coef: 0n, exp: 0 };
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(v.toExponential());
  if (!m) return { coef: 0n, exp: 0 };
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const coef = BigInt((m[1] ?? '') + digits);
  return { coef, exp: Number(m[4]) - (digits.length - 1) };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

function decimalToNumber(d: Decimal): number {
  return Number(`${d.coef}e${d.exp}`);
}

function decimalOp(op: 'add' | 'sub' | 'mul' | 'div', a: Decimal, b: Decimal): Decimal {
  if (op === 'mul') return { coef: a.coef * b.coef, exp: a.exp + b.exp };
  if (op === 'div') {
    if (b.coef === 0n) throw new Error('decimal division by 0');
    // decimal.Div rounds to 16 decimal places (DivisionPrecision), half away from zero.
    const scale = 16;
    // Scale the dividend so that the quotient has one digit more than needed, then round it.
    const shift = Math.max(0, a.exp - b.exp + scale + 1);
    const num = a.coef * 10n ** BigInt(shift);
    const numExp = a.exp - shift;
    let q = num / b.coef;
    let qExp = numExp - b.exp;
    // Round from qExp = -(scale+1) to -scale.
    while (qExp < -scale) {
      const r = q % 10n;
      q /= 10n;
      if (r >= 5n) q += 1n;
      else if (r <= -5n) q -= 1n;
      qExp++;
    }
    return { coef: q, exp: qExp };
  }
  const [x, y, exp] = align(a, b);
  return { coef: op === 'add' ? x + y : x - y, exp };
}

function execDecimalOp(op: 'add' | 'sub' | 'mul' | 'div', first: unknown, rest: readonly unknown[]): number {
  let acc = toDecimal(toFloat64(first));
  for (const x of rest) acc = decimalOp(op, acc, toDecimal(toFloat64(x)));
  return decimalToNumber(acc);
}

function until(count: number): number[] {
  return untilStep(0, count, count < 0 ? -1 : 1);
}

function untilStep(start: number, stop: number, step: number): number[] {
  if (step !== 0) withinBudget((stop - start) / step, 'items');
  const out: number[] = [];
  if (stop < start) {
    if (step >= 0) return out;
    for (let i = start; i > stop; i += step) out.push(i);
    return out;
  }
  if (step <= 0) return out;
  for (let i = start; i < stop; i += step) out.push(i);
  return out;
}

function seq(...params: number[]): string {
  const join = (xs: number[]): string => xs.join(' ');
  switch (params.length) {
    case 1: {
      const end = params[0] ?? 0;
      const inc = end < 1 ? -1 : 1;
      return join(untilStep(1, end + inc, inc));
    }
    case 2: {
      const [start = 0, end = 0] = params;
      const step = end < start ? -1 : 1;
      return join(untilStep(start, end + step, step));
    }
    case 3: {
      const [start = 0, step = 0, end = 0] = params;
      let inc = 1;
      if (end < start) {
        inc = -1;
        if (step > 0) return '';
      }
      return join(untilStep(start, end + inc, step));
    }
    default:
      return '';
  }
}

function round(a: unknown, p: number, ...rOpt: number[]): number {
  const roundOn = rOpt[0] ?? 0.5;
  const pow = Math.pow(10, p);
  const digit = pow * toFloat64(a);
  const frac = digit - Math.trunc(digit);
  return (frac >= roundOn ? Math.ceil(digit) : Math.floor(digit)) / pow;
}

/** The number functions; randInt draws from `random`. */
export function mathFunctions(random: SeededRandom): Record<string, TemplateFunction> {
  return {
    atoi: spec(['string'], atoi),
    int64: spec(['any'], toInt64),
    int: spec(['any'], toInt64),
    float64: spec(['any'], toFloat64),
    seq: spec([], seq, 'int'),
    toDecimal: spec(['any'], (v: unknown) => {
      const n = /^[+-]?[0-7]+$/.test(formatValue(v)) ? BigInt('0o' + formatValue(v).replace(/^[+-]/, '')) : null;
      if (n === null) return 0;
      return Number(formatValue(v).startsWith('-') ? -n : n);
    }),
    until: spec(['int'], until),
    untilStep: spec(['int', 'int', 'int'], untilStep),
    add1: spec(['any'], (i: unknown) => int64Result(toInt64Big(i) + 1n)),
    add: spec([], (...xs: unknown[]) => int64Result(xs.reduce<bigint>((a, x) => a + toInt64Big(x), 0n)), 'any'),
    sub: spec(['any', 'any'], (a: unknown, b: unknown) => int64Result(toInt64Big(a) - toInt64Big(b))),
    div: spec(['any', 'any'], (a: unknown, b: unknown) => {
      const d = toInt64Big(b);
      if (d === 0n) throw new Error('runtime error: integer divide by zero');
      return int64Result(toInt64Big(a) / d);
    }),
    mod: spec(['any', 'any'], (a: unknown, b: unknown) => {
      const d = toInt64Big(b);
      if (d === 0n) throw new Error('runtime error: integer divide by zero');
      return int64Result(toInt64Big(a) % d);
    }),
    mul: spec(
      ['any'],
      (a: unknown, ...xs: unknown[]) => int64Result(xs.reduce<bigint>((acc, x) => acc * toInt64Big(x), toInt64Big(a))),
      'any',
    ),
    randInt: spec(['int', 'int'], (min: number, max: number) => {
      if (max - min <= 0) throw new Error('invalid argument to Intn');
      return random.nextInt(max - min) + min;
    }),
    add1f: spec(['any'], (i: unknown) => execDecimalOp('add', i, [1])),
    addf: spec([], (...xs: unknown[]) => execDecimalOp('add', 0, xs), 'any'),
    subf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('sub', a, xs), 'any'),
    divf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('div', a, xs), 'any'),
    mulf: spec(['any'], (a: unknown, ...xs: unknown[]) => execDecimalOp('mul', a, xs), 'any'),
    biggest: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toInt64(a), ...xs.map(toInt64)), 'any'),
    max: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toInt64(a), ...xs.map(toInt64)), 'any'),
    min: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.min(toInt64(a), ...xs.map(toInt64)), 'any'),
    maxf: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.max(toFloat64(a), ...xs.map(toFloat64)), 'any'),
    minf: spec(['any'], (a: unknown, ...xs: unknown[]) => Math.min(toFloat64(a), ...xs.map(toFloat64)), 'any'),
    ceil: spec(['any'], (a: unknown) => Math.ceil(toFloat64(a))),
    floor: spec(['any'], (a: unknown) => Math.floor(toFloat64(a))),
    round: spec(['any', 'int'], round, 'float'),
  };
}
