import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and
 * focus returns to where it was. The control marked `data-autofocus` gets the focus (else the first),
 * its text selected.
 * React's `autoFocus` alone cannot do it: React focuses the control as it mounts, while the dialog is
 * still closed, so nothing takes the focus and `showModal` then gives it to the first control. Mark
 * such a control with both (`autoFocus` serves when it mounts in a dialog already open).
 */
export function Modal({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const d = dialog.current;
    // What had the focus before: the browser gives it back only to a dialog closed while still in the
    // page, and this one leaves the page with its component (the focus then fell to the page's body,
    // and a keyboard user started again from the top after every dialog).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) {
      d.showModal();
      const first = d.querySelector<HTMLElement>('[data-autofocus]');
      first?.focus();
      // A suggested text (a new container's name) is selected: typing replaces it instead of adding to it.
      if (first instanceof HTMLInputElement && first.value !== '') first.select();
    }
    return () => {
      const focusWasInside = d?.contains(document.activeElement) ?? false;
      d?.close();
      // Unless something else took the focus meanwhile (the dialog's action moved it on purpose).
      const lost = focusWasInside || document.activeElement === document.body || document.activeElement === null;
      if (lost && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: close through React state, not behind its back
        onClose();
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
