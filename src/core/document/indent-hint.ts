import type { LineIndex } from './lines';

/** A syntax error as the yaml library reports it. */
export interface YamlError {
  code: string;
  message: string;
  pos: [number, number];
}

/** A mis-indented key found, and the library's errors that follow from it. */
export interface IndentHint {
  start: number;
  end: number;
  message: string;
  explains: ReadonlySet<YamlError>;
}

/** The keys of a Score workload's top level: one of them at column 0 is where it belongs. */
const ROOT_KEYS = new Set(['apiVersion', 'metadata', 'containers', 'resources', 'service']);
const KEY = /^([^\s#:'"[{-][^:]*?):(\s|$)/;

/**
 * The library reports "All mapping items must start at the same column" at a key that may be far
 * below the one out of place, since the column it compares with was set by that key:
 * - a key indented less than its neighbours (`worker:` at column 0 between `  web:` and `  cron:`)
 *   becomes a key of the mapping above, and the error is reported at the next neighbour (`cron`);
 * - the first key of a mapping indented further than the keys after it (`   web:` above `  worker:`)
 *   sets the mapping's column, and the error is reported at the next key (`worker`).
 * From each such error this finds the key out of place by the lines' indentation, and says it there.
 */
export function misIndentedKeys(lines: LineIndex, errors: readonly YamlError[]): IndentHint[] {
  const text = lines.text;
  const content = (line: number) => {
    if (line < 1 || line > lines.lineCount) return undefined;
    const raw = text.slice(lines.lineStart(line), lines.lineEnd(line));
    const body = raw.trimStart();
    return body === '' || body.startsWith('#') ? undefined : { line, column: raw.length - body.length, body };
  };
  type Line = NonNullable<ReturnType<typeof content>>;
  /** The nearest line above `from` (exclusive) not deeper than `column`. */
  const up = (from: number, column: number): Line | undefined => {
    for (let line = from - 1; line >= 1; line--) {
      const found = content(line);
      if (found && found.column <= column) return found;
    }
    return undefined;
  };
  const keyOf = (l: Line) => KEY.exec(l.body)?.[1];

  const hints: IndentHint[] = [];
  const blamed = new Set<number>();
  for (const error of errors) {
    if (error.code !== 'BAD_INDENT') continue;
    let at = lines.position(error.pos[0]).line;
    while (at <= lines.lineCount && !content(at)) at++;
    const reported = content(at);
    const reportedKey = reported && keyOf(reported);
    if (!reported || reportedKey === undefined) continue;
    const c = reported.column;
    const parent = up(at, c - 1);
    if (!parent) continue;
    const parentKey = keyOf(parent);
    let culprit: Line | undefined;
    let neighbour: Line | undefined;
    /** How many lines from `from` to the end of the parent's block stand at `c`; 0 if one at `column` or less does not. */
    const siblingsAfter = (from: number, column: number) => {
      let count = 0;
      for (let line = from; line <= lines.lineCount; line++) {
        const l = content(line);
        if (!l || l.column > column) continue;
        if (l.column <= parent.column) break;
        if (l.column !== c) return 0;
        count++;
      }
      return count;
    };
    const deeperBetween = (from: number, to: number, column: number) => {
      for (let line = from + 1; line < to; line++) {
        const l = content(line);
        if (l && l.column <= column) return false;
      }
      return true;
    };
    // A key indented less than its neighbours: one above it stands at the reported key's column.
    const above = up(parent.line, c);
    const rootKey = parent.column === 0 && parentKey !== undefined && ROOT_KEYS.has(parentKey);
    if (
      above &&
      above.column === c &&
      keyOf(above) !== undefined &&
      parentKey !== undefined &&
      !rootKey &&
      deeperBetween(parent.line, at, c) &&
      (up(above.line, c - 1)?.column ?? -1) <= parent.column &&
      siblingsAfter(at, c) > 0
    ) {
      culprit = parent;
      neighbour = above;
    } else {
      // The first key of a mapping indented further than the rest, everything between deeper still.
      let first = parent.line + 1;
      while (first < at && !content(first)) first++;
      const candidate = content(first);
      if (
        candidate &&
        first < at &&
        candidate.column > c &&
        keyOf(candidate) !== undefined &&
        deeperBetween(first, at, candidate.column) &&
        // Two keys after it at one column, against it alone: it is the one out of place.
        siblingsAfter(at, candidate.column) >= 2
      )
        culprit = candidate;
    }
    const key = culprit && keyOf(culprit);
    if (!culprit || key === undefined || blamed.has(culprit.line)) continue;
    blamed.add(culprit.line);
    const explains = new Set(errors.filter((e) => e.code === 'BAD_INDENT' && e === error));
    const start = lines.lineStart(culprit.line) + culprit.column;
    const others = neighbour
      ? `"${keyOf(neighbour)}" (line ${neighbour.line}) and "${reportedKey}" (line ${at})`
      : `"${reportedKey}" (line ${at})`;
    hints.push({
      start,
      end: start + key.length,
      message:
        `"${key}" is indented by ${culprit.column} spaces, and the entries of its mapping around it by ${c} ` +
        `(${others}): indent it by ${c}, as they are.`,
      explains,
    });
  }
  return hints;
}
