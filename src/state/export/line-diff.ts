/**
 * Which lines of the compose file changed since the last export: the lines of `after` that are not
 * part of a longest common subsequence with `before` (new or edited lines), and how many lines of
 * `before` are gone. Line-based because the preview highlights whole lines.
 */
export interface LineChanges {
  /** 1-based line numbers in `after`, ascending. */
  changed: number[];
  /** Lines of `before` deleted without a line taking their place (an edited line is changed, not removed). */
  removed: number;
}

/** Above this many cells the exact comparison costs too much; the differing middle is marked whole. */
const MAX_CELLS = 4_000_000;

export function lineChanges(before: string, after: string): LineChanges {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    return { changed: range(start + 1, endB + 1), removed: Math.max(0, midA.length - midB.length) };
  }
  const { kept, removed } = commonInB(midA, midB);
  const changed: number[] = [];
  for (let j = 0; j < midB.length; j++) if (!kept[j]) changed.push(start + j + 1);
  return { changed, removed };
}

/**
 * For each line of b: whether it belongs to a longest common subsequence of a and b; and, over each
 * stretch between common lines, how many more lines a had there than b (lines deleted, not replaced).
 */
function commonInB(a: string[], b: string[]): { kept: boolean[]; removed: number } {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // lengths[i * width + j] = LCS length of a[i..] and b[j..]
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const kept = new Array<boolean>(m).fill(false);
  let removed = 0;
  let onlyA = 0;
  let onlyB = 0;
  const closeStretch = () => {
    removed += Math.max(0, onlyA - onlyB);
    onlyA = 0;
    onlyB = 0;
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      closeStretch();
      kept[j] = true;
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      onlyA++;
      i++;
    } else {
      onlyB++;
      j++;
    }
  }
  onlyA += n - i;
  onlyB += m - j;
  closeStretch();
  return { kept, removed };
}

/** The file's lines; the empty text after a final newline is not a line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}
