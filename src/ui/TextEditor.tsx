import { useImperativeHandle, useRef, type Ref } from 'react';
import { LineIndex } from '../core/document/lines';
import { useDocument } from '../state/document-context';
import type { EditorHandle } from './editor-handle';

/** The YAML pane, for now a plain textarea (Monaco replaces it later behind the same EditorHandle). */
export function TextEditor({ ref, id, describedBy }: { ref: Ref<EditorHandle>; id: string; describedBy?: string }) {
  const text = useDocument((s) => s.text);
  const setText = useDocument((s) => s.setText);
  const flush = useDocument((s) => s.flush);
  const hasErrors = useDocument((s) => s.report.errors > 0);
  const area = useRef<HTMLTextAreaElement>(null);

  useImperativeHandle(ref, () => ({ reveal: (range) => area.current && revealInTextarea(area.current, range) }), []);

  return (
    <textarea
      ref={area}
      id={id}
      className="editor"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => flush()}
      aria-describedby={describedBy}
      aria-invalid={hasErrors || undefined}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      wrap="off"
    />
  );
}

function revealInTextarea(area: HTMLTextAreaElement, range: Parameters<EditorHandle['reveal']>[0]): void {
  const lines = new LineIndex(area.value);
  const start = lines.offset(range.line, range.column);
  const end = Math.max(start, lines.offset(range.endLine, range.endColumn));
  area.focus({ preventScroll: true });
  area.setSelectionRange(start, end);
  // Lines do not wrap, so the line's offset from the top is its number times the line height.
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  const top = (range.line - 1) * lineHeight;
  if (top < area.scrollTop || top + lineHeight > area.scrollTop + area.clientHeight) {
    area.scrollTop = Math.max(0, top - area.clientHeight / 3);
  }
}
