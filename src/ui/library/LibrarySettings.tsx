import { useId, useState, type FormEvent } from 'react';
import { isRepositoryError } from '../../api/errors';
import {
  checkBaseUrl,
  settingsProblem,
  type AuthKind,
  type LibrarySettings as Settings,
} from '../../state/library/settings';
import { repositoryMaker } from '../../state/library/store';
import { Modal } from '../dialog/Modal';
import { useLibrary, useLibraryStore } from './library-context';

/** The library's settings in a dialog. */
export function LibrarySettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Library settings" onClose={onClose} className="library-settings-dialog">
      <LibrarySettings onDone={onClose} />
    </Modal>
  );
}

type TestResult = { kind: 'ok' | 'error'; text: string } | { kind: 'testing' } | null;

/**
 * Where the workload library lives: this browser, or a server implementing the workloads API
 * (base URL; a Bearer token or an X-API-Key; remembered on this device only when asked). "Test
 * connection" asks the server for one page of the list with these settings, before using them.
 */
export function LibrarySettings({ onDone }: { onDone: () => void }) {
  const library = useLibraryStore();
  const current = useLibrary((s) => s.settings);
  const [draft, setDraft] = useState<Settings>(current);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [test, setTest] = useState<TestResult>(null);
  const ids = { url: useId(), auth: useId(), secret: useId(), remember: useId(), problem: useId() };
  const edit = (patch: Partial<Settings>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(undefined);
    setTest(null);
  };
  const url = checkBaseUrl(draft.baseUrl);
  const remote = draft.repository === 'remote';

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const why = settingsProblem(draft);
    if (why) return setProblem(why);
    library.getState().applySettings({ ...draft, baseUrl: remote && url.ok ? url.url : draft.baseUrl });
    onDone();
  };

  const testConnection = async () => {
    const why = settingsProblem(draft);
    if (why) return setProblem(why);
    setTest({ kind: 'testing' });
    const repository = repositoryMaker()(draft);
    try {
      const page = await repository.list({ limit: 1 });
      setTest({
        kind: 'ok',
        text: `Connected: the server has ${page.total} ${page.total === 1 ? 'workload' : 'workloads'}.`,
      });
    } catch (error) {
      setTest({ kind: 'error', text: isRepositoryError(error) ? error.message : String(error) });
    }
  };

  return (
    <form className="library-settings" onSubmit={apply} noValidate>
      <fieldset>
        <legend>Where the library is</legend>
        <label>
          <input
            type="radio"
            name="library-repository"
            value="local"
            checked={!remote}
            onChange={() => edit({ repository: 'local' })}
          />{' '}
          In this browser <span className="hint">— works offline, nothing to set up</span>
        </label>
        <label>
          <input
            type="radio"
            name="library-repository"
            value="remote"
            checked={remote}
            onChange={() => edit({ repository: 'remote' })}
          />{' '}
          On a server <span className="hint">— one that implements the workloads API</span>
        </label>
      </fieldset>

      {remote && (
        <>
          <div className="field">
            <label htmlFor={ids.url}>Base URL</label>
            <input
              id={ids.url}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://api.example.com/v1"
              value={draft.baseUrl}
              onChange={(e) => edit({ baseUrl: e.target.value })}
            />
            {draft.baseUrl.trim() !== '' && url.ok && url.warning && <p className="hint warning">{url.warning}</p>}
          </div>
          <fieldset>
            <legend>Credentials</legend>
            <div className="field">
              <label htmlFor={ids.auth}>Send</label>
              <select id={ids.auth} value={draft.auth} onChange={(e) => edit({ auth: e.target.value as AuthKind })}>
                <option value="none">No credentials</option>
                <option value="bearer">A Bearer token (Authorization header)</option>
                <option value="api-key">An API key (X-API-Key header)</option>
              </select>
            </div>
            {draft.auth !== 'none' && (
              <>
                <div className="field">
                  <label htmlFor={ids.secret}>{draft.auth === 'bearer' ? 'Token' : 'API key'}</label>
                  <input
                    id={ids.secret}
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    value={draft.secret}
                    onChange={(e) => edit({ secret: e.target.value })}
                  />
                </div>
                <label htmlFor={ids.remember} className="check">
                  <input
                    id={ids.remember}
                    type="checkbox"
                    checked={draft.remember}
                    onChange={(e) => edit({ remember: e.target.checked })}
                  />{' '}
                  Remember on this device
                </label>
                <p className="hint">
                  {draft.remember
                    ? 'Kept in this browser’s storage until you untick this.'
                    : 'Kept for this browser session only: forgotten when the browser closes.'}
                </p>
              </>
            )}
          </fieldset>
          <div className="test-connection">
            <button type="button" onClick={() => void testConnection()} disabled={test?.kind === 'testing'}>
              Test connection
            </button>
            <p role="status" className={`test-result ${test?.kind ?? ''}`}>
              {test?.kind === 'testing' ? 'Testing…' : test && 'text' in test ? test.text : ''}
            </p>
          </div>
        </>
      )}

      {problem && (
        <p id={ids.problem} role="alert" className="settings-problem">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Use these settings
        </button>
      </div>
    </form>
  );
}
