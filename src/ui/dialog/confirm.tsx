import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Modal } from './Modal';

/**
 * Asking before something that loses work, as an accessible modal (not window.confirm, which blocks
 * the page and cannot be styled or tested like the rest). `confirm()` resolves to the user's answer.
 */
export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setRequest((pending) => {
          pending?.resolve(false); // a newer question replaces an unanswered one
          return { ...options, resolve };
        });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && (
        <Modal title={request.title} onClose={() => answer(false)} className="confirm">
          <p>{request.message}</p>
          <div className="modal-actions">
            {/* The safe answer has the focus: Enter never loses work by accident. */}
            <button type="button" autoFocus data-autofocus onClick={() => answer(false)}>
              {request.cancelLabel}
            </button>
            <button type="button" className="danger" onClick={() => answer(true)}>
              {request.confirmLabel}
            </button>
          </div>
        </Modal>
      )}
    </ConfirmContext.Provider>
  );
}

/** The page's confirmation, or undefined where there is none (a canvas mounted alone, as the bench does). */
export function useOptionalConfirm(): Confirm | undefined {
  return useContext(ConfirmContext) ?? undefined;
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it');
  return confirm;
}
