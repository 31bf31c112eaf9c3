import { useId, useMemo } from 'react';
import {
  addResourceArgs,
  missingServicePort,
  resourceSnippet,
  type CatalogEntry,
  type CatalogType,
} from '../../core/catalog';
import { isRefusal } from '../../core/commands';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';

/** One resource type: each provisioner of it (by class), with its params, outputs, services and snippet. */
export function TypeDetail({ type, onStatus }: { type: CatalogType; onStatus: (text: string) => void }) {
  const headingId = useId();
  return (
    <section className="catalog-detail" aria-labelledby={headingId}>
      <h3 id={headingId}>{type.type}</h3>
      {type.description && <p>{type.description}</p>}
      <p className="muted">
        Classes: {type.classes.map((c) => (c === '(any)' ? 'any class' : c)).join(', ')}.{' '}
        {type.entries.length > 1 &&
          'The first provisioner that matches a resource’s class (and id) provisions it, in the order below.'}
      </p>
      {type.entries.map((entry, i) => (
        <EntryCard key={`${entry.uri}#${i}`} entry={entry} typeDescription={type.description} onStatus={onStatus} />
      ))}
    </section>
  );
}

function EntryCard({
  entry,
  typeDescription,
  onStatus,
}: {
  entry: CatalogEntry;
  /** Said once above the entries; an entry only repeats a description of its own. */
  typeDescription: string;
  onStatus: (text: string) => void;
}) {
  const headingId = useId();
  const snippet = useMemo(() => resourceSnippet(entry), [entry]);
  const title = `${entry.class !== undefined ? `Class ${entry.class}` : 'Any class'}${entry.id !== undefined ? `, id ${entry.id}` : ''}`;
  return (
    <article className="catalog-entry" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      <dl className="entry-facts">
        <dt>Provisioner</dt>
        <dd>
          <code>{entry.uri}</code>
        </dd>
        <dt>From</dt>
        <dd>
          {entry.source.kind === 'built-in'
            ? 'Built in (score-compose’s defaults)'
            : `${entry.source.file}${entry.source.url ? ` (${entry.source.url})` : ''}`}
        </dd>
        {entry.description !== '' && entry.description !== typeDescription && (
          <>
            <dt>Description</dt>
            <dd>{entry.description}</dd>
          </>
        )}
      </dl>
      {!entry.runsInBrowser && (
        <p className="catalog-warning" role="note">
          Cannot run in a browser: {entry.note}
        </p>
      )}
      <Params entry={entry} />
      <Outputs entry={entry} />
      <Services entry={entry} />
      <h5>Snippet</h5>
      <pre className="catalog-snippet" tabIndex={0} aria-label={`Snippet for ${entry.type}`}>
        {snippet}
      </pre>
      <div className="catalog-actions">
        <AddButton entry={entry} label={`${entry.type}, ${title.toLowerCase()}`} onStatus={onStatus} />
        <button
          type="button"
          aria-label={`Copy snippet: ${entry.type}, ${title.toLowerCase()}`}
          onClick={() =>
            void navigator.clipboard?.writeText(snippet).then(
              () => onStatus('Snippet copied.'),
              () => onStatus('The browser did not allow copying: select the snippet and copy it.'),
            )
          }
        >
          Copy snippet
        </button>
      </div>
    </article>
  );
}

function Params({ entry }: { entry: CatalogEntry }) {
  if (entry.params.length === 0) {
    return (
      <p className="muted">
        {entry.paramsDeclared ? 'Takes no params.' : 'Its provisioner file does not list params.'}
      </p>
    );
  }
  return (
    <table className="catalog-table">
      <caption>Params</caption>
      <thead>
        <tr>
          <th scope="col">Param</th>
          <th scope="col">Meaning</th>
          <th scope="col">Example</th>
        </tr>
      </thead>
      <tbody>
        {entry.params.map((p) => (
          <tr key={p.name}>
            <th scope="row">
              <code>{p.name}</code>
              {p.required && <span className="badge">required</span>}
            </th>
            <td>{p.description || <span className="muted">not described</span>}</td>
            <td>{p.example !== undefined ? <code>{String(p.example)}</code> : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Outputs({ entry }: { entry: CatalogEntry }) {
  if (entry.anyOutput) {
    return (
      <p>
        Outputs: any name. <code>{`\${resources.NAME.VARIABLE}`}</code> reads the environment variable VARIABLE.
      </p>
    );
  }
  if (entry.outputs.length === 0) {
    return (
      <p className="muted">
        {entry.outputsDeclared ? 'Gives no outputs.' : 'Its provisioner file does not list outputs.'}
      </p>
    );
  }
  return (
    <table className="catalog-table">
      <caption>
        Outputs
        {!entry.outputsDeclared && ' (seen in a sample run: the provisioner file does not list them)'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Output</th>
          <th scope="col">Meaning</th>
          <th scope="col">Example</th>
        </tr>
      </thead>
      <tbody>
        {entry.outputs.map((o) => (
          <tr key={o.name}>
            <th scope="row">
              <code>{o.name}</code>
              {o.secret && <span className="badge">secret</span>}
            </th>
            <td>{o.description || <span className="muted">not described</span>}</td>
            <td>
              {o.secret ? (
                <span className="muted">hidden</span>
              ) : o.example !== undefined ? (
                <code>{String(o.example)}</code>
              ) : (
                ''
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Services({ entry }: { entry: CatalogEntry }) {
  if (entry.services.length === 0 && entry.volumes.length === 0) return null;
  return (
    <>
      <h5>Adds to the Compose project</h5>
      <ul className="catalog-services">
        {entry.services.map((s) => (
          <li key={`s:${s.name}`}>
            service <code>{s.name}</code>
            {s.image && (
              <>
                {' '}
                (image <code>{s.image}</code>)
              </>
            )}
          </li>
        ))}
        {entry.volumes.map((v) => (
          <li key={`v:${v}`}>
            volume <code>{v}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Adds the resource to the open workload through the `addResource` command (one undo step). */
function AddButton({
  entry,
  label,
  onStatus,
}: {
  entry: CatalogEntry;
  label: string;
  onStatus: (text: string) => void;
}) {
  const store = useDocumentStore();
  const open = useDocument(isOpen);
  const add = () => {
    const workload = store.getState().readable.parsed.value;
    const args = addResourceArgs(entry, workload);
    const result = store.getState().runCommand('addResource', args);
    if (isRefusal(result)) return;
    const needs = missingServicePort(entry.type, workload);
    onStatus(`Added resource “${args.name}” (${entry.type}) to the workload.${needs ? ` ${needs}` : ''}`);
  };
  return (
    <button
      type="button"
      className="primary"
      onClick={add}
      disabled={!open}
      aria-label={`Add to workload: ${label}`}
      title={open ? undefined : 'Open a workload first'}
    >
      Add to workload
    </button>
  );
}
