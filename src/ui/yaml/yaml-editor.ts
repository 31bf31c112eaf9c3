import type * as Monaco from 'monaco-editor';
import type { Edit } from '../../core/commands';
import { rangeOf } from '../../core/document/source-map';
import type { DocumentStore, Selection, TextChange } from '../../state/document/store';
import { diffEdits } from '../../core/document/text-diff';
import type { KeyBinding } from '../intents/keys';
import { allIntents } from '../intents/table';
import { afterNextPaint } from '../common/scheduling';
import { MARKER_OWNER, toMarkers } from './markers';
import { lengthInEditor, normalisedInEditor, offsetIn, positionIn } from './line-ends';
import { tabLeavesAfterEscape, type TabHint } from './tab-leaves';
import { typingSuggestions } from './typing-suggestions';

/**
 * The YAML pane's Monaco editor, bound to the document store both ways:
 * - typing becomes store changes (grouped into undo steps by the store);
 * - changes from anywhere else (commands, undo/redo, automation) reach the editor as minimal edits
 *   (`executeEdits`), so that the cursor, the selection and the scroll position survive, once the
 *   frame that shows them in the rest of the page has been drawn (see `catchUp`);
 * - our diagnostics are the markers; the caret selects what it stands in; problems and selections
 *   made elsewhere are revealed;
 * - Undo/Redo and F8/Shift+F8 go to the store: one history and one problem walk for the whole app.
 */
export interface YamlEditorOptions {
  ariaLabel: string;
  modelUri: string;
  /** Gets what Tab does while the editor has the focus (see tab-leaves.ts). */
  onTabHint?: (hint: TabHint) => void;
}

const EDIT_SOURCE = 'score-designer';

