import { useDocument, useDocumentStore } from '../../state/document/context';
import { hasChanges, isOpen } from '../../state/document/store';
import { linkApplies } from '../../state/library/link';
import { ariaKeyShortcuts, shortcutText } from '../intents/keys';
import { intents } from '../intents/table';
import { useLibrary } from './library-context';
import { useSaveWorkload } from './use-save';
import './library.css';

/**
 * Save (Ctrl/Cmd+S) and, beside it, whether the open workload has unsaved changes. Shows only
 * while a workload is open.
 */
export function SaveButton() {
  const open = useDocument(isOpen);
  const document = useDocumentStore();
  const save = useSaveWorkload();
  const saving = useLibrary((s) => s.save.state === 'saving');
  if (!open) return null;
  return (
    <span className="save-control">
      <button
        type="button"
        onClick={() => intents.save.perform({ document, from: 'page', save: () => void save() })}
        disabled={saving}
        aria-keyshortcuts={ariaKeyShortcuts(intents.save.keys)}
        title={`${intents.save.description} (${shortcutText(intents.save.keys)})`}
      >
        {intents.save.label}
      </button>
      <SaveState />
    </span>
  );
}

/** "Unsaved changes", "Saving…", "Saved", "Not saved": the open workload against the library. */
export function SaveState() {
  const changed = useDocument(hasChanges);
  const openedText = useDocument((s) => s.openedText);
  const linked = useLibrary((s) => linkApplies(s.link, openedText) && s.link.repositoryId === s.repository.id);
  const save = useLibrary((s) => s.save);
  const [text, kind] =
    save.state === 'saving'
      ? ['Saving…', 'saving']
      : save.state === 'failed' && (changed || !linked)
        ? ['Not saved', 'failed']
        : changed
          ? ['Unsaved changes', 'unsaved']
          : linked
            ? ['Saved', 'saved']
            : ['Not in the library', 'new'];
  return (
    <span className={`save-state ${kind}`} role="status" aria-label="Save status">
      {text}
    </span>
  );
}
