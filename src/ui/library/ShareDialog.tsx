import { useId, useRef } from 'react';
import type { ShareLink } from '../../api/share-link';
import { copyText } from '../common/save-file';
import { Modal } from '../dialog/Modal';

/** Made here, so that the link's compression (lz-string) comes with the dialog, not with the page. */
export { shareLinkFor } from '../../api/share-link';

/** The link to select and copy by hand, and whether it was copied; or why there is no link. */
export function ShareDialog({
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
