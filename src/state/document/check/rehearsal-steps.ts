import type { Catalog } from '../../../core/catalog/types';
import type { ParsedDocument } from '../../../core/document/parse';
import { validateText } from '../../../core/validate';

/** One check of a rehearsal, run for the code it leaves compiled; its answer is thrown away. */
export type RehearsalStep = () => void;

/**
 * The rehearsal of the check that follows typing, on copies of the text: a letter typed at the end of
 * a key in the middle of the workload and at the end of a value nearer its start, each then taken
 * back, all checked as typing is (from the reading before, with only the edited entry read again).
 * The answers are thrown away: `parsed`, and every reading the views hold, stay as they were.
 *
 * Why: opening a workload reads it whole, so the code of the re-check after an edit first runs at the
 * first keystrokes, and the engine compiles it then, inside the frames that show their problems.
 * Traced on the bench machine, the first typing checks on ml-inference-service spent more time in
 * V8's tier-up interrupts and in installing compiled code than in the check itself. Rehearsed while
 * the page is idle after opening, that is done before the user types. Typing at one place only was
 * not enough: the engine then compiled for that one case, and the user's first check, elsewhere,
 * gave it up and compiled again. Empty when there is no place to type in.
 */
export function typingRehearsal(parsed: ParsedDocument, catalog?: Catalog): RehearsalStep[] {
  const { text } = parsed;
  if (parsed.blocked) return [];
  const options = catalog ? { catalog } : {};
  return [lineEnd(text, KEY, 0.5), lineEnd(text, VALUE, 0.25)]
    .filter((at) => at >= 0)
    .flatMap((at) => {
      let typed = parsed;
      return [
        () => {
          typed = validateText(text.slice(0, at) + 'x' + text.slice(at), { ...options, previous: parsed }).parsed;
        },
        () => {
          validateText(text, { ...options, previous: typed });
        },
      ];
    });
}

/**
 * Runs the steps one per task, so that what comes meanwhile (a check of the user's typing) waits for
 * one step at most. The function returned gives up the steps not run yet.
 */
export function runApart(steps: readonly RehearsalStep[]): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const from = (i: number) => {
    const step = steps[i];
    timer = step
      ? setTimeout(() => {
          step();
          from(i + 1);
        }, 0)
      : undefined;
  };
  from(0);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}

/** The end of a nested key (`  name` in `  name:`), and of a nested key's scalar value. */
const KEY = /^ +[A-Za-z][\w.-]*(?=:(?: |$))/gm;
const VALUE = /^ +[A-Za-z][\w.-]*: +[\w./-]+$/gm;

/**
 * Where `pattern` first ends on a line starting at or after `fraction` of the text (the last one
 * before it when there is none), or -1: where a user typing mid-workload often is, inside one entry of
 * a container or resource.
 */
function lineEnd(text: string, pattern: RegExp, fraction: number): number {
  pattern.lastIndex = 0;
  let found = -1;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    found = match.index + match[0].length;
    if (match.index >= text.length * fraction) break;
  }
  return found;
}
