import type { Edit } from '../document/edits';
import { isRefusal, type Command, type CommandResult } from './command';
import { composeEdits } from './sequence';

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
      edits = composeEdits(text, edits, result.edits);
      now = result.text;
      if (result.selection !== undefined) selection = result.selection;
    }
    return selection === undefined ? { text: now, edits } : { text: now, edits, selection };
  };
}
