import { useState } from 'react';
import { useLibrary, useLibraryStore } from './library-context';
import { LibrarySettingsDialog } from './LibrarySettings';
import { useSaveWorkload } from './use-save';

/**
 * Why the last save failed, under the top bar, with what the user can do: try again (the server
 * may be back), fix the connection settings, or dismiss it. The text is never lost: it stays in
 * the editor and in the autosaved draft.
 */
export function LibraryNotice() {
  const status = useLibrary((s) => s.save);
  const library = useLibraryStore();
  const save = useSaveWorkload();
  const [settingsOpen, setSettingsOpen] = useState(false);
  if (status.state !== 'failed')
    return settingsOpen ? <LibrarySettingsDialog onClose={() => setSettingsOpen(false)} /> : null;
  const connection = status.kind === 'unreachable' || status.kind === 'unauthorized';
  return (
    <div className="notice error library-notice" role="alert" aria-label="Save failed">
      <p>
        The workload was not saved. {status.message}{' '}
        <strong>Your text is kept here and in this browser’s autosaved draft.</strong>
      </p>
      {status.retryable && (
        <button type="button" onClick={() => void save()}>
          Retry save
        </button>
      )}
      {connection && (
        <button type="button" onClick={() => setSettingsOpen(true)}>
          Library settings…
        </button>
      )}
      <button type="button" onClick={() => library.getState().setSave({ state: 'idle' })}>
        Dismiss
      </button>
      {settingsOpen && <LibrarySettingsDialog onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
