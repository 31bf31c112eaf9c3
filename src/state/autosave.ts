import { isDraft, type Draft, type DraftStorage } from './drafts';
import { hasChanges, type DocumentStore, type InitialDocument } from './document-store';
import { onPageLeave, type PageEvents } from './page-leave';

/** Autosave waits this long after the last change (the issue allows losing at most the last second). */
export const AUTOSAVE_DELAY_MS = 400;
/** Reading the draft must not hold up the first paint for long: past this the app starts without it. */
export const RECOVERY_TIMEOUT_MS = 1500;

/**
 * Saves the working text to the draft storage shortly after every change, and at once when the tab
 * is hidden or closed. With nothing open (the start screen) there is no draft. Returns a stop function.
 */
export function startAutosave(
  store: DocumentStore,
  storage: DraftStorage,
  { delayMs = AUTOSAVE_DELAY_MS, target = globalThis as PageEvents, now = Date.now } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saved: Pick<Draft, 'text' | 'openedText' | 'origin'> | null | undefined;

  const saveNow = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const { text, openedText, origin } = store.getState();
    if (saved !== undefined && saved?.text === text && saved.openedText === openedText && saved.origin === origin)
      return;
    if (saved === null && origin === null) return;
    saved = origin === null ? null : { text, openedText, origin };
    const write = origin === null ? storage.clear() : storage.save({ text, openedText, origin, savedAt: now() });
    // A failed write (private mode, quota) must not break editing; the next change tries again.
    write.catch(() => {
      saved = undefined;
    });
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.text === previous.text && state.origin === previous.origin && state.openedText === previous.openedText)
      return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  });
  const stopListening = onPageLeave(() => {
    if (timer !== undefined) saveNow();
  }, target);
  return () => {
    unsubscribe();
    if (timer !== undefined) saveNow();
    stopListening();
  };
}

/**
 * The document the app starts with: the autosaved draft when there is one (flagged as recovered when
 * it holds unsaved changes), otherwise nothing open — the start screen.
 */
export async function recoverDocument(
  storage: DraftStorage,
  timeoutMs = RECOVERY_TIMEOUT_MS,
): Promise<InitialDocument> {
  const nothing: InitialDocument = { text: '', origin: null };
  let draft: unknown;
  try {
    draft = await Promise.race([
      storage.load(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
    ]);
  } catch {
    return nothing; // no IndexedDB (some private modes): start afresh rather than not at all
  }
  if (!isDraft(draft)) return nothing;
  const changed = hasChanges(draft);
  return {
    text: draft.text,
    origin: draft.origin,
    openedText: draft.openedText,
    recovered: changed ? { savedAt: draft.savedAt } : null,
  };
}
