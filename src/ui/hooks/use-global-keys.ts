import { useEffect } from 'react';
import { isOpen } from '../../state/document/store';
import { useDocumentStore } from '../../state/document/context';

/**
 * Shortcuts that work anywhere in the workspace: undo and redo of the one history, and F8 / Shift+F8
 * through the problems. The YAML pane handles the same keys itself (and stops them); text fields of
 * their own (a form field being typed in) keep their native undo.
 */
export function useGlobalKeys(): void {
  const store = useDocumentStore();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isOpen(store.getState())) return;
      if (e.key === 'F8' && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        store.getState().walkProblems(e.shiftKey ? -1 : 1, false);
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextField(e.target)) return;
      // A modal dialog is open (a start-order choice, a confirmation): the document behind it is out
      // of reach, and undoing it unseen would change what the dialog is about.
      if (inModal(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) store.getState().undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') store.getState().redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'file', 'submit'].includes(target.type);
}

function inModal(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest('dialog[open]')) return true;
  return document.querySelector('dialog[open]') !== null;
}
