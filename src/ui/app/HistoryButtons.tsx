import { useDocument, useDocumentStore } from '../../state/document/context';
import { ariaKeyShortcuts, shortcutText } from '../intents/keys';
import { intents, type Intent } from '../intents/table';

/** Undo and Redo of the one history of the workspace (YAML typing and commands alike), from the table of intents. */
export function HistoryButtons() {
  return (
    <>
      <IntentButton intent={intents.undo} />
      <IntentButton intent={intents.redo} />
    </>
  );
}

function IntentButton({ intent }: { intent: Intent }) {
  const document = useDocumentStore();
  // Read as the store changes (a selector), so that the button is enabled exactly when the intent applies.
  const applies = useDocument(() => intent.applies({ document, from: 'page' }));
  return (
    <button
      type="button"
      onClick={() => intent.perform({ document, from: 'page' })}
      disabled={!applies}
      aria-keyshortcuts={ariaKeyShortcuts(intent.keys)}
      title={`${intent.label} (${shortcutText(intent.keys)})`}
      aria-label={intent.label}
      className="icon-button"
    >
      {/* An arrow on screen (the header keeps to one row); its name and tooltip say the word. */}
      <span aria-hidden="true">{intent.name === 'undo' ? '↶' : '↷'}</span>
    </button>
  );
}
