import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { use, useCallback, useEffect, useId, useState } from 'react';
import { isRepositoryError } from '../../api/errors';
import { useWorkloads } from '../../api/hooks';
import { workloadKeys, workloadQuery } from '../../api/queries';
import { useRepository } from '../../api/repository-context';
import { deleteWorkload, duplicateWorkload, restoreWorkload, type DeletedWorkload } from '../../state/library/actions';
import { linkFor } from '../../state/library/link';
import { describeRepository } from '../../state/library/settings';
import { useCatalogStore } from '../catalog/catalog-context';
import { useOpenWorkload } from '../start/use-open-workload';
import { ExportSelection } from './ExportSelection';
import { ImportControls } from './ImportControls';
import { useLibrary, useLibraryQueries, useLibraryStore } from './library-context';
import { LibrarySettingsDialog } from './LibrarySettings';
import { shortcutText } from '../intents/keys';
import { intents } from '../intents/table';
import type { LibraryMessage } from './library-message';
import { WorkloadTable } from './WorkloadTable';
import './library.css';

export const PAGE_SIZE = 10;
/** Searching waits for a pause in typing, so that a server is not asked at every keystroke. */
const SEARCH_DELAY_MS = 250;

/**
 * The workload library: the saved workloads, searchable by name and in pages; open, duplicate or
 * delete one (a delete can be undone); import many files at once; export a selection as score
 * files or as one Compose project. Works the same on the browser's library and on a server.
 */
export function LibraryPage({ onClose }: { onClose?: () => void }) {
  // The library's query client (made on first use; loaded with this page, so at once): suspends until then.
  const client = use(useLibraryQueries()());
  // Another repository: other workloads, other names; the page starts afresh (search, page, selection).
  return (
    <QueryClientProvider client={client}>
      <LibraryPageFor key={useRepository().id} onClose={onClose} />
    </QueryClientProvider>
  );
}

