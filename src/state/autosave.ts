import { isDraft, type Draft, type DraftStorage } from './drafts';
import { hasChanges, type DocumentStore, type InitialDocument } from './document-store';
import type { KeyValueStorage } from './library-settings';
import { onPageLeave, type PageEvents } from './page-leave';

/** Autosave waits this long after the last change (the issue allows losing at most the last second). */
export const AUTOSAVE_DELAY_MS = 400;
/** Typing without a pause is saved at least this often all the same. */
export const AUTOSAVE_MAX_WAIT_MS = 800;
/** Reading the draft must not hold up the first paint for long: past this the app starts without it. */
export const RECOVERY_TIMEOUT_MS = 1500;

/**
 * Saves the working text to the draft storage shortly after every change (and during typing without a
 * pause, at least every `maxWaitMs`), and at once when the tab is hidden or closed. With nothing open
 * (the start screen) there is no draft. Returns a stop function.
 *
 * A write to IndexedDB still under way as the page unloads (a reload, a tab closed) may never finish,
 * so then the draft also goes, synchronously, to the tab's `leaveCopy` (sessionStorage, which outlives
 * a reload); `recoverDocument` takes it when it is newer than the stored draft.
 */
export function startAutosave(
  store: DocumentStore,
  storage: DraftStorage,
  {
    delayMs = AUTOSAVE_DELAY_MS,
    maxWaitMs = AUTOSAVE_MAX_WAIT_MS,
    target = globalThis as PageEvents,
    now = Date.now,
    leaveCopy = undefined as LeaveCopy | undefined,
  } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest change not yet saved was made. */
  let pendingSince: number | undefined;
  let saved: Pick<Draft, 'text' | 'openedText' | 'origin'> | null | undefined;
  /** The last write begun (null: the draft removed), and whether it has finished. */
  let lastWrite: { draft: Draft | null; done: boolean } | undefined;

  const saveNow = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSince = undefined;
    const { text, openedText, origin } = store.getState();
    if (saved !== undefined && saved?.text === text && saved.openedText === openedText && saved.origin === origin)
      return;
    if (saved === null && origin === null) return;
    saved = origin === null ? null : { text, openedText, origin };
    const write = { draft: origin === null ? null : { text, openedText, origin, savedAt: now() }, done: false };
    lastWrite = write;
    (write.draft === null ? storage.clear() : storage.save(write.draft)).then(
      () => {
        write.done = true;
        // Stored: a copy made as the page left is no longer needed (and must not outlive a later change).
        if (lastWrite === write) leaveCopy?.forget();
      },
      // A failed write (private mode, quota) must not break editing; the next change tries again.
      () => {
        if (lastWrite === write) saved = undefined;
      },
    );
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.text === previous.text && state.origin === previous.origin && state.openedText === previous.openedText)
      return;
    const at = now();
    pendingSince ??= at;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(saveNow, Math.max(0, Math.min(delayMs, pendingSince + maxWaitMs - at)));
  });
  const stopListening = onPageLeave(() => {
    if (timer !== undefined) saveNow();
    if (!lastWrite || lastWrite.done) return;
    if (lastWrite.draft) leaveCopy?.write(lastWrite.draft);
    else leaveCopy?.forget();
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
  leaveCopy?: LeaveCopy,
): Promise<InitialDocument> {
  const nothing: InitialDocument = { text: '', origin: null };
  let stored: unknown;
  try {
    stored = await Promise.race([
      storage.load(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs)),
    ]);
  } catch {
    stored = undefined; // no IndexedDB (some private modes): start afresh rather than not at all
  }
  let draft = isDraft(stored) ? stored : undefined;
  // The copy made as the page left wins when newer: the write to IndexedDB then had not finished.
  const copy = leaveCopy?.read();
  if (copy && copy.savedAt > (draft?.savedAt ?? -Infinity)) {
    draft = copy;
    storage.save(copy).then(
      () => leaveCopy?.forget(),
      () => undefined,
    );
  }
  if (!draft) return nothing;
  const changed = hasChanges(draft);
  return {
    text: draft.text,
    origin: draft.origin,
    openedText: draft.openedText,
    recovered: changed ? { savedAt: draft.savedAt } : null,
  };
}

/**
 * A synchronous copy of the draft, one per tab, written as the page leaves while a write to the draft
 * storage is still under way, and forgotten once a write has finished.
 */
export interface LeaveCopy {
  write(draft: Draft): void;
  /** The copy, if any (undefined also when it is damaged). */
  read(): Draft | undefined;
  forget(): void;
}

const LEAVE_COPY_KEY = 'score-designer.draft-on-leave';

/** The leave copy in a storage that outlives a reload (sessionStorage), for one draft slot. */
export function sessionLeaveCopy(storage: KeyValueStorage | undefined, slot: string): LeaveCopy {
  return {
    write(draft) {
      try {
        storage?.setItem(LEAVE_COPY_KEY, JSON.stringify({ slot, draft }));
      } catch {
        // Too big for sessionStorage (a few MB) or refused: the write to IndexedDB is all there is.
      }
    },
    read() {
      try {
        const raw = storage?.getItem(LEAVE_COPY_KEY);
        const record = raw ? (JSON.parse(raw) as { slot?: unknown; draft?: unknown }) : undefined;
        return record?.slot === slot && isDraft(record.draft) ? record.draft : undefined;
      } catch {
        return undefined;
      }
    },
    forget() {
      try {
        storage?.removeItem(LEAVE_COPY_KEY);
      } catch {
        // Refused: a copy older than the stored draft is never taken anyway.
      }
    },
  };
}
