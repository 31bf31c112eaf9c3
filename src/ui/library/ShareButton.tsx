import { lazy, Suspense, useState } from 'react';
import type { ShareLink } from '../../api/share-link';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { copyText } from '../common/save-file';

/** The dialog and the link's compression load with the first share (or once the first page is up). */
const loadShareDialog = () => import('./ShareDialog');
const ShareDialog = lazy(() => loadShareDialog().then((m) => ({ default: m.ShareDialog })));

/**
 * Share link: the open workload's text, compressed into the link's fragment (no server sees it).
 * The dialog shows the link (to select and copy by hand) and copies it at once where the browser
 * allows; a workload too big for a link is refused there, with the reason.
 */
export function ShareButton() {
  const open = useDocument(isOpen);
  const store = useDocumentStore();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  if (!open) return null;

  const share = async () => {
    let shareLinkFor;
    try {
      ({ shareLinkFor } = await loadShareDialog());
    } catch {
      store
        .getState()
        .say('error', 'The share link needs a part of the app that could not be loaded: reload the page to try again.');
      return;
    }
    const made = shareLinkFor(store.getState().text, window.location.href);
    setLink(made);
    setCopied(null);
    if (made.ok) setCopied(await copyText(made.url));
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void share()}
        aria-label="Share link"
        title="Share link: copy a link that opens this workload"
      >
        Share
      </button>
      {link && (
        <Suspense fallback={null}>
          <ShareDialog link={link} copied={copied} onCopied={setCopied} onClose={() => setLink(null)} />
        </Suspense>
      )}
    </>
  );
}
