import { useEffect, useRef } from 'react';
import { LineIndex } from '../../core/document/lines';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { intentForKey } from '../intents/dispatch';

/**
 * The YAML pane as a plain text area: shown at once while Monaco loads (the first paint never waits
 * for it), and kept if Monaco cannot load. Undo and redo go to the one history of the workspace.
 */
export function TextareaEditor({ label }: { label: string }) {
  const text = useDocument((s) => s.text);
  const typeText = useDocument((s) => s.typeText);
  const flush = useDocument((s) => s.flush);
  const store = useDocumentStore();
  const hasErrors = useDocument((s) => s.report.errors > 0);
  const reveal = useDocument((s) => s.reveal);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (reveal && area.current) revealInTextarea(area.current, reveal.range, reveal.focus);
  }, [reveal]);

  return (
    <textarea
      ref={area}
      className="editor textarea-editor"
      aria-label={label}
      value={text}
      onChange={(e) => typeText(e.target.value)}
      onBlur={() => flush()}
      onKeyDown={(e) => {
        // The workspace's keys that a text field keeps for itself (undo, redo): here they are the workspace's.
        const intent = intentForKey('workspace', e);
        if (!intent || intent.anywhere || intent.editorOwnsKey) return;
        intent.perform({ document: store, from: 'editor' });
        e.preventDefault();
      }}
      aria-invalid={hasErrors || undefined}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      wrap="off"
    />
  );
}

function revealInTextarea(
  area: HTMLTextAreaElement,
  range: { line: number; column: number; endLine: number; endColumn: number },
  focus: boolean,
): void {
  const lines = new LineIndex(area.value);
  const start = lines.offset(range.line, range.column);
  const end = Math.max(start, lines.offset(range.endLine, range.endColumn));
  if (focus) area.focus({ preventScroll: true });
  area.setSelectionRange(start, end);
  // Lines do not wrap, so the line's offset from the top is its number times the line height.
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  const top = (range.line - 1) * lineHeight;
  if (top < area.scrollTop || top + lineHeight > area.scrollTop + area.clientHeight) {
    area.scrollTop = Math.max(0, top - area.clientHeight / 3);
  }
}
