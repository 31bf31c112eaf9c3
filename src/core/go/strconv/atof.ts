/** Go's strconv.ParseFloat (atof.go) for decimal and hexadecimal floats. */
import { underscoreOK } from './parseint';

/** strconv.ParseFloat(text, 64) for decimal and hexadecimal floats; null on bad syntax or overflow. */
export function parseFloat(text: string): number | null {
  if (text.includes('_') && !underscoreOK(text)) return null;
  const s = text.replace(/_/g, '');
  const lower = s.toLowerCase();
  const sign = lower.startsWith('-') ? -1 : 1;
  const unsigned = lower.replace(/^[+-]/, '');
  if (unsigned === 'inf' || unsigned === 'infinity') return sign * Infinity;
  if (unsigned === 'nan') return NaN;
  const dec = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
  if (dec.test(s)) {
    const v = Number(s);
    return Number.isFinite(v) ? v : null;
  }
  const hexFloat = /^[+-]?0x([0-9a-f]*)(?:\.([0-9a-f]*))?p([+-]?\d+)$/i.exec(s);
  if (hexFloat) {
    const intPart = hexFloat[1] ?? '';
    const fracPart = hexFloat[2] ?? '';
    if (intPart === '' && fracPart === '') return null;
    let mantissa = 0;
    for (const d of intPart + fracPart) mantissa = mantissa * 16 + Number.parseInt(d, 16);
    const v = sign * mantissa * Math.pow(2, Number(hexFloat[3]) - 4 * fracPart.length);
    return Number.isFinite(v) ? v : null;
  }
  return null;
}
