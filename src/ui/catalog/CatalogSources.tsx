import { useId, useRef, useState, type FormEvent } from 'react';
import { catalogJson, catalogYaml } from '../../core/catalog';
import type { LoadResult } from '../../state/catalog/store';
import { useCatalog, useCatalogStore } from './catalog-context';
import { saveFile } from '../common/save-file';

/**
 * Where the catalog comes from: the provisioner files loaded (each removable), and the ways to add
 * one (file, paste) or take the whole catalog away (download as JSON or YAML).
 */
export function CatalogSources({ onResult }: { onResult: (result: LoadResult | { info: string }) => void }) {
  const store = useCatalogStore();
  const files = useCatalog((s) => s.catalog.files);
  const problems = useCatalog((s) => s.problems);
  const fetching = useCatalog((s) => s.fetching);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pasting, setPasting] = useState(false);
  const headingId = useId();

  const exportAs = (format: 'json' | 'yaml') => {
    const catalog = store.getState().catalog;
    if (format === 'json') saveFile('resource-catalog.json', catalogJson(catalog), 'application/json');
    else saveFile('resource-catalog.yaml', catalogYaml(catalog), 'application/yaml');
  };

  return (
    <section className="catalog-sources" aria-labelledby={headingId}>
      <h3 id={headingId}>Provisioner files</h3>
      {files.length === 0 ? (
        <p className="muted">
          Only the built-in provisioners (score-compose’s defaults). Load a score-compose provisioners file to add your
          platform’s resource types: they come first, as in score-compose.
        </p>
      ) : (
        <ul className="catalog-files">
          {files.map((f) => (
            <li key={f.name}>
              <span className="file-name">{f.name}</span>{' '}
              <span className="muted">
                {f.entries} {f.entries === 1 ? 'provisioner' : 'provisioners'}
                {f.url ? ` · from ${f.url}` : ''}
              </span>{' '}
              <button
                type="button"
                aria-label={`Remove ${f.name}`}
                onClick={() => {
                  store.getState().removeFile(f.name);
                  onResult({ info: `Removed ${f.name} from the catalog.` });
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {problems.map((p) => (
        <p key={p.file} role="alert" className="catalog-error">
          {p.file}: {p.error}
        </p>
      ))}
      {fetching && <p className="muted">Fetching {fetching}…</p>}
      <div className="catalog-actions" role="toolbar" aria-label="Catalog">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Load provisioners file…
        </button>
        <button type="button" aria-expanded={pasting} onClick={() => setPasting((p) => !p)}>
          Paste provisioners…
        </button>
        <button type="button" onClick={() => exportAs('json')}>
          Download catalog (JSON)
        </button>
        <button type="button" onClick={() => exportAs('yaml')}>
          Download catalog (YAML)
        </button>
        {files.length > 0 && (
          <button
            type="button"
            onClick={() => {
              store.getState().clear();
              onResult({ info: 'Back to the built-in catalog.' });
            }}
          >
            Built-in only
          </button>
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple
        aria-label="Load provisioners files"
        accept=".yaml,.yml,application/yaml,application/x-yaml,text/yaml,text/plain"
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = ''; // choosing the same file again loads it again
          void loadFiles(chosen, (file) => store.getState().addFile(file), onResult);
        }}
      />
      {pasting && (
        <PasteForm
          onAdd={async (name, text) => {
            const result = await store.getState().addFile({ name, text });
            onResult(result);
            if ('ok' in result) setPasting(false);
          }}
        />
      )}
    </section>
  );
}

/** Reads files one by one and adds each; every result is reported. */
export async function loadFiles(
  files: File[],
  add: (file: { name: string; text: string }) => Promise<LoadResult>,
  onResult: (result: LoadResult) => void,
): Promise<void> {
  for (const file of files) {
    try {
      onResult(await add({ name: file.name, text: await file.text() }));
    } catch {
      onResult({ error: `“${file.name}” could not be read.` });
    }
  }
}

function PasteForm({ onAdd }: { onAdd: (name: string, text: string) => Promise<void> }) {
  const [name, setName] = useState('pasted.provisioners.yaml');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '') void onAdd(name.trim() || 'pasted.provisioners.yaml', text);
  };
  return (
    <form className="catalog-paste" onSubmit={submit}>
      <label>
        File name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Provisioners YAML
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          spellCheck={false}
          placeholder={'- uri: template://my-platform/postgres\n  type: postgres\n  outputs: |\n    host: …'}
        />
      </label>
      <button type="submit" disabled={text.trim() === ''}>
        Add to catalog
      </button>
    </form>
  );
}
