import { memo, useMemo } from 'react';
import { lineChanges, type LineChanges } from '../../state/export/line-diff';
import { useConfirm } from '../dialog/confirm';
import { useExportStore } from './export-context';
import { ExportMessages } from './ExportMessages';
import { useWorkloadExport } from './use-workload-export';
import './export.css';

/**
 * compose.yaml for the open workload, as the export would write it now: read-only, with line
 * numbers, the lines changed since the last export highlighted, and under it what score-compose
 * does not convert (warnings), its notes, or the errors that stop the conversion. Loaded with the
 * export's code (see ComposePreview.tsx).
 */
export function ComposePreviewContent() {
  const { workload, seed, exported, stale, lastExported } = useWorkloadExport();
  const store = useExportStore();
  const confirm = useConfirm();
  const compose = exported?.compose ?? '';
  const changes = useMemo(
    () => (lastExported === undefined || compose === '' ? undefined : lineChanges(lastExported, compose)),
    [lastExported, compose],
  );

  const regenerate = async () => {
    const ok = await confirm({
      title: 'Regenerate secrets?',
      message:
        'The next export gets new generated names and passwords. A database or queue that already runs with the old password will not accept the new one until its volume is removed.',
      confirmLabel: 'Regenerate',
      cancelLabel: 'Keep the current ones',
    });
    if (ok) store.getState().regenerateSeed(workload);
  };

  return (
    <section className="compose-preview" aria-label="Compose preview">
      <div className="compose-preview-bar">
        <p className="compose-preview-summary" role="status">
          {summary(exported === undefined, compose !== '', stale ? undefined : changes, stale)}
        </p>
        {seed !== undefined && (
          <span className="compose-seed" title={sameOnTheCommandLine(seed, exported?.projectName)}>
            Seed {seed}
          </span>
        )}
        <button type="button" onClick={() => void regenerate()} disabled={seed === undefined}>
          Regenerate secrets
        </button>
      </div>
      {stale && (
        <p className="stale-note" role="note">
          The YAML does not parse right now: this is the compose file of its last readable version.
        </p>
      )}
      {exported && exported.errors.length > 0 && (
        <ExportMessages kind="errors" title="This workload cannot be converted" items={exported.errors} />
      )}
      {compose !== '' && <ComposeLines text={compose} changed={changes?.changed} />}
      {exported && exported.warnings.length + exported.info.length > 0 && (
        // Scrolls on its own, so it takes the keyboard focus too.
        <div className="compose-preview-messages" role="region" aria-label="Export warnings and notes" tabIndex={0}>
          <ExportMessages kind="warnings" title="Warnings" items={exported.warnings} />
          <ExportMessages kind="info" title="Notes" items={exported.info} />
        </div>
      )}
    </section>
  );
}

/** The command that writes the same file (the browser names the project after the workload). */
function sameOnTheCommandLine(seed: number, projectName: string | undefined): string {
  const project = projectName === undefined ? '' : ` --project ${projectName}`;
  return `The command line writes the same file with: npx score-designer compose score.yaml${project} --seed ${seed}`;
}

function summary(pending: boolean, hasCompose: boolean, changes: LineChanges | undefined, stale: boolean): string {
  if (pending) return 'Preparing the preview…';
  if (!hasCompose) return 'No compose.yaml: see the errors below.';
  // What changed is of the text as it was when it last parsed, not as it is: not said as if current.
  if (stale) return 'Not up to date: the YAML does not parse.';
  if (!changes) return 'Not exported yet: changes are highlighted after the first export.';
  const { changed, removed } = changes;
  if (changed.length === 0 && removed === 0) return 'Unchanged since the last export.';
  const parts = [];
  if (changed.length > 0) parts.push(`${changed.length} ${changed.length === 1 ? 'line' : 'lines'} changed`);
  if (removed > 0) parts.push(`${removed} removed`);
  return `${parts.join(', ')} since the last export.`;
}

/** The file, one element per line: numbers and highlights come from CSS, so copying gives the file's text. */
const ComposeLines = memo(function ComposeLines({ text, changed }: { text: string; changed: number[] | undefined }) {
  const lines = useMemo(() => text.replace(/\n$/, '').split('\n'), [text]);
  const marked = useMemo(() => new Set(changed), [changed]);
  return (
    <pre className="compose-code" aria-label="compose.yaml" tabIndex={0}>
      <code>
        {lines.map((line, i) => (
          <span
            key={i}
            className={marked.has(i + 1) ? 'line changed' : 'line'}
            data-line={i + 1}
            data-changed={marked.has(i + 1) || undefined}
          >
            {line}
            {'\n'}
          </span>
        ))}
      </code>
    </pre>
  );
});