function LibraryPageFor({ onClose }: { onClose: (() => void) | undefined }) {
  const repository = useRepository();
  const client = useQueryClient();
  const library = useLibraryStore();
  const settings = useLibrary((s) => s.settings);
  const catalog = useCatalogStore();
  const { openText } = useOpenWorkload();
  const headingId = useId();
  const searchId = useId();

  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<LibraryMessage>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    const wanted = search.trim();
    if (wanted === name) return; // nothing new to search for: the page stays where the user put it
    const timer = setTimeout(() => {
      setName(wanted);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, name]);

  const list = useWorkloads({ limit: PAGE_SIZE, offset, ...(name ? { name } : {}) });
  const page = list.data;
  // The last item of the last page is gone: show the last page there is. Only on fresh data (a cached page may be
  // out of date), and while rendering, as React advises for state that follows other state.
  if (page && page.items.length === 0 && page.total > 0 && offset > 0 && !list.isFetching) {
    setOffset(Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE);
  }

  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: workloadKeys.all(repository) }),
    [client, repository],
  );
  const fail = (error: unknown) =>
    setMessage({ kind: 'error', text: isRepositoryError(error) ? error.message : String(error) });

  const run = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const open = (workload: string) =>
    run(`Opening ${workload}…`, async () => {
      const saved = await client.fetchQuery({ ...workloadQuery(repository, workload), staleTime: 0 });
      const opened = await openText(saved.text, `the saved workload “${workload}”`);
      if (!opened) return;
      library.getState().setLink(linkFor(repository.id, workload, saved.text, saved.version));
      onClose?.();
    });

  const duplicate = (workload: string) =>
    run(`Duplicating ${workload}…`, async () => {
      const copy = await duplicateWorkload(repository, workload);
      await refresh();
      setMessage({ kind: 'info', text: `Saved a copy of “${workload}” as “${copy.name}”.` });
    });

  const remove = (workload: string) =>
    run(`Deleting ${workload}…`, async () => {
      const deleted = await deleteWorkload(repository, workload);
      setSelected((s) => without(s, workload));
      client.removeQueries({ queryKey: workloadKeys.detail(repository, workload) });
      await refresh();
      setMessage({ kind: 'info', text: `Deleted “${workload}”.`, undo: deleted });
    });

  const undo = (deleted: DeletedWorkload) =>
    run(`Restoring ${deleted.name}…`, async () => {
      await restoreWorkload(repository, deleted);
      await refresh();
      setMessage({ kind: 'info', text: `“${deleted.name}” is back in the library.` });
    });

  const toggle = (workload: string, on: boolean) =>
    setSelected((s) => (on ? new Set([...s, workload]) : without(s, workload)));

  const total = page?.total ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + PAGE_SIZE, total);

  return (
    <main className="library" aria-labelledby={headingId}>
      <header className="library-header">
        <h2 id={headingId}>Workload library</h2>
        <p className="muted">
          Saved {describeRepository(settings)}.
          {!repository.keepsText && ' The server keeps each workload’s data: comments and formatting are not kept.'}
        </p>
        <button type="button" onClick={() => setSettingsOpen(true)}>
          Library settings…
        </button>
        {onClose && (
          <button type="button" onClick={onClose}>
            Back to the workload
          </button>
        )}
      </header>

      <div className="library-tools">
        <div className="field search">
          <label htmlFor={searchId}>Search by name</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="part of a name"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <ImportControls
          disabled={busy !== null}
          onStart={(what) => {
            setBusy(what);
            setMessage(null);
          }}
          onDone={async (result) => {
            setBusy(null);
            await refresh();
            setMessage(result);
          }}
        />
      </div>

      <div className="library-status" role="status" aria-live="polite">
        {busy ?? (message?.kind === 'info' ? message.text : '')}
        {!busy && message?.undo && (
          <button type="button" className="undo" onClick={() => void undo(message.undo!)}>
            Undo delete
          </button>
        )}
      </div>
      {message?.kind === 'error' && (
        <div className="library-error" role="alert">
          <p>{message.text}</p>
          <button type="button" onClick={() => setMessage(null)}>
            Dismiss
          </button>
        </div>
      )}

      {list.isError ? (
        <div className="library-error" role="alert">
          <p>
            The library could not be read. {isRepositoryError(list.error) ? list.error.message : String(list.error)}
          </p>
          <button type="button" onClick={() => void list.refetch()}>
            Try again
          </button>
          <button type="button" onClick={() => setSettingsOpen(true)}>
            Library settings…
          </button>
        </div>
      ) : !page ? (
        <p className="muted">Loading the library…</p>
      ) : page.total === 0 ? (
        <p className="muted">
          {name
            ? `No saved workload has “${name}” in its name.`
            : `The library is empty. Save the open workload (${shortcutText(intents.save.keys)}) or import files to fill it.`}
        </p>
      ) : (
        <>
          <WorkloadTable
            items={page.items}
            selected={selected}
            busy={busy !== null}
            onToggle={toggle}
            onToggleAll={(on) =>
              setSelected((s) => {
                const next = new Set(s);
                for (const item of page.items) {
                  if (on) next.add(item.name);
                  else next.delete(item.name);
                }
                return next;
              })
            }
            onOpen={(n) => void open(n)}
            onDuplicate={(n) => void duplicate(n)}
            onDelete={(n) => void remove(n)}
          />
          <nav className="library-pages" aria-label="Pages of the library">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Previous page
            </button>
            <span>
              {first}–{last} of {total}
            </span>
            <button type="button" disabled={last >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
              Next page
            </button>
          </nav>
        </>
      )}

      <ExportSelection
        selected={selected}
        disabled={busy !== null}
        fetchText={async (n) => (await client.fetchQuery({ ...workloadQuery(repository, n), staleTime: 0 })).text}
        provisioners={() => catalog.getState().activeProvisioners()}
        onClear={() => setSelected(new Set())}
        onMessage={setMessage}
      />
      {settingsOpen && <LibrarySettingsDialog onClose={() => setSettingsOpen(false)} />}
    </main>
  );
}

function without(set: ReadonlySet<string>, name: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(name);
  return next;
}
