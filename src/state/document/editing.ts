import {
  runCommand as runCoreCommand,
  isRefusal,
  type CommandArgs,
  type CommandName,
  type CommandResult,
  type Edit,
} from '../../core/commands';
import { readingOf } from '../../core/commands/run';
import type { ParsedDocument } from '../../core/document/parse';
import { diffEdits, diffText } from '../../core/document/text-diff';
import { emptyHistory, recordStep, recordTyping, redo, undo, type History } from './history';

/** Where a change of the text came from. The editor pane applies every change that did not come from itself. */
export type ChangeSource = 'editor' | 'command' | 'history' | 'automation' | 'open';

/** The last change of the text, with the edits (against `before`) that made it: panes apply those, not the whole text. */
export interface TextChange {
  seq: number;
  before: string;
  text: string;
  edits: Edit[];
  source: ChangeSource;
}

/** One command of several run as one step: its name and its arguments, typed by the name. */
export type CommandStep = { [N in CommandName]: { name: N; args: CommandArgs<N> } }[CommandName];

/** The workload's text, where it came from, how it last changed, and its undo history. */
export interface DocumentFields {
  /** The workload's text, exactly as the user has it. */
  text: string;
  /** The text as it was last opened; the user has changes when `text` differs from it. */
  openedText: string;
  /** Where the text came from, in words: a file name, a template title, "pasted text"; null before anything is open. */
  origin: string | null;
  lastChange: TextChange | null;
  history: History;
}

export interface DocumentActions {
  /** Typing in an editor pane: grouped into undo steps. `edits` (against the current text) when the editor knows them. */
  typeText(text: string, edits?: Edit[]): void;
  /** Replaces the whole text as one undo step (automation, paste over everything). */
  replaceText(text: string): void;
  /** Runs a named core command on the text. A refusal changes nothing and is shown as a message. */
  runCommand<N extends CommandName>(name: N, args: CommandArgs<N>): CommandResult;
  /**
   * Runs commands one after the other, as one undo step (one click that removes several references).
   * A refused command is skipped, and its refusal returned, not shown; the others still run.
   */
  runCommands(steps: readonly CommandStep[]): CommandResult[];
  undo(): boolean;
  redo(): boolean;
  /** Opens another workload: replaces the text, forgets changes and history, checks at once. */
  open(text: string, origin: string): void;
  /**
   * Takes up a workload put aside (another of the project, see state/project): its text, what was
   * opened, its origin and its undo history come back as they were; it is checked at once.
   */
  resume(workload: ParkedDocument): void;
  /** Back to the start screen, with nothing open. */
  close(): void;
  /** `text` was saved somewhere: it becomes the clean state that unsaved changes are measured from. */
  markSaved(text: string): void;
  /** The recovered draft is thrown away: back to the start screen. */
  discardRecovered(): void;
}

/** What is kept of a workload while another of the project is edited: enough to take it up again. */
export type ParkedDocument = Pick<DocumentFields, 'text' | 'openedText' | 'origin' | 'history'>;

/** A new text with what goes with it, stored together (with its report when it is checked at once). */
export type TextUpdate = Pick<DocumentFields, 'text' | 'history' | 'lastChange' | 'origin'>;

export interface DocumentHost {
  get(): DocumentFields;
  set(fields: Partial<DocumentFields>): void;
  /** A new text from `before`, made of `edits`: checked at once (`now`) or after the pause in typing. */
  changed(
    update: TextUpdate,
    before: string,
    edits: readonly Edit[],
    how: { now: boolean; reading?: ParsedDocument },
  ): void;
  /** Another workload, or none: stored with nothing of the one before (its report, selection, notices). */
  startOver(fields: DocumentFields): void;
  say(text: string): void;
  /** A command selected what it created or changed. */
  select(pointer: string): void;
  /** A command succeeded: a refusal shown before is answered. */
  answered(): void;
  /** The clock typing is grouped by. */
  now(): number;
}

