import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { hasChanges, isOpen } from '../../state/document/store';
import { useConfirm } from '../dialog/confirm';
import { intentForKey } from '../intents/dispatch';
import { intents } from '../intents/table';
import { useLibraryStore } from './library-context';
import { useSaveWorkload } from './use-save';

/**
 * The page's key that saves (the table's `save` intent; the app binds the others): Ctrl+S (Cmd+S on
 * a Mac) saves the open workload to the library, from anywhere on the page — the YAML editor and form fields included — instead of
 * the browser's "Save page as".
 */
export function useSaveShortcut(): void {
  const save = useSaveWorkload();
  const document = useDocumentStore();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const intent = intentForKey('page', e);
      if (intent !== intents.save) return;
      e.preventDefault();
      if (e.repeat) return;
      intent.perform({ document, from: 'page', save: () => void save() });
    };
    // Capture: the editor must not swallow it first.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [save, document]);
}

/**
 * Leaving the page (closing the tab, reloading, following a link away) with unsaved changes asks
 * first, as browsers allow: their own question, not ours. The draft is autosaved either way.
 */
export function useLeaveGuard(): void {
  const document = useDocumentStore();
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const state = document.getState();
      if (!isOpen(state) || !hasChanges(state)) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when returnValue is set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [document]);
}

/**
 * A share link (`#score=…`) opens its workload as a new draft, at start-up and when a link is
 * pasted into the address bar of the open page. Once opened, the fragment leaves the address, so
 * that a reload shows the draft (with the user's later edits) rather than the link again.
 */
export function useShareLinkArrival(): void {
  const document = useDocumentStore();
  const library = useLibraryStore();
  const confirm = useConfirm();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const arrive = async () => {
      const url = window.location.href;
      if (handled.current === url) return; // StrictMode runs effects twice; a link opens once
      handled.current = url;
      // A share link lives in the fragment (`#score=…`, SHARE_KEY in api/share-link): without one,
      // nothing (not even the link's reader) is loaded. The app's own addresses (`#/catalog`) are not links.
      const hash = url.indexOf('#');
      if (hash < 0 || !/(^|&)score=/.test(url.slice(hash + 1))) return;
      const { openShareLink, withoutShareFragment } = await import('../../state/library/share');
      const result = await openShareLink(url, {
        document,
        library,
        confirmReplace: (name) =>
          confirm({
            title: 'Open the shared workload?',
            message:
              `It replaces ${name ? `“${name}”` : 'the workload'} in the editor, and your unsaved changes to it will be lost. ` +
              'Saved workloads in the library are not affected.',
            confirmLabel: 'Discard changes and open',
            cancelLabel: 'Keep my changes',
          }),
      });
      if (result === 'opened' || result === 'broken') {
        const clean = withoutShareFragment(window.location.href);
        if (clean !== window.location.href) history.replaceState(history.state, '', clean);
      }
    };
    void arrive();
    const onHashChange = () => void arrive();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [document, library, confirm]);
}
