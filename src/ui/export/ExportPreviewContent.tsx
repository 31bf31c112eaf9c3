import { memo, useEffect, useMemo } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { setTarget } from '../../state/export/choices';
import { lineChanges, type LineChanges } from '../../state/export/line-diff';
import type { ExportTarget } from '../../state/export/settings';
import { useConfirm } from '../dialog/confirm';
import { useExportStore } from './export-context';
import { ExportMessages } from './ExportMessages';
import { K8sOptions } from './K8sOptions';
import { EXPORT_WORKING } from './load-export';
import { useWorkloadExport } from './use-workload-export';
import './export.css';

/**
 * The file a target's export would write now for the open workload (compose.yaml, manifests.yaml):
 * read-only, with line numbers, the lines changed since the last export to that target highlighted,
 * and under it what the converter does not convert (warnings), its notes, or the errors that stop
 * it. The Kubernetes preview has the Kubernetes export's options above it. Showing a target's
 * preview makes it the target export readiness checks (the status names it). Loaded with the
 * export's code (see ExportPreview.tsx).
 */
export function ExportPreviewContent({ target, label }: { target: ExportTarget; label: string }) {
  const { fileName, workload, seed, exported, working, stale, lastExported } = useWorkloadExport(target);
  const store = useExportStore();
  const confirm = useConfirm();
  const text = exported?.text ?? '';
  const changes = useMemo(
    () => (lastExported === undefined || text === '' ? undefined : lineChanges(lastExported, text)),
    [lastExported, text],
  );
  // The target previewed is the one readiness checks from now on.
  const documentStore = useDocumentStore();
  useEffect(() => {
    if (setTarget(store, target)) documentStore.getState().recheck();
  }, [store, documentStore, target]);

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
    <section className="compose-preview" aria-label={label}>
      <div className="compose-preview-bar">
        <p className="compose-preview-summary" role="status">
          {working
            ? EXPORT_WORKING
            : summary(fileName, exported === undefined, text !== '', stale ? undefined : changes, stale)}
        </p>
        {seed !== undefined && (
          <span
            className="compose-seed"
            title={`The command line writes the same file with: ${exported?.commandLine ?? ''}`}
          >
            Seed {seed}
          </span>
        )}
        <button type="button" onClick={() => void regenerate()} disabled={seed === undefined}>
          Regenerate secrets
        </button>
      </div>
      {target === 'kubernetes' && <K8sOptions />}
      {stale && (
        <p className="stale-note" role="note">
          The YAML does not parse right now: this is the {target === 'compose' ? 'compose file' : 'manifests file'} of
          its last readable version.
        </p>
      )}
      {exported && exported.errors.length > 0 && (
        <ExportMessages kind="errors" title="This workload cannot be converted" items={exported.errors} />
      )}
      {text !== '' && <FileLines text={text} fileName={fileName} changed={changes?.changed} />}
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

function summary(
  fileName: string,
  pending: boolean,
  hasText: boolean,
  changes: LineChanges | undefined,
  stale: boolean,
): string {
  if (pending) return 'Preparing the preview…';
  if (!hasText) return `No ${fileName}: see the errors below.`;
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
const FileLines = memo(function FileLines({
  text,
  fileName,
  changed,
}: {
  text: string;
  fileName: string;
  changed: number[] | undefined;
}) {
  const lines = useMemo(() => text.replace(/\n$/, '').split('\n'), [text]);
  const marked = useMemo(() => new Set(changed), [changed]);
  return (
    <pre className="compose-code" aria-label={fileName} tabIndex={0}>
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