/** The fields of a workload just opened (`openedText` differs for a recovered draft with changes). */
export const startFields = (text: string, origin: string | null, openedText = text): DocumentFields => ({
  text,
  openedText,
  origin,
  lastChange: null,
  history: emptyHistory,
});

/**
 * The document and its history: every change of the text, from any pane, passes here. It becomes a
 * step of the undo history (typing grouped), the last change the panes apply, and a check.
 */
export function createDocument(host: DocumentHost): DocumentActions {
  const { get } = host;
  let changes = 0;

  const change = (
    text: string,
    edits: Edit[],
    source: ChangeSource,
    history: History,
    now: boolean,
    reading?: ParsedDocument,
  ) => {
    const before = get().text;
    const update: TextUpdate = {
      text,
      history,
      lastChange: { seq: ++changes, before, text, edits, source },
      origin: get().origin ?? 'a new workload',
    };
    host.changed(update, before, edits, reading ? { now, reading } : { now });
  };

  /** Another workload (or none): the last readable version of the previous one says nothing about it. */
  const reset = (text: string, origin: string | null) => {
    const before = get().text;
    host.startOver({
      ...startFields(text, origin),
      lastChange: { seq: ++changes, before, text, edits: [diffText(before, text)], source: 'open' },
    });
  };

  const actions: DocumentActions = {
    typeText(text, edits) {
      const before = get().text;
      if (text === before) return;
      const made = edits ?? diffEdits(before, text);
      change(text, made, 'editor', recordTyping(get().history, before, made, host.now()), false);
    },
    replaceText(text) {
      const before = get().text;
      if (text === before) return;
      const edits = diffEdits(before, text);
      change(text, edits, 'automation', recordStep(get().history, before, text, edits), true);
    },
    runCommand(name, args) {
      const before = get().text;
      const result = runCoreCommand(name, before, args);
      if (isRefusal(result)) {
        host.say(result.error);
        return result;
      }
      host.answered();
      if (result.text !== before) {
        const history = recordStep(get().history, before, result.text, result.edits);
        change(result.text, result.edits, 'command', history, true, readingOf(result));
      }
      if (result.selection !== undefined) host.select(result.selection);
      return result;
    },
    runCommands(steps) {
      const before = get().text;
      let text = before;
      let reading: ParsedDocument | undefined;
      const results = steps.map(({ name, args }) => {
        const result = runCoreCommand(name, text, args);
        if (!isRefusal(result)) {
          text = result.text;
          reading = readingOf(result);
        }
        return result;
      });
      if (text !== before) {
        host.answered();
        const edits = diffEdits(before, text);
        change(text, edits, 'command', recordStep(get().history, before, text, edits), true, reading);
      }
      return results;
    },
    // Undo and redo are checked at once, like commands: checked after the pause that typing gets,
    // the form went on showing for a moment the value they took back, and a field cleared in that
    // moment lost its clearing when the check replaced the value under the user's selection.
    undo() {
      const move = undo(get().history, get().text);
      if (!move) return false;
      change(move.text, move.edits, 'history', move.history, true);
      return true;
    },
    redo() {
      const move = redo(get().history, get().text);
      if (!move) return false;
      change(move.text, move.edits, 'history', move.history, true);
      return true;
    },
    open(text, origin) {
      reset(text, origin);
    },
    resume({ text, openedText, origin, history }) {
      const before = get().text;
      host.startOver({
        text,
        openedText,
        origin,
        history,
        lastChange: { seq: ++changes, before, text, edits: [diffText(before, text)], source: 'open' },
      });
    },
    close() {
      reset('', null);
    },
    markSaved(text) {
      host.set({ openedText: text });
    },
    discardRecovered() {
      actions.close();
    },
  };
  return actions;
}

/** True when the text differs from what was opened: replacing it would lose the user's work. */
export function hasChanges(state: Pick<DocumentFields, 'text' | 'openedText'>): boolean {
  return state.text !== state.openedText;
}

/** True when a workload is open (false on the start screen). */
export function isOpen(state: Pick<DocumentFields, 'origin'>): boolean {
  return state.origin !== null;
}
