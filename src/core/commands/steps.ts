import { applyEdits, checkEdits, isRefusal, sortEdits, type Command, type CommandResult, type Edit } from './edit';

/** One command of a sequence, as the automation API names it. */
export interface Step {
  name: string;
  args: unknown;
}

export interface RunStepsArgs {
  steps: Step[];
}

/** A sequence longer than this is a mistake or an attack; each step reads the whole text again. */
export const MAX_STEPS = 1000;

/**
 * Several commands as one: each runs on the text the one before it made, and the result is one
 * change (one undo step in the app) whose edits are the steps' edits put together, so that the
 * bytes no step touched stay as they were. A refused step refuses the whole sequence: nothing
 * changes. "Fix all of this kind" is such a sequence.
 *
 * Made from the function that runs a command by name (the registry's), so that this file does not
 * import the registry that lists it.
 */
export function stepsCommand(run: (name: string, text: string, args: unknown) => CommandResult): Command<RunStepsArgs> {
  return (text, args) => {
    if (typeof text !== 'string') return { error: 'The document must be text.' };
    const steps = (args as { steps?: unknown } | null)?.steps;
    if (!Array.isArray(steps)) return { error: 'The command needs "steps": a list of {name, args}.' };
    if (steps.length > MAX_STEPS) return { error: `At most ${MAX_STEPS} steps can run as one change.` };
    let now = text;
    let edits: Edit[] = [];
    let selection: string | undefined;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as Partial<Step> | null;
      const name = step?.name;
      if (typeof name !== 'string') return { error: `Step ${i + 1} needs the name of a command.` };
      if (name === 'runSteps') return { error: `Step ${i + 1} is itself a sequence; list its steps instead.` };
      const result = run(name, now, step?.args);
      if (isRefusal(result)) return { error: `Step ${i + 1} (${name}) was refused: ${result.error}` };
      edits = composeEdits(text, edits, now, result.edits);
      now = result.text;
      if (result.selection !== undefined) selection = result.selection;
    }
    return selection === undefined ? { text: now, edits } : { text: now, edits, selection };
  };
}

/** An edit placed in the original text, with what it adds to the length of the text at its step. */
interface Placed {
  start: number;
  end: number;
  step: 1 | 2;
  delta: number;
}

/**
 * Two rounds of edits as one: `first` turns `original` into `middle`, `second` turns `middle` into
 * the result; the answer turns `original` into that result directly. Each edit of the second round
 * is placed in the original text (widened to the whole of an edit of the first round whose new text
 * it touches), edits that overlap are joined, and each joined edit takes its new text from the
 * result. What neither round touched is outside every answer edit.
 */
export function composeEdits(
  original: string,
  first: readonly Edit[],
  middle: string,
  second: readonly Edit[],
): Edit[] {
  const one = sortEdits(first);
  const two = sortEdits(second);
  if (two.length === 0) return one;
  if (one.length === 0) return two;
  const result = applyEdits(middle, two);
  const placed: Placed[] = [
    ...one.map((e): Placed => ({ start: e.start, end: e.end, step: 1, delta: e.insert.length - (e.end - e.start) })),
    ...two.map((e): Placed => {
      // An insertion where the first round deleted text stands at both ends of the deletion: it takes it in.
      const start = placeInOriginal(one, e.start, 'start');
      const end = placeInOriginal(one, e.end, 'end');
      return {
        start: Math.min(start, end),
        end: Math.max(start, end),
        step: 2,
        delta: e.insert.length - (e.end - e.start),
      };
    }),
  ].sort((a, b) => a.start - b.start || a.end - b.end || a.step - b.step);

  const out: Edit[] = [];
  let shift1 = 0; // how far the middle text has moved, up to the current group
  let shift2 = 0; // how far the result has moved from the middle, up to the current group
  for (let i = 0; i < placed.length;) {
    const start = placed[i]!.start;
    let end = placed[i]!.end;
    // An empty edit at the group's end (an insertion there) joins the group to what touches it.
    let emptyAtEnd = start === end;
    let delta1 = 0;
    let delta2 = 0;
    let j = i;
    while (j < placed.length && (j === i || joins(end, emptyAtEnd, placed[j]!))) {
      const p = placed[j]!;
      if (p.end > end) {
        end = p.end;
        emptyAtEnd = false;
      } else if (p.start === p.end && p.end === end) emptyAtEnd = true;
      if (p.step === 1) delta1 += p.delta;
      else delta2 += p.delta;
      j++;
    }
    const from = start + shift1 + shift2;
    const to = end + shift1 + delta1 + shift2 + delta2;
    const insert = result.slice(from, to);
    if (original.slice(start, end) !== insert) out.push({ start, end, insert });
    shift1 += delta1;
    shift2 += delta2;
    i = j;
  }
  // The joined edits are disjoint and in order by construction; a fault here must not go unseen.
  const problem = checkEdits(original, out);
  if (problem) throw new Error(`composed edits are inconsistent: ${problem}`);
  return out;
}

/**
 * Whether an edit (in order of start) joins the group ending at `end`: it overlaps the group, or
 * touches it where one of the two is an insertion (whose new text the other may have edited).
 */
function joins(end: number, emptyAtEnd: boolean, next: Placed): boolean {
  if (next.start < end) return true;
  return next.start === end && (emptyAtEnd || next.start === next.end);
}

/**
 * Where an offset of the middle text stands in the original. Inside (or at the edge of) text the
 * first round wrote, it is that edit's start (`start` side) or end (`end` side); where the first
 * round only deleted, the side facing away from the deletion.
 */
function placeInOriginal(first: readonly Edit[], offset: number, side: 'start' | 'end'): number {
  let shift = 0;
  for (const edit of first) {
    const from = edit.start + shift;
    const to = from + edit.insert.length;
    if (edit.insert.length > 0 && offset >= from && offset <= to) return side === 'start' ? edit.start : edit.end;
    if (offset < from || (offset === from && side === 'end')) return offset - shift;
    shift += edit.insert.length - (edit.end - edit.start);
  }
  return offset - shift;
}
