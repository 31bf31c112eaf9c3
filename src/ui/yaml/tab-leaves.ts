import type * as Monaco from 'monaco-editor';
import { controlBeside } from '../common/focusable';

/** What the editor says of Tab, while it has the focus (shown and read out, as VS Code's status bar does). */
export const TAB_HINTS = {
  indents: 'Tab indents. Press Escape, then Tab, to leave the editor.',
  leaves: 'Tab now leaves the editor (Shift+Tab goes back).',
} as const;

export type TabHint = (typeof TAB_HINTS)[keyof typeof TAB_HINTS] | '';

/**
 * Tab in the YAML editor indents, as in VS Code: a keyboard user would otherwise be trapped in it.
 * Escape, then Tab (or Shift+Tab), moves the focus out, to the next (previous) control of the page;
 * any other key after Escape leaves Tab indenting. `say` gets the hint to show while the editor has
 * the focus ('' once it has gone).
 */
export function tabLeavesAfterEscape(
  monaco: typeof Monaco,
  editor: Monaco.editor.IStandaloneCodeEditor,
  host: HTMLElement,
  say: (hint: TabHint) => void,
): Monaco.IDisposable {
  // A context key, so that the two keys below are editor keybindings of their own, taking precedence
  // over indenting (Shift+Tab is the editor's outdent command) only while Escape was the last key.
  // Tab itself, and the modifiers pressed on the way to Shift+Tab, leave the Escape in force.
  const KEEP_ARMED = new Set([
    monaco.KeyCode.Tab,
    monaco.KeyCode.Shift,
    monaco.KeyCode.Ctrl,
    monaco.KeyCode.Alt,
    monaco.KeyCode.Meta,
  ]);
  const armed = editor.createContextKey<boolean>('scoreDesignerTabLeaves', false);
  const disarm = () => {
    if (!armed.get()) return;
    armed.set(false);
    say(TAB_HINTS.indents);
  };
  const leave = (step: 1 | -1) => {
    armed.set(false);
    const next = controlBeside(host, step);
    if (next) next.focus();
    else say(TAB_HINTS.indents);
  };
  editor.addCommand(monaco.KeyCode.Tab, () => leave(1), 'scoreDesignerTabLeaves');
  editor.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.Tab, () => leave(-1), 'scoreDesignerTabLeaves');
  const disposables = [
    editor.onDidFocusEditorText(() => {
      armed.set(false);
      say(TAB_HINTS.indents);
    }),
    editor.onDidBlurEditorText(() => {
      armed.set(false);
      say('');
    }),
    editor.onKeyDown((e) => {
      if (e.keyCode === monaco.KeyCode.Escape) {
        armed.set(true);
        say(TAB_HINTS.leaves);
      } else if (!KEEP_ARMED.has(e.keyCode)) {
        disarm();
      }
    }),
  ];
  return { dispose: () => disposables.forEach((d) => d.dispose()) };
}
