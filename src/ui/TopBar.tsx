import { useEffect, useId, useRef, useState } from 'react';
import { templates, type WorkloadTemplate } from '../core/templates';
import { useDocument } from '../state/document-context';
import { statusText } from './status-text';
import { workloadName } from './workload-name';

/** The app's banner: which workload is open, where to start another, and its verdict. */
export function TopBar({
  onOpenTemplate,
  onOpenFile,
}: {
  onOpenTemplate: (template: WorkloadTemplate) => void;
  onOpenFile: (file: File) => void;
}) {
  return (
    <header className="top-bar">
      <h1 className="brand">Score Designer</h1>
      <WorkloadTitle />
      <div className="actions">
        <TemplatePicker onOpen={onOpenTemplate} />
        <OpenFileButton onOpen={onOpenFile} />
      </div>
      <Status />
    </header>
  );
}

function WorkloadTitle() {
  const name = useDocument((s) => workloadName(s.readable.parsed.value));
  const stale = useDocument((s) => s.readable !== s.report);
  useEffect(() => {
    document.title = name === undefined ? 'Score Designer' : `${name} — Score Designer`;
  }, [name]);
  return (
    <p className="workload">
      <span className="label">Workload</span>{' '}
      {name === undefined ? (
        <span className="workload-name unnamed">no name</span>
      ) : (
        <span className="workload-name" data-testid="workload-name">
          {name}
        </span>
      )}
      {stale && <span className="stale"> (as last read; the text does not parse now)</span>}
    </p>
  );
}

function TemplatePicker({ onOpen }: { onOpen: (template: WorkloadTemplate) => void }) {
  const [name, setName] = useState(templates[0]!.name);
  const selectId = useId();
  const descriptionId = useId();
  const chosen = templates.find((t) => t.name === name) ?? templates[0]!;
  return (
    <div className="template-picker" role="group" aria-label="Start from a template">
      <label htmlFor={selectId}>Template</label>
      <select
        id={selectId}
        value={chosen.name}
        onChange={(e) => setName(e.target.value)}
        aria-describedby={descriptionId}
      >
        {templates.map((t) => (
          <option key={t.name} value={t.name}>
            {t.title}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => onOpen(chosen)}>
        Use template
      </button>
      <span id={descriptionId} className="hint">
        {chosen.description}
      </span>
    </div>
  );
}

function OpenFileButton({ onOpen }: { onOpen: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        Open file…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Open a workload file"
        accept=".yaml,.yml,.json,application/yaml,application/x-yaml,text/yaml,application/json"
        data-testid="open-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // so that choosing the same file again opens it again
          if (file) onOpen(file);
        }}
      />
    </>
  );
}

function Status() {
  const text = useDocument((s) => statusText(s.report));
  const valid = useDocument((s) => s.report.valid);
  return (
    <p className={`status ${valid ? 'valid' : 'invalid'}`} role="status">
      {text}
    </p>
  );
}
