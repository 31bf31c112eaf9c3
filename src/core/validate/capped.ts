import type { Diagnostic } from '../diagnostics';

/** How many problems of one kind are listed one by one. */
export const LISTED_PER_KIND = 100;

/**
 * The problems as listed: of each kind (code and severity) the first hundred, then one line for the
 * rest, at the first one not listed. A file of 100,000 unknown keys is one mistake made many times:
 * listing each (21 MB of messages in a terminal, a Problems pane of 100,000 rows) helps nobody.
 * `problems` is in document order, and so is what is returned.
 */
export function capRepeated(problems: Diagnostic[], listed = LISTED_PER_KIND): Diagnostic[] {
  if (problems.length <= listed) return problems;
  const seen = new Map<string, number>();
  for (const d of problems) {
    const kind = `${d.severity} ${d.code}`;
    seen.set(kind, (seen.get(kind) ?? 0) + 1);
  }
  if ([...seen.values()].every((n) => n <= listed)) return problems;
  const counted = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of problems) {
    const kind = `${d.severity} ${d.code}`;
    const n = (counted.get(kind) ?? 0) + 1;
    counted.set(kind, n);
    if (n <= listed) out.push(d);
    else if (n === listed + 1) {
      const more = seen.get(kind)! - listed;
      out.push({
        severity: d.severity,
        code: d.code,
        message: `…and ${more.toLocaleString('en-US')} more problems of this kind (${d.code}) from here on, not listed one by one. Fix the first ones: the rest are likely the same mistake.`,
        path: d.path,
        range: d.range,
        source: d.source,
      });
    }
  }
  return out;
}
