import { useEffect } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { inModal, intentForKey, isTextField, performOrExplain } from './dispatch';

/**
 * The workspace's keys, anywhere on the page (see the table's `workspace` intents): undo and redo of
 * the one history, F8 / Shift+F8 through the problems. The YAML pane binds the same intents itself;
 * text fields of their own (a form field being typed in) keep their native undo; nothing reaches
 * the document behind a modal dialog, which undoing unseen would change.
 */
export function useWorkspaceKeys(): void {
  const store = useDocumentStore();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isOpen(store.getState())) return;
      const intent = intentForKey('workspace', e);
      if (!intent || (!intent.anywhere && (isTextField(e.target) || inModal(e.target)))) return;
      if (performOrExplain(intent, { document: store, from: 'page' })) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
