/**
 * Go's time.Duration: its String() ("1m30s"), and durations read as compose-go reads them (Go's
 * ParseDuration units, plus d and w as its go-str2duration adds them).
 */

const unitNanos: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
  d: 86400e9,
  w: 7 * 86400e9,
};

/** Parses a compose duration ("2s", "1m30s", "1.5h", "500ms", "1d") to nanoseconds; undefined when invalid. */
export function parseDuration(text: string): number | undefined {
  let s = text.trim();
  if (s === '0') return 0;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s.startsWith('-')) sign = -1;
    s = s.slice(1);
  }
  if (s === '') return undefined;
  let total = 0;
  const part = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h|d|w)/;
  while (s !== '') {
    const m = part.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * unitNanos[m[2]!]!;
    s = s.slice(m[0].length);
  }
  return sign * Math.round(total);
}

/** Go's time.Duration.String(): "2s", "1m30s", "1h0m0s", "500ms", "0s". */
export function formatDuration(nanos: number): string {
  if (nanos === 0) return '0s';
  const negative = nanos < 0;
  let n = Math.abs(Math.round(nanos));
  let out: string;
  if (n < 1e9) {
    // Below one second Go picks the largest sub-second unit and prints a decimal fraction.
    const [unit, size] = n < 1e3 ? ['ns', 1] : n < 1e6 ? ['µs', 1e3] : ['ms', 1e6];
    out = trimFraction(n / size) + unit;
  } else {
    const hours = Math.floor(n / 3600e9);
    n -= hours * 3600e9;
    const minutes = Math.floor(n / 60e9);
    n -= minutes * 60e9;
    const seconds = trimFraction(n / 1e9) + 's';
    out = hours > 0 ? `${hours}h${minutes}m${seconds}` : minutes > 0 ? `${minutes}m${seconds}` : seconds;
  }
  return negative ? '-' + out : out;
}

function trimFraction(value: number): string {
  // At most nine decimals (nanoseconds), without trailing zeros, as Go prints them.
  return value.toFixed(9).replace(/\.?0+$/, '');
}
