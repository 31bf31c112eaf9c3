import { useEffect, useState } from 'react';
import { useDocument } from '../../state/document/context';
import { useConfirm } from '../dialog/confirm';

/** Messages for the user, under the top bar: a refused command or file, a recovered draft, drafts of closed tabs. */
export function Notices() {
  return (
    <>
      <RecoveredDraftNotice />
      <WaitingDraftsNotice />
      <MessageNotice />
    </>
  );
}

/** How long news (not an error) stays once said, unless the pointer or the focus rests on it. */
const INFO_SHOWN_MS = 10_000;

function MessageNotice() {
  const message = useDocument((s) => s.message);
  const dismiss = useDocument((s) => s.dismissMessage);
  const [held, setHeld] = useState(false);
  const id = message?.id;
  const news = message?.kind === 'info';
  // News goes by itself; an error stays until dismissed or the text changes (notices.ts).
  useEffect(() => {
    if (!news || held) return;
    const timer = setTimeout(dismiss, INFO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [id, news, held, dismiss]);
  if (!message) return null;
  return (
    <div
      className={`notice ${message.kind}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
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

/**
 * Drafts with unsaved changes of tabs since closed (after a browser restart, say) are each taken up by
 * the next new tab: this says they are there, and opens that tab.
 */
function WaitingDraftsNotice() {
  const waiting = useDocument((s) => s.waitingDrafts);
  const opened = useDocument((s) => s.waitingDraftOpened);
  const dismiss = useDocument((s) => s.dismissWaitingDrafts);
  if (waiting === 0) return null;
  return (
    <div className="notice info" role="region" aria-label="Unsaved drafts of closed tabs">
      <p>
        {waiting === 1
          ? 'One more unsaved draft, from a tab that was closed, is kept in this browser.'
          : `${waiting} more unsaved drafts, from tabs that were closed, are kept in this browser.`}
      </p>
      <button
        type="button"
        onClick={() => {
          // A new tab takes up the newest waiting draft (src/state/drafts/draft-slot.ts). `noopener`: a tab
          // opened with an opener gets a copy of this tab's sessionStorage, and with it this tab's slot.
          window.open(location.pathname + location.search, '_blank', 'noopener');
          opened();
        }}
      >
        Open it in a new tab
      </button>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
