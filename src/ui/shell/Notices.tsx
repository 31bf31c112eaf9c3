import { useDocument } from '../../state/document-context';
import { useConfirm } from '../dialog/confirm';

/** Messages for the user, under the top bar: a refused command or file, and a recovered draft. */
export function Notices() {
  return (
    <>
      <RecoveredDraftNotice />
      <MessageNotice />
    </>
  );
}

function MessageNotice() {
  const message = useDocument((s) => s.message);
  const dismiss = useDocument((s) => s.dismissMessage);
  if (!message) return null;
  return (
    <div className={`notice ${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      <p>{message.text}</p>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

function RecoveredDraftNotice() {
  const recovered = useDocument((s) => s.recovered);
  const keep = useDocument((s) => s.keepRecovered);
  const discard = useDocument((s) => s.discardRecovered);
  const confirm = useConfirm();
  if (!recovered) return null;
  const when = new Date(recovered.savedAt).toLocaleString();
  return (
    <div className="notice info" role="region" aria-label="Recovered draft">
      <p>Your unsaved draft was recovered, as it was at {when}.</p>
      <button type="button" onClick={keep}>
        Keep it
      </button>
      <button
        type="button"
        onClick={async () => {
          const ok = await confirm({
            title: 'Discard the recovered draft?',
            message: 'Its changes will be lost, and you will start again from the templates.',
            confirmLabel: 'Discard draft',
            cancelLabel: 'Keep draft',
          });
          if (ok) discard();
        }}
      >
        Discard recovered draft
      </button>
    </div>
  );
}
