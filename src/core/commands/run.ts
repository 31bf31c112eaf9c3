import { reparseWorkloadText } from '../document/incremental';
import type { ParsedDocument } from '../document/parse';
import { locate } from '../document/source-map';
import { applyEdits, checkEdits, sortEdits, type Edit } from '../document/edits';
import type { CommandResult, CommandSuccess } from './command';
import { editContext, type EditContext } from './tree';

/** What a command plans: the edits, and the pointer of what it created or changed. */
export interface Plan {
  edits: Edit[];
  selection?: string;
  /** A last check of the result (a reason to refuse, or undefined), for edits made inside scalars. */
  verify?: (next: ParsedDocument) => string | undefined;
}

/**
 * Runs a command's plan against the text: parse, plan, apply, and check that the result still reads.
 * A plan returns a string to refuse. Nothing here throws; a result that would not read is refused,
 * so a command never hands back a broken document.
 */
export function runPlan(text: string, plan: (ctx: EditContext) => Plan | string): CommandResult {
  if (typeof text !== 'string') return { error: 'The document must be text.' };
  try {
    const ctx = editContext(text);
    if (typeof ctx === 'string') return { error: ctx };
    const planned = plan(ctx);
    if (typeof planned === 'string') return { error: planned };
    const problem = checkEdits(text, planned.edits);
    if (problem) return { error: `The edit could not be made (${problem}). Nothing was changed.` };
    const edits = sortEdits(planned.edits).filter((e) => e.start !== e.end || e.insert !== '');
    const next = applyEdits(text, edits);
    // Read from the reading before, only where the edits are (document/incremental.ts).
    const reread = edits.length > 0 ? reparseWorkloadText(ctx.parsed, next, edits) : ctx.parsed;
    if (edits.length > 0) {
      const broken = reread.syntax.find((d) => d.severity === 'error');
      if (broken) {
        return { error: `The edit would leave the document unreadable (${broken.message}), so it was not made.` };
      }
      const wrong = planned.verify?.(reread);
      if (wrong) return { error: `${wrong} Nothing was changed.` };
    }
    if (planned.selection === undefined) return withReading({ text: next, edits }, reread);
    // What was selected may be gone (a removal empties and removes its parent): select what remains.
    const selection = reread.doc ? locate(reread.doc, planned.selection).pointer : '';
    return withReading({ text: next, edits, selection }, reread);
  } catch (error) {
    return {
      error: `The edit failed unexpectedly: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`,
    };
  }
}

/** The reading of each command's result, made above to check it. */
const readings = new WeakMap<CommandSuccess, ParsedDocument>();

function withReading(result: CommandSuccess, reading: ParsedDocument): CommandSuccess {
  readings.set(result, reading);
  return result;
}

/**
 * The reading a command made of its result (the same as parsing its text), so that a check of that
 * text (the store's, right after) does not read it again; undefined for a refusal or another result.
 */
export function readingOf(result: CommandResult): ParsedDocument | undefined {
  return 'error' in result ? undefined : readings.get(result);
}

/** Collects the edits of several splices, stopping at the first refusal. */
export function collect(...splices: Array<Edit[] | string>): Edit[] | string {
  const out: Edit[] = [];
  for (const s of splices) {
    if (typeof s === 'string') return s;
    out.push(...s);
  }
  return out;
}