export function mountYamlEditor(
  monaco: typeof Monaco,
  element: HTMLElement,
  store: DocumentStore,
  { ariaLabel, modelUri, onTabHint = () => {} }: YamlEditorOptions,
): Monaco.IDisposable {
  const uri = monaco.Uri.parse(modelUri);
  monaco.editor.getModel(uri)?.dispose();
  const model = monaco.editor.createModel(store.getState().text, 'yaml', uri);
  model.updateOptions({ tabSize: 2, insertSpaces: true });
  const editor = monaco.editor.create(element, {
    model,
    ariaLabel,
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    fixedOverflowWidgets: true,
    fontSize: 13,
    lineHeight: 20,
    renderWhitespace: 'boundary',
    // A dimmed last line number fails contrast (WCAG AA); the final new line is shown like any line.
    renderFinalNewline: 'on',
    wordBasedSuggestions: 'off',
    quickSuggestions: typingSuggestions(model.getValueLength()),
    tabSize: 2,
    detectIndentation: false,
    accessibilitySupport: 'auto',
    'semanticHighlighting.enabled': false,
    // Off: features that ask the YAML worker on every change or caret move and give nothing here
    // (no links in a workload), so that typing in a large workload stays light. The lightbulb is on
    // in name only: with it off, Monaco's pause after a caret move or a new check drops a Ctrl+. still
    // waiting for its answers ("No code actions available"); our fixes answer only when asked
    // (quick-fix-actions.ts), so it is never lit for them. The same for the outline (sticky scroll) and the worker's folding ranges: on a large workload their
    // answers take the main thread longer than anything else while typing. Indentation folds YAML well.
    links: false,
    lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
    stickyScroll: { enabled: false },
    foldingStrategy: 'indentation',
    // U+2028 / U+2029 in the file are the file's: Monaco would ask, in a native dialog, to remove them
    // all (and typing on took them out of the store's text too). They stay, shown as characters.
    unusualLineTerminators: 'off',
  });

  /** Suggestions while typing, or on request only: they follow the text's length (see typing-suggestions.ts). */
  let suggesting = typingSuggestions(model.getValueLength());
  const followLength = () => {
    const now = typingSuggestions(model.getValueLength());
    if (now === suggesting) return;
    suggesting = now;
    editor.updateOptions({ quickSuggestions: now });
  };

  /** True while the editor applies a change that came from the store: it must not be echoed back. */
  let applying = false;
  /**
   * The store's text that the model shows (the same string object as the store's). The model holds it
   * exactly, unless it mixes line ends (`normalised`): Monaco then holds it with one kind, and offsets
   * are mapped through lines and columns, which both share (see line-ends.ts). The store keeps every
   * byte: typing changes only what was typed, and a change made elsewhere lands where it was made.
   */
  let mirrored = store.getState().text;
  let normalised = normalisedInEditor(mirrored);
  const take = (text: string, mixed = normalisedInEditor(text)) => {
    mirrored = text;
    normalised = mixed;
  };

  /** Where an offset of the store's text `base` (the one the model shows) is in the model. */
  const positionOf = (base: string, offset: number): Monaco.IPosition =>
    normalised ? positionIn(base, offset) : model.getPositionAt(offset);
  const toRange = (edit: Edit, base: string) => {
    const start = positionOf(base, edit.start);
    const end = positionOf(base, edit.end);
    return new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
  };
  /** The model holds `text`, as far as a length can tell (with its line ends made the model's when `mixed`). */
  const holds = (text: string, mixed: boolean) =>
    model.getValueLength() === (mixed ? lengthInEditor(text, model.getEOL()) : text.length);

  /** Brings the model to `change.text` (the store's text); `opened`: another workload was opened meanwhile. */
  const applyChange = (change: TextChange, opened: boolean) => {
    // `mirrored` is what the model holds (every change of the model passes through onDidChangeContent
    // or here): no need to read the whole text out of Monaco, which on a large file costs milliseconds.
    const current = mirrored;
    if (current === change.text) return;
    const edits = current === change.before ? change.edits : diffEdits(current, change.text);
    applying = true;
    try {
      if (opened) {
        model.setValue(change.text); // another workload: a fresh start, cursor at the top
      } else {
        editor.executeEdits(
          EDIT_SOURCE,
          edits.map((e) => ({ range: toRange(e, current), text: e.insert, forceMoveMarkers: false })),
        );
      }
      // Never diverge from the truth (a length is a cheap witness; the edits are exact by construction).
      const mixed = normalisedInEditor(change.text);
      if (!holds(change.text, mixed)) model.setValue(change.text);
      take(change.text, mixed);
      const first = edits[0];
      if (change.source === 'history' && first) {
        // As in other editors, undo and redo show where they changed the text.
        const at = positionOf(change.text, first.start + first.insert.length);
        editor.setPosition(at, EDIT_SOURCE);
        editor.revealPositionInCenterIfOutsideViewport(at, monaco.editor.ScrollType.Smooth);
      }
    } finally {
      applying = false;
    }
    followLength();
  };

  /*
   * A change made elsewhere reaches the model after the frame that shows it in the rest of the page
   * (problems, graph, status), not in it: updating Monaco's model (its text, view model, decorations
   * and the YAML worker's copy) takes a millisecond or more even on a template, and that frame is the
   * one the user waits for. Monaco draws a change in an animation frame of its own anyway, so the YAML
   * pane shows it a frame later at most.
   *
   * Until then the model is behind the store. Whatever would read or edit it catches up first: every
   * operation of the editor (typing, pasting, a command, a click that moves the caret: Monaco announces
   * each with onBeginUpdate before it touches anything), a pointer pressed on it (before Monaco maps
   * the pointer to a place in the text), and a request to reveal a range.
   *
   * The markers come after that frame too, after typing as well: set in that frame, they had Monaco
   * draw its lines again in it (typing's check made a frame about a millisecond longer). So does the
   * highlight of a selection while the model is behind (it is placed in the store's text).
   */
  let behind: { opened: boolean } | null = null;
  let markersDue = false;
  let selectionDue = false;
  let cancelCatchUp: (() => void) | undefined;

  const catchUp = () => {
    cancelCatchUp?.();
    cancelCatchUp = undefined;
    const due = behind;
    behind = null;
    const state = store.getState();
    if (due && state.lastChange && state.text !== mirrored) applyChange(state.lastChange, due.opened);
    if (markersDue) {
      markersDue = false;
      showMarkers();
    }
    if (selectionDue) {
      selectionDue = false;
      showSelection(state.selection);
    }
  };
  const catchUpNow = () => {
    if (behind && !applying) catchUp();
  };

  const showMarkers = () => {
    const { report, text } = store.getState();
    if (report.parsed.text !== text) return; // not checked yet: the old markers move with the edits meanwhile
    const severities = {
      error: monaco.MarkerSeverity.Error,
      warning: monaco.MarkerSeverity.Warning,
      info: monaco.MarkerSeverity.Info,
    };
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      toMarkers(report.diagnostics, severities, (line) => model.getLineLength(Math.min(line, model.getLineCount()))),
    );
  };

  const reveal = (range: Monaco.IRange, focus: boolean) => {
    editor.setSelection(range, 'api');
    editor.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Smooth);
    if (focus) editor.focus();
  };

  // A selection made elsewhere (graph, inspector, automation, a command) is shown, not typed into:
  // the entry is highlighted and scrolled into view, and the caret stays where the user left it.
  const highlight = editor.createDecorationsCollection();
  const showSelection = (selection: Selection | null) => {
    const fromElsewhere = selection && selection.source !== 'editor' && selection.source !== 'problems';
    if (!fromElsewhere) {
      highlight.clear();
      return;
    }
    // The caret's own selections only clear it (above): shown after the frame, they may find the text
    // typed further, and checking it here would block typing. A selection made elsewhere comes with
    // its text checked (a command checks at once): this is cheap, and right if the user typed since.
    const report = store.getState().flush();
    if (report.parsed.blocked) {
      highlight.clear();
      return;
    }
    const pointer = selection.pointer;
    const r = rangeOf(report.parsed, pointer, 'entry');
    // An entry's text ends with its line break: drawn as is, the mark would reach the next line's start.
    const range =
      r.endColumn === 1 && r.endLine > r.line
        ? new monaco.Range(r.line, r.column, r.endLine - 1, model.getLineMaxColumn(r.endLine - 1))
        : new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
    highlight.set([
      {
        range,
        options: {
          className: 'selected-entry',
          linesDecorationsClassName: 'selected-entry-lines',
          stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        },
      },
    ]);
    editor.revealRangeInCenterIfOutsideViewport(range, monaco.editor.ScrollType.Smooth);
  };

  const disposables: Monaco.IDisposable[] = [
    tabLeavesAfterEscape(monaco, editor, element, onTabHint),
    model.onDidChangeContent((e) => {
      if (applying) return;
      if (normalised && !e.isFlush) {
        // The store's text changes where the model did, and nowhere else: its other line ends stay.
        const base = mirrored;
        const edits = e.changes
          .map((c) => ({
            start: offsetIn(base, { lineNumber: c.range.startLineNumber, column: c.range.startColumn }),
            end: offsetIn(base, { lineNumber: c.range.endLineNumber, column: c.range.endColumn }),
            insert: c.text,
          }))
          .sort((a, b) => a.start - b.start);
        let text = base;
        for (let i = edits.length - 1; i >= 0; i--) {
          const edit = edits[i]!;
          text = text.slice(0, edit.start) + edit.insert + text.slice(edit.end);
        }
        take(text);
        store.getState().typeText(text, edits);
        followLength();
        return;
      }
      // The model's own text: one kind of line end throughout, nothing to map.
      const text = model.getValue();
      take(text, false);
      const edits = e.isFlush
        ? undefined
        : e.changes
            .map((c) => ({ start: c.rangeOffset, end: c.rangeOffset + c.rangeLength, insert: c.text }))
            .sort((a, b) => a.start - b.start);
      store.getState().typeText(text, edits);
      followLength();
    }),
    editor.onDidChangeCursorPosition((e) => {
      if (applying || e.source === 'api' || e.source === EDIT_SOURCE) return;
      store.getState().selectAt(normalised ? offsetIn(mirrored, e.position) : model.getOffsetAt(e.position));
    }),
    editor.onDidBlurEditorText(() => void store.getState().flush()),
    editor.onBeginUpdate(catchUpNow),
    // The workspace's intents (undo, redo, the problem walk), bound in the editor too: they go to
    // the store, and the editor's own undo stack is never used.
    ...allIntents
      .filter((intent) => intent.scope === 'workspace' && !intent.editorOwnsKey)
      .map((intent) =>
        editor.addAction({
          id: `score.${intent.name}`,
          label: intent.editorLabel ?? intent.label,
          keybindings: intent.keys.map((key) => monacoKeybinding(monaco, key)),
          run: () => intent.perform({ document: store, from: 'editor' }),
        }),
      ),
  ];

  const unsubscribe = store.subscribe((state, previous) => {
    const change = state.lastChange;
    if (change !== previous.lastChange && change && state.text !== mirrored) {
      behind = { opened: change.source === 'open' || behind?.opened === true };
    }
    if (state.report !== previous.report) markersDue = true;
    if (state.selection !== previous.selection) selectionDue = true;
    if (state.reveal && state.reveal !== previous.reveal) {
      catchUp();
      const { range, focus } = state.reveal;
      reveal(new monaco.Range(range.line, range.column, range.endLine, range.endColumn), focus);
    } else if (behind) {
      cancelCatchUp ??= afterNextPaint(catchUp);
    } else {
      // The model holds the store's text: a selection is shown at once, as before. Showing one made
      // elsewhere checks the text (flush), and that check belongs to the moment of the selection, not
      // to a frame later, amid whatever the user does next. Only the markers wait for the frame.
      if (selectionDue) {
        selectionDue = false;
        showSelection(state.selection);
      }
      if (markersDue) cancelCatchUp ??= afterNextPaint(catchUp);
    }
  });
  element.addEventListener('pointerdown', catchUpNow, true);
  showMarkers();

  return {
    dispose() {
      unsubscribe();
      cancelCatchUp?.();
      element.removeEventListener('pointerdown', catchUpNow, true);
      for (const d of disposables) d.dispose();
      monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
      editor.dispose();
      model.dispose();
    },
  };
}

/** A key of the intents' table as Monaco writes it (Shift held or not as the binding says; `'any'` as not held). */
function monacoKeybinding(monaco: typeof Monaco, { key, mod, shift }: KeyBinding): number {
  const name = (key.length === 1 ? `Key${key.toUpperCase()}` : key) as keyof typeof Monaco.KeyCode;
  return (mod ? monaco.KeyMod.CtrlCmd : 0) | (shift === true ? monaco.KeyMod.Shift : 0) | monaco.KeyCode[name];
}
