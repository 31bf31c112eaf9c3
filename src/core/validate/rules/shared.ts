import type { Diagnostic, DiagnosticCode, Severity } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { rangeOf, type RangePart } from '../../document/source-map';

/** Helpers the semantic rules share. Rules read `parsed.value`, which may have any shape. */

export type Data = Record<string, unknown>;

export function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entries of a mapping, or none when it is not one (schema errors are not the rules' business). */
export function recordEntries(value: unknown): Array<[string, unknown]> {
  return isRecord(value) ? Object.entries(value) : [];
}

export function ruleDiagnostic(
  parsed: ParsedDocument,
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  pointer: string,
  part: RangePart = 'value',
): Diagnostic {
  return { severity, code, message, path: pointer, range: rangeOf(parsed, pointer, part), source: 'rules' };
}

/** The closest name within a small edit distance, for "did you mean". */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

export function didYouMean(name: string, candidates: Iterable<string>): string {
  const guess = closest(name, candidates);
  return guess === undefined ? '' : ` Did you mean "${guess}"?`;
}

/** Edit distance counting a swap of two neighbours as one edit (the commonest typo). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** "a", "a and b", "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
