import { useCallback, useId, useMemo, useState, type DragEvent } from 'react';
import { catalogTypes, searchCatalog } from '../../core/catalog';
import type { LoadResult } from '../../state/catalog/store';
import { useCatalog, useCatalogStore } from './catalog-context';
import { CatalogSources, loadFiles } from './CatalogSources';
import { TargetTable } from './TargetTable';
import { TypeDetail } from './TypeDetail';
import { TypeList } from './TypeList';
import './catalog.css';

/**
 * The resource catalog page, for demos: which resource types the loaded provisioners (and the
 * built-in ones) offer, what each takes and gives, and a snippet to paste or add to the open
 * workload. Provisioner files dropped on this page join the catalog (instead of opening as a workload).
 * Loaded when first opened (see CatalogPage.tsx).
 */
export function CatalogPageContent({ onClose }: { onClose?: (() => void) | undefined }) {
  const store = useCatalogStore();
  const catalog = useCatalog((s) => s.catalog);
  const types = useMemo(() => catalogTypes(catalog), [catalog]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchCatalog(types, query), [types, query]);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const current = shown.find((t) => t.type === selected) ?? shown[0];
  const [status, setStatus] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const headingId = useId();
  const listId = useId();
  const searchId = useId();

  const onResult = useCallback((result: LoadResult | { info: string }) => {
    if ('error' in result) setStatus({ kind: 'error', text: result.error });
    else if ('info' in result) setStatus({ kind: 'info', text: result.info });
    else {
      const n = result.entries;
      setStatus({ kind: 'info', text: `Loaded ${result.name}: ${n} ${n === 1 ? 'provisioner' : 'provisioners'}.` });
    }
  }, []);
  const onInfo = useCallback((text: string) => setStatus({ kind: 'info', text }), []);

  // Files dropped here are provisioner files; the page-wide drop (open a workload) must not see them.
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent) => {
    const files = [...e.dataTransfer.files];
    if (files.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    void loadFiles(files, (file) => store.getState().addFile(file), onResult);
  };

  return (
    <main className="catalog" aria-labelledby={headingId} onDragOver={onDragOver} onDrop={onDrop}>
      <header className="catalog-header">
        <h2 id={headingId}>Resource catalog</h2>
        <p className="muted">
          {types.length} resource types from {catalog.entries.length} provisioners. Drop provisioner files here to add
          them.
        </p>
        {onClose && (
          <button type="button" onClick={onClose}>
            Back to the workload
          </button>
        )}
      </header>
      <CatalogSources onResult={onResult} />
      <div className="catalog-status" role="status" aria-live="polite">
        {status?.kind === 'info' ? status.text : ''}
      </div>
      {status?.kind === 'error' && (
        <p className="catalog-error" role="alert">
          {status.text}
        </p>
      )}
      <div className="catalog-body">
        <nav className="catalog-nav" aria-label="Resource types">
          <label htmlFor={searchId}>Search resource types</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="type, output, param…"
            onChange={(e) => setQuery(e.target.value)}
          />
          <p className="muted" id={listId}>
            {shown.length === types.length ? `${types.length} types` : `${shown.length} of ${types.length} types`}
          </p>
          <TypeList types={shown} selected={current?.type} onSelect={setSelected} labelledBy={listId} />
        </nav>
        {current ? <TypeDetail type={current} onStatus={onInfo} /> : <p className="muted">Nothing to show.</p>}
      </div>
      <TargetTable />
    </main>
  );
}
