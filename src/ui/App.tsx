import { useCallback, useRef } from 'react';
import type { TextRange } from '../core/diagnostics';
import type { WorkloadTemplate } from '../core/templates';
import type { EditorHandle } from './editor-handle';
import { ProblemsPanel } from './ProblemsPanel';
import { TextEditor } from './TextEditor';
import { TopBar } from './TopBar';
import { useFileArrival } from './use-file-arrival';
import { useOpenWorkload } from './use-open-workload';
import './app.css';

/** The workspace: top bar, the workload's text, and its problems. */
export function App() {
  const editor = useRef<EditorHandle>(null);
  const { openFile, openText, notice, dismissNotice } = useOpenWorkload();
  const onFile = useCallback((file: File) => void openFile(file), [openFile]);
  const onPastedText = useCallback((text: string) => void openText(text, 'The pasted text'), [openText]);
  const onTemplate = useCallback(
    (t: WorkloadTemplate) => void openText(t.text, `the template “${t.title}”`),
    [openText],
  );
  const reveal = useCallback((range: TextRange) => editor.current?.reveal(range), []);
  const dragging = useFileArrival({ onFile, onText: onPastedText });

  return (
    <div className={`app${dragging ? ' dragging' : ''}`}>
      <TopBar onOpenTemplate={onTemplate} onOpenFile={onFile} />
      {notice && (
        <div className="notice" role="alert">
          <p>{notice.message}</p>
          <button type="button" onClick={dismissNotice}>
            Dismiss
          </button>
        </div>
      )}
      <main className="workspace">
        <section className="pane editor-pane" aria-labelledby="editor-heading">
          <h2 id="editor-heading" className="pane-title">
            <label htmlFor="workload-text">Workload YAML</label>
          </h2>
          <p id="editor-hint" className="hint">
            Edit score.yaml here. To open a file, use Open file…, or drop or paste it anywhere.
          </p>
          <TextEditor ref={editor} id="workload-text" describedBy="editor-hint" />
        </section>
        <ProblemsPanel onReveal={reveal} />
      </main>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop the file to open it
        </div>
      )}
    </div>
  );
}
