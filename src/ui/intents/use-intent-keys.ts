import { useEffect } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { inModal, intentForKey, isTextField, performOrExplain } from './dispatch';
import { intents, type AppControls } from './table';

/**
 * The workspace's keys, anywhere on the page (see the table's `workspace` intents): undo and redo of
 * the one history, F8 / Shift+F8 through the problems, Ctrl+. for a problem's quick fixes. The YAML
 * pane binds the same intents itself; text fields of their own (a form field being typed in) keep
 * their native undo; nothing reaches the document behind a modal dialog, which undoing unseen would
 * change.
 */
export function useWorkspaceKeys(app: AppControls): void {
  const store = useDocumentStore();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isOpen(store.getState())) return;
      const intent = intentForKey('workspace', e);
      if (!intent || (!intent.anywhere && (isTextField(e.target) || inModal(e.target)))) return;
      if (performOrExplain(intent, { document: store, from: 'page', app })) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, app]);
}

/**
 * The page's keys other than saving (which the library binds, having the save): the command palette
 * (Ctrl+K, Ctrl+Shift+P) and the keyboard sheet (`?`, not while typing). Caught before anything on the
 * page sees them: Ctrl+K would otherwise begin one of the YAML editor's two-key chords. Not behind a
 * dialog, whose keys are its own.
 */
export function usePageKeys(app: AppControls): void {
  const store = useDocumentStore();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const intent = intentForKey('page', e);
      if (!intent || intent === intents.save || inModal(e.target)) return;
      if (!intent.anywhere && isTextField(e.target)) return;
      if (!performOrExplain(intent, { document: store, from: 'page', app })) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [store, app]);
}
