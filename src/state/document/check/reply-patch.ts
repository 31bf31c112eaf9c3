import { findWorkloadPlaceholders, type LocatedPlaceholder } from '../../../core/workload/placeholders';
import type { ParsedDocument } from '../../../core/document/parse';

/**
 * The validation worker's answers as changes to its previous answer. Typing changes one entry of a
 * workload, but a whole answer — the workload's value and every placeholder — costs milliseconds to
 * copy on each side of the worker on a large workload. The worker sends what changed; the page
 * rebuilds the rest from the previous answer, which it keeps (see worker-client.ts). Parts
 * that did not change keep their identity on the page, as they do in the worker's incremental parse.
 */

/**
 * What an answer tells the page of a text besides its problems: the workload's value and where its
 * placeholders are. Worked out the same way on both sides of the worker from the same text, so that
 * a text the page has read itself can be the base of the worker's next patch as well as an answer can.
 */
export interface AnswerBase {
  text: string;
  value: unknown;
  placeholders: readonly LocatedPlaceholder[];
}

export function answerBase(parsed: ParsedDocument): AnswerBase {
  return {
    text: parsed.text,
    value: parsed.value,
    placeholders: parsed.blocked ? [] : findWorkloadPlaceholders(parsed),
  };
}

/** How a value differs from the previous one: the same, new, or an object whose keys differ one by one. */
export type ValuePatch = { same: true } | { value: unknown } | { keys: string[]; parts: ValuePatch[] };

const SAME: ValuePatch = { same: true };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The patch from `before` to `after`, comparing by identity: the incremental parse gives an unchanged
 * entry the same object. Objects are compared key by key down to `depth` levels (the workload's keys,
 * then the entries of each: one container); below, a changed part is sent whole.
 */
export function diffValue(before: unknown, after: unknown, depth = 2): ValuePatch {
  if (before === after) return SAME;
  if (depth <= 0 || !isPlainObject(before) || !isPlainObject(after)) return { value: after };
  const keys = Object.keys(after);
  const parts = keys.map((key) =>
    Object.prototype.hasOwnProperty.call(before, key)
      ? diffValue(before[key], after[key], depth - 1)
      : { value: after[key] },
  );
  return { keys, parts };
}

/** `before` with `patch` applied: what the worker's value was when it made the patch. */
export function applyValuePatch(before: unknown, patch: ValuePatch): unknown {
  if ('same' in patch) return before;
  if ('value' in patch) return patch.value;
  const old = isPlainObject(before) ? before : {};
  const out: Record<string, unknown> = {};
  patch.keys.forEach((key, i) => {
    // Defined, not assigned: a key such as `__proto__` is data here, as in the parsed value.
    Object.defineProperty(out, key, {
      value: applyValuePatch(old[key], patch.parts[i]!),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return out;
}

/**
 * How the placeholders differ from the previous list: the first `head` are the same, the last `tail`
 * are the same moved by `shift` characters (the edit's change of length), and `middle` is new.
 */
export interface PlaceholderPatch {
  head: number;
  tail: number;
  shift: number;
  middle: LocatedPlaceholder[];
}

/** The same placeholder, `shift` characters later in the text. */
function samePlaceholder(a: LocatedPlaceholder, b: LocatedPlaceholder, shift: number): boolean {
  return (
    a.start + shift === b.start &&
    a.end + shift === b.end &&
    a.pointer === b.pointer &&
    a.context === b.context &&
    a.exact === b.exact &&
    a.token.raw === b.token.raw &&
    a.token.start === b.token.start &&
    a.token.end === b.token.end
  );
}

export function diffPlaceholders(
  before: readonly LocatedPlaceholder[],
  after: readonly LocatedPlaceholder[],
  shift: number,
): PlaceholderPatch {
  const most = Math.min(before.length, after.length);
  let head = 0;
  while (head < most && samePlaceholder(before[head]!, after[head]!, 0)) head++;
  let tail = 0;
  while (
    tail < most - head &&
    samePlaceholder(before[before.length - 1 - tail]!, after[after.length - 1 - tail]!, shift)
  ) {
    tail++;
  }
  return { head, tail, shift, middle: after.slice(head, after.length - tail) };
}

export function applyPlaceholderPatch(
  before: readonly LocatedPlaceholder[],
  { head, tail, shift, middle }: PlaceholderPatch,
): LocatedPlaceholder[] {
  const moved = before.slice(before.length - tail);
  return [
    ...before.slice(0, head),
    ...middle,
    ...(shift === 0 ? moved : moved.map((p) => ({ ...p, start: p.start + shift, end: p.end + shift }))),
  ];
}
