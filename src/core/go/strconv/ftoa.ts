/**
 * Go's strconv.FormatFloat (ftoa.go) for the formats e, E, f, F, g and G, 64- and 32-bit, with Go's
 * rounding (half to even on an exact tie, from the exact binary value) and its shortest form.
 */

/** Decimal digits of |v| (no leading or trailing zeros) and the decimal point position, like strconv's decimal. */
interface Digits {
  digits: string;
  dp: number;
}

function fromExponential(text: string): Digits {
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return { digits: '', dp: 0 };
  let digits = (m[1] ?? '') + (m[2] ?? '');
  const dp = Number(m[3]) + 1;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { digits: '', dp: 0 };
  return { digits, dp };
}

/** The fewest digits that read back as the same float64, or float32 (then the shortest of 1 to 9 digits). */
function shortestDigits(abs: number, bitSize: 32 | 64): Digits {
  if (abs === 0) return { digits: '', dp: 0 };
  if (bitSize === 32) {
    for (let p = 1; p <= 9; p++) {
      const candidate = Number(abs.toPrecision(p));
      if (Math.fround(candidate) === abs) return fromExponential(candidate.toExponential());
    }
  }
  return fromExponential(abs.toExponential());
}

/** The exact decimal expansion of a finite double (every double is a finite decimal). */
function exactDigits(abs: number): Digits {
  if (abs === 0) return { digits: '', dp: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, abs);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) exp = -1074;
  else {
    mantissa |= 1n << 52n;
    exp = biased - 1075;
  }
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mantissa << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    // m / 2^k = m * 5^k / 10^k
    const k = -exp;
    digits = (mantissa * 5n ** BigInt(k)).toString();
    dp = digits.length - k;
  }
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead).replace(/0+$/, '');
  return { digits, dp: dp - lead };
}

/** Rounds to nd digits as strconv's decimal.Round does: half to even on an exact tie. */
function roundDigits(d: Digits, nd: number): Digits {
  if (nd < 0) return { digits: '', dp: d.dp };
  if (nd >= d.digits.length) return d;
  const next = d.digits[nd] ?? '0';
  let up: boolean;
  if (next === '5' && nd + 1 === d.digits.length) up = nd > 0 && Number(d.digits[nd - 1]) % 2 === 1;
  else up = next >= '5';
  let kept = d.digits.slice(0, nd);
  let dp = d.dp;
  if (up) {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === '9') i--;
    if (i < 0) {
      kept = '1';
      dp++;
    } else kept = kept.slice(0, i) + String(Number(kept[i]) + 1);
  }
  return { digits: kept.replace(/0+$/, ''), dp };
}

function roundedDigits(abs: number, significant: number): Digits {
  return roundDigits(exactDigits(abs), Math.max(significant, 0));
}

function fmtE(negative: boolean, d: Digits, prec: number, expChar: string): string {
  let out = negative ? '-' : '';
  out += d.digits[0] ?? '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) out += d.digits[i] ?? '0';
  }
  const exp = d.digits === '' ? 0 : d.dp - 1;
  const absExp = Math.abs(exp);
  out += expChar + (exp < 0 ? '-' : '+') + (absExp < 10 ? '0' : '') + String(absExp);
  return out;
}

function fmtF(negative: boolean, d: Digits, prec: number): string {
  let out = negative ? '-' : '';
  if (d.dp > 0) {
    for (let i = 0; i < d.dp; i++) out += d.digits[i] ?? '0';
  } else out += '0';
  if (prec > 0) {
    out += '.';
    for (let i = 1; i <= prec; i++) {
      const j = d.dp + i - 1;
      out += j >= 0 && j < d.digits.length ? (d.digits[j] ?? '0') : '0';
    }
  }
  return out;
}

/**
 * strconv.FormatFloat(v, fmt, prec, bitSize) for fmt in e, E, f, F, g, G; prec -1 means the shortest
 * representation that reads back to the same value (of that bit size).
 */
export function formatFloat(
  value: number,
  fmt: 'e' | 'E' | 'f' | 'F' | 'g' | 'G',
  prec: number,
  bitSize: 32 | 64 = 64,
): string {
  const v = bitSize === 32 ? Math.fround(value) : value;
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const negative = v < 0 || Object.is(v, -0);
  const abs = Math.abs(v);
  const shortest = prec < 0;
  switch (fmt) {
    case 'e':
    case 'E': {
      const d = shortest ? shortestDigits(abs, bitSize) : roundedDigits(abs, prec + 1);
      return fmtE(negative, d, shortest ? Math.max(d.digits.length - 1, 0) : prec, fmt);
    }
    case 'f':
    case 'F': {
      if (shortest) {
        const d = shortestDigits(abs, bitSize);
        return fmtF(negative, d, Math.max(d.digits.length - d.dp, 0));
      }
      const exact = exactDigits(abs);
      return fmtF(negative, roundDigits(exact, exact.dp + prec), prec);
    }
    case 'g':
    case 'G': {
      let p = prec;
      let d: Digits;
      if (shortest) {
        d = shortestDigits(abs, bitSize);
        p = d.digits.length;
      } else {
        if (p === 0) p = 1;
        d = roundedDigits(abs, p);
      }
      let eprec = p;
      if (eprec > d.digits.length && d.digits.length >= d.dp) eprec = d.digits.length;
      if (shortest) eprec = 6;
      const exp = d.dp - 1;
      if (d.digits !== '' && (exp < -4 || exp >= eprec)) {
        const ep = Math.min(p, d.digits.length);
        return fmtE(negative, d, ep - 1, fmt === 'g' ? 'e' : 'E');
      }
      if (d.digits === '') return fmtF(negative, d, 0);
      const fp = p > d.dp ? d.digits.length : p;
      return fmtF(negative, d, Math.max(fp - d.dp, 0));
    }
  }
}
