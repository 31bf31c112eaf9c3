import { useId, useRef, useState } from 'react';
import { shareLinkFor, type ShareLink } from '../../api/share-link';
import { useDocument, useDocumentStore } from '../../state/document-context';
import { isOpen } from '../../state/document-store';
import { Modal } from '../dialog/Modal';
import { copyText } from '../common/save-file';

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
    const made = shareLinkFor(store.getState().text, window.location.href);
    setLink(made);
    setCopied(null);
    if (made.ok) setCopied(await copyText(made.url));
  };

  return (
    <>
      <button type="button" onClick={() => void share()} title="Copy a link that opens this workload">
        Share link
      </button>
      {link && <ShareDialog link={link} copied={copied} onCopied={setCopied} onClose={() => setLink(null)} />}
    </>
  );
}

function ShareDialog({
  link,
  copied,
  onCopied,
  onClose,
}: {
  link: ShareLink;
  copied: boolean | null;
  onCopied: (ok: boolean) => void;
  onClose: () => void;
}) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal
      title={link.ok ? 'Share link' : 'No share link for this workload'}
      onClose={onClose}
      className="share-dialog"
    >
      {link.ok ? (
        <>
          <label htmlFor={fieldId}>Link to this workload</label>
          <textarea
            id={fieldId}
            ref={field}
            className="share-url"
            readOnly
            rows={3}
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="hint">
            The workload travels inside the link: anyone who has the link can read it, and no server stores it. Opening
            the link starts a new draft; nothing saved is replaced.
          </p>
          <p role="status" className="share-copied">
            {copied === true
              ? 'The link is copied to the clipboard.'
              : copied === false
                ? 'The browser did not allow copying: select the link above and copy it.'
                : ''}
          </p>
        </>
      ) : (
        <p role="alert">{link.message}</p>
      )}
      <div className="modal-actions">
        {link.ok && (
          <button
            type="button"
            onClick={async () => {
              field.current?.select();
              onCopied(await copyText(link.url));
            }}
          >
            Copy link
          </button>
        )}
        <button type="button" autoFocus data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
