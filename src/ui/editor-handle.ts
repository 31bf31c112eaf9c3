import type { TextRange } from '../core/diagnostics';

/**
 * What the rest of the app may ask of the editor pane, whichever editor it is (a textarea now,
 * Monaco later): show a range of the text, with the caret on it.
 */
export interface EditorHandle {
  reveal(range: TextRange): void;
}
