import {
  isCommandName,
  isRefusal,
  runCommand,
  type CommandArgs,
  type CommandName,
  type CommandResult,
} from '../../core/commands';
import type { Diagnostic } from '../../core/diagnostics';
import type { DocumentStore } from './store';

/**
 * `window.scoreDesigner`: the automation API, for scripts, tests and tools embedding the app.
 * Every call goes through the same store actions as the user interface, so it has the same effects:
 * the change is one undo step, the YAML pane shows it, the autosave keeps it.
 *
 * - `getText()` — the workload's text, exactly as in the editor.
 * - `setText(text)` — replaces the text (one undo step) and checks it at once.
 * - `run(commandName, args)` — runs a named edit command (`addContainer`, `setVariable`, …) and returns
 *   its result: `{ text, edits, selection? }`, or `{ error }` when refused (then nothing changed).
 * - `getDiagnostics()` — every problem in the current text, in document order (a copy). Never stale:
 *   pending edits are checked first.
 * - `select(pointer)` — selects a part of the workload by JSON Pointer (e.g. `/containers/web`); the
 *   YAML pane shows it, and the graph and inspector follow.
 */
export interface ScoreDesignerApi {
  getText(): string;
  setText(text: string): void;
  run(commandName: string, args?: unknown): CommandResult;
  getDiagnostics(): Diagnostic[];
  select(pointer: string): void;
}

export function createAutomationApi(store: DocumentStore): ScoreDesignerApi {
  return {
    getText: () => store.getState().text,
    setText(text) {
      if (typeof text !== 'string') throw new TypeError('scoreDesigner.setText expects a string');
      store.getState().replaceText(text);
      store.getState().flush();
    },
    run(commandName, args) {
      if (typeof commandName !== 'string') throw new TypeError('scoreDesigner.run expects a command name');
      // The name is checked here, and each command checks its arguments: both arrive as untyped JSON.
      if (!isCommandName(commandName)) {
        const refused = runCommand(commandName, store.getState().text, args); // "There is no command named …"
        if (isRefusal(refused)) store.getState().say('error', refused.error); // shown, as the store shows a refusal
        return structuredClone(refused);
      }
      return structuredClone(store.getState().runCommand(commandName, (args ?? {}) as CommandArgs<CommandName>));
    },
    getDiagnostics: () => structuredClone(store.getState().flush().diagnostics),
    select(pointer) {
      if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
        throw new TypeError('scoreDesigner.select expects a JSON Pointer such as "/containers/web"');
      }
      store.getState().select(pointer, 'automation');
    },
  };
}

declare global {
  interface Window {
    scoreDesigner?: ScoreDesignerApi;
  }
}
