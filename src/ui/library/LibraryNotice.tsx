import { lazy, Suspense, useState } from 'react';
import { useLibrary, useLibraryStore } from './library-context';
import { useSaveWorkload } from './use-save';

// Loaded when first opened: the settings are rarely changed from here, and the first page stays light.
const LibrarySettingsDialog = lazy(() =>
  import('./LibrarySettings').then((m) => ({ default: m.LibrarySettingsDialog })),
);

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
    return settingsOpen ? (
      <Suspense fallback={null}>
        <LibrarySettingsDialog onClose={() => setSettingsOpen(false)} />
      </Suspense>
    ) : null;
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
      {settingsOpen && (
        <Suspense fallback={null}>
          <LibrarySettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
