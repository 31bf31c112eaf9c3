import type { Diagnostic } from '../core/diagnostics';
import type { DocumentStore } from './document-store';

/**
 * `window.scoreDesigner`: the automation API, for scripts, tests and other tools driving the app.
 * It is installed by main.tsx and grows in later issues (commands, selection, export).
 *
 * - `getText()` — the workload's text, exactly as in the editor.
 * - `setText(text)` — replaces the text, as if the user had typed it (it counts as a change), and
 *   checks it at once.
 * - `getDiagnostics()` — every problem in the current text, in document order (a copy; changing it
 *   changes nothing). Never stale: it checks pending edits first.
 */
export interface ScoreDesignerApi {
  getText(): string;
  setText(text: string): void;
  getDiagnostics(): Diagnostic[];
}

export function createAutomationApi(store: DocumentStore): ScoreDesignerApi {
  return {
    getText: () => store.getState().text,
    setText(text) {
      if (typeof text !== 'string') throw new TypeError('scoreDesigner.setText expects a string');
      store.getState().setText(text);
      store.getState().flush();
    },
    getDiagnostics: () => structuredClone(store.getState().flush().diagnostics),
  };
}

declare global {
  interface Window {
    scoreDesigner?: ScoreDesignerApi;
  }
}
