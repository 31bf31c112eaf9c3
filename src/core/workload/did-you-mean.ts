/**
 * "Did you mean …?": the known name a mistyped one most likely meant, for the messages of every
 * layer (an unknown resource in a placeholder, a misspelt field, a provisioner's type or output).
 */

/** The closest name within a small edit distance (case ignored), for "did you mean". */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), limit);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` Did you mean "x"?` when a candidate is close to `name`, else ''. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const guess = closest(name, candidates);
  return guess === undefined ? '' : ` Did you mean "${guess}"?`;
}

/**
 * The allowed field a mistyped key most likely meant: the same letters ignoring case and '_'/'-', or
 * one or two edits away.
 */
export function closestField(field: string, allowed: readonly string[]): string | undefined {
  const plain = normalise(field);
  const exact = allowed.find((a) => normalise(a) === plain);
  if (exact) return exact;
  const budget = plain.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of allowed) {
    const distance = editDistance(plain, normalise(candidate), budget);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * Optimal string alignment distance: Levenshtein, with a swap of two neighbours as one edit (the
 * commonest typo). Past `atMost` the exact figure does not matter: two lengths further apart than it
 * give Infinity at once.
 */
function editDistance(a: string, b: string, atMost = Infinity): number {
  if (Math.abs(a.length - b.length) > atMost) return Infinity;
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
