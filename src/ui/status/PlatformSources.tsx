import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useDocumentStore } from '../../state/document/context';
import { loadPlatformFromUrl, removePlatformFile } from '../../state/platform/load';
import type { PlatformEntry, PlatformStore } from '../../state/platform/store';
import { chooseFiles, copyResource, downloadResource, loadExample } from './status-actions';

/**
 * The platform the status is previewed on: the configuration and the policy files loaded (each
 * removable, with its warnings), and the ways to load more (a file, an address on this site, the
 * example), take the Workload resource away (copy, download) or turn the orchestrator's view off.
 */
export function PlatformSources({ platform, hasResource }: { platform: PlatformStore; hasResource: boolean }) {
  const document = useDocumentStore();
  const config = useStore(platform, (s) => s.config);
  const policies = useStore(platform, (s) => s.policies);
  const fetching = useStore(platform, (s) => s.fetching);
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  const files = [...(config ? [config] : []), ...policies];
  return (
    <section className="status-section platform-sources" aria-labelledby={headingId}>
      <h3 id={headingId}>Platform files</h3>
      {files.length === 0 ? (
        <p className="muted">
          None loaded. Load the orchestrator’s configuration (an OrchestratorConfig, or the ConfigMap that holds it) and
          admission policies (ValidatingAdmissionPolicy with their bindings), or the example platform.
        </p>
      ) : (
        <ul className="status-lines">
          {files.map((f) => (
            <FileLine key={f.name} file={f} onRemove={() => removePlatformFile(platform, f.name)} />
          ))}
        </ul>
      )}
      {fetching && <p className="muted">Fetching {fetching}…</p>}
      <div className="status-actions" role="toolbar" aria-label="Platform">
        <button type="button" onClick={() => chooseFiles(platform, document)}>
          Load platform file…
        </button>
        <button type="button" aria-expanded={asking} onClick={() => setAsking((a) => !a)}>
          From this site…
        </button>
        <button type="button" onClick={() => loadExample(platform, document)}>
          Load example platform
        </button>
        <button type="button" disabled={!hasResource} onClick={() => copyResource(platform, document)}>
          Copy Workload YAML
        </button>
        <button type="button" disabled={!hasResource} onClick={() => downloadResource(platform)}>
          Download Workload YAML
        </button>
        <button type="button" onClick={() => platform.getState().put({ on: false })}>
          Turn off
        </button>
      </div>
      {asking && <AddressForm platform={platform} onDone={() => setAsking(false)} />}
    </section>
  );
}

function FileLine({ file, onRemove }: { file: PlatformEntry; onRemove: () => void }) {
  return (
    <li className="status-note">
      <span className="file-name">{file.name}</span>{' '}
      <span className="muted">
        {file.kind === 'config' ? 'configuration' : 'policies'} · {file.summary}
        {file.url ? ` · from ${file.url}` : ''}
      </span>{' '}
      <button type="button" aria-label={`Remove ${file.name}`} onClick={onRemove}>
        Remove
      </button>
      {file.warnings.length > 0 && (
        <ul className="file-warnings" aria-label={`Warnings in ${file.name}`}>
          {file.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function AddressForm({ platform, onDone }: { platform: PlatformStore; onDone: () => void }) {
  const document = useDocumentStore();
  const [url, setUrl] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '') return;
    const result = await loadPlatformFromUrl(platform, url.trim(), { pageUrl: location.href });
    if ('error' in result) document.getState().say('error', result.error);
    else {
      document.getState().say('info', result.message);
      onDone();
    }
  };
  return (
    <form className="status-address" onSubmit={(e) => void submit(e)}>
      <label>
        Address of a platform file on this site <input value={url} onChange={(e) => setUrl(e.target.value)} />
      </label>
      <button type="submit" disabled={url.trim() === ''}>
        Load
      </button>
    </form>
  );
}
