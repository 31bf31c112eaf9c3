import { useDocument } from '../../state/document/context';
import { canRedo, canUndo } from '../../state/document/history';

/** Undo and Redo of the one history of the workspace (YAML typing and commands alike). */
export function HistoryButtons() {
  const undoable = useDocument((s) => canUndo(s.history, s.text));
  const redoable = useDocument((s) => canRedo(s.history));
  const undo = useDocument((s) => s.undo);
  const redo = useDocument((s) => s.redo);
  return (
    <>
      <button
        type="button"
        onClick={() => undo()}
        disabled={!undoable}
        aria-keyshortcuts="Control+Z Meta+Z"
        title="Undo (Ctrl+Z)"
      >
        Undo
      </button>
      <button
        type="button"
        onClick={() => redo()}
        disabled={!redoable}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title="Redo (Ctrl+Shift+Z)"
      >
        Redo
      </button>
    </>
  );
}
