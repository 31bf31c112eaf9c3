import { useRef } from 'react';
import { useRepository } from '../../api/repository-context';
import { importSummary, importWorkloadFiles, type ImportFile } from '../../state/library/import';
import type { LibraryMessage } from './library-message';

/**
 * Import into the library: several files at once, or a whole folder (its YAML and JSON files).
 * Names already in the library are skipped, never overwritten; the result lists what failed and why.
 */
export function ImportControls({
  disabled,
  onStart,
  onDone,
}: {
  disabled: boolean;
  onStart: (what: string) => void;
  onDone: (message: NonNullable<LibraryMessage>) => void | Promise<void>;
}) {
  const repository = useRepository();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);

  const importChosen = async (input: HTMLInputElement, fromFolder: boolean) => {
    const chosen = [...(input.files ?? [])] as ImportFile[];
    input.value = ''; // choosing the same files again imports them again
    if (chosen.length === 0) return;
    onStart(`Importing ${chosen.length} ${chosen.length === 1 ? 'file' : 'files'}…`);
    const report = await importWorkloadFiles(repository, chosen, { fromFolder });
    const problems = report.results
      .filter((r) => r.status !== 'imported')
      .map((r) => `${r.file}: ${r.message ?? r.status}`);
    const text = [importSummary(report), ...problems].join('\n');
    await onDone({ kind: report.failed > 0 || report.stopped ? 'error' : 'info', text });
  };

  return (
    <div className="library-import" role="group" aria-label="Import">
      <button type="button" disabled={disabled} onClick={() => files.current?.click()}>
        Import files…
      </button>
      <button type="button" disabled={disabled} onClick={() => folder.current?.click()}>
        Import a folder…
      </button>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        aria-label="Workload files to import"
        accept=".yaml,.yml,.json,application/yaml,application/x-yaml,text/yaml,application/json"
        data-testid="library-import-files"
        onChange={(e) => void importChosen(e.currentTarget, false)}
      />
      <input
        ref={(el) => {
          folder.current = el;
          // Not in React's types: set as an attribute (every current browser supports it).
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        aria-label="A folder of workload files to import"
        data-testid="library-import-folder"
        onChange={(e) => void importChosen(e.currentTarget, true)}
      />
    </div>
  );
}
