/** Where page events are listened for: the window, or a stand-in in tests. */
export type PageEvents = Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;

/**
 * Runs `leaving` when the page is hidden (another tab, a minimised window: it may never be shown
 * again) or closed, so that what waits to be saved is saved. Returns a function that stops listening.
 */
export function onPageLeave(leaving: () => void, target: PageEvents = globalThis as PageEvents): () => void {
  const onVisibility = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') leaving();
  };
  target.addEventListener?.('pagehide', leaving);
  target.addEventListener?.('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener?.('pagehide', leaving);
    target.removeEventListener?.('visibilitychange', onVisibility);
  };
}
