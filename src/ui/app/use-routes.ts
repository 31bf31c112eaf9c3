import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { formatRoute, parseRoute, sameRoute, type Page, type Route } from './routes';

/** How long after the selection changes the address follows (see below). */
const SELECTION_ADDRESS_DELAY_MS = 150;

/**
 * Keeps the address and the view together (see ./routes). The address leads at start, on Back and
 * Forward and when a link is pasted: it opens its page and selects its part (once a workload is
 * open). The view leads otherwise: a change of page adds an entry to the history, so that Back
 * returns to the page before; a change of selection replaces the current entry (each caret move
 * is no step to go back through). A share link's fragment is the share link's until it is opened.
 */
export function useRoutes(page: Page, setPage: (page: Page) => void): void {
  const store = useDocumentStore();
  /** A part the address selects, waiting for a workload to be open. */
  const pendingSelect = useRef<string | undefined>(undefined);
  const setPageRef = useRef(setPage);
  useEffect(() => {
    setPageRef.current = setPage;
  });

  // Address → view.
  useEffect(() => {
    const selectNow = () => {
      const pointer = pendingSelect.current;
      if (pointer === undefined || !isOpen(store.getState())) return;
      pendingSelect.current = undefined;
      store.getState().select(pointer, 'automation');
    };
    const follow = () => {
      const route = parseRoute(window.location.hash);
      if (!route) return;
      setPageRef.current(route.page);
      if (route.select !== undefined) {
        pendingSelect.current = route.select;
        selectNow();
      }
    };
    follow();
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    const stop = store.subscribe((state, previous) => {
      if (isOpen(state) && !isOpen(previous)) selectNow();
    });
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener('hashchange', follow);
      stop();
    };
  }, [store]);

  // View → address: the page.
  useEffect(() => {
    if (pendingSelect.current !== undefined) return; // the address leads until its part is selected
    const now = parseRoute(window.location.hash);
    if (now === undefined && window.location.hash !== '') return; // a share link (or another fragment) waits
    const selection = store.getState().selection?.pointer;
    const route: Route = page === 'workspace' && selection ? { page, select: selection } : { page };
    if (sameRoute(now, route)) return;
    // The first address of the visit (none yet) is replaced; a change of page is a step Back can undo.
    if (now === undefined) history.replaceState(history.state, '', formatRoute(route));
    else if (now.page === route.page) history.replaceState(history.state, '', formatRoute(route));
    else history.pushState(null, '', formatRoute(route));
  }, [page, store]);

  // View → address: the selection, in the workspace. Written a moment after it changes, not in the
  // store's update: history.replaceState takes milliseconds, and while the user types, each check
  // moves the selection with the caret (its key changes): the check's problems are drawn first, and a
  // burst of moves writes the address once.
  useEffect(() => {
    if (page !== 'workspace') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      timer = undefined;
      if (pendingSelect.current !== undefined) return;
      const now = parseRoute(window.location.hash);
      if (now === undefined && window.location.hash !== '') return;
      const route: Route = { page: 'workspace', select: store.getState().selection?.pointer ?? '' };
      if (!sameRoute(now, route)) history.replaceState(history.state, '', formatRoute(route));
    };
    const stop = store.subscribe((state, previous) => {
      if (state.selection?.pointer === previous.selection?.pointer || pendingSelect.current !== undefined) return;
      timer ??= setTimeout(write, SELECTION_ADDRESS_DELAY_MS);
    });
    return () => {
      stop();
      if (timer !== undefined) clearTimeout(timer); // another page: its own address is written
    };
  }, [page, store]);
}
