import { isDraft, othersOf, type Draft, type DraftStorage } from './shelf';
import { storedProject, type ProjectStore, type StoredWorkload } from '../project/store';
import { hasChanges, type DocumentStore, type InitialDocument } from '../document/store';
import type { KeyValueStorage } from '../browser/storage';
import { onPageLeave, type PageEvents } from '../browser/page-leave';

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
    project = undefined as ProjectStore | undefined,
  } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest change not yet saved was made. */
  let pendingSince: number | undefined;
  let saved: (Pick<Draft, 'text' | 'openedText' | 'origin'> & { workloads: unknown }) | null | undefined;
  /** The last write begun (null: the draft removed), when, and whether it has finished. */
  let lastWrite: { draft: Draft | null; at: number; done: boolean } | undefined;

  const saveNow = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSince = undefined;
    const { text, openedText, origin } = store.getState();
    // The project's other workloads are kept with it (the array changes only when they do).
    const workloads = project?.getState().workloads;
    if (
      saved !== undefined &&
      saved?.text === text &&
      saved.openedText === openedText &&
      saved.origin === origin &&
      saved.workloads === workloads
    )
      return;
    if (saved === null && origin === null) return;
    saved = origin === null ? null : { text, openedText, origin, workloads };
    const at = now();
    const others = project && project.getState().workloads.length > 1 ? storedProject(project.getState()) : undefined;
    const draft: Draft | null = origin === null ? null : { text, openedText, origin, savedAt: at, ...others };
    const write = { draft, at, done: false };
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

  const later = () => {
    const at = now();
    pendingSince ??= at;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(saveNow, Math.max(0, Math.min(delayMs, pendingSince + maxWaitMs - at)));
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.text === previous.text && state.origin === previous.origin && state.openedText === previous.openedText)
      return;
    later();
  });
  const unsubscribeProject = project?.subscribe((state, previous) => {
    if (state.workloads !== previous.workloads) later();
  });
  const stopListening = onPageLeave(() => {
    if (timer !== undefined) saveNow();
    if (!lastWrite || lastWrite.done) return;
    leaveCopy?.write(lastWrite.draft, lastWrite.at);
  }, target);
  return () => {
    unsubscribe();
    unsubscribeProject?.();
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
): Promise<RecoveredDocument> {
  const nothing: RecoveredDocument = { text: '', origin: null };
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
  if (copy && copy.at > (draft?.savedAt ?? -Infinity)) {
    const forget = () => leaveCopy?.forget();
    if (copy.draft === null) {
      // The draft was discarded, or the workload closed, as the page left.
      draft = undefined;
      storage.clear().then(forget, () => undefined);
    } else {
      // A copy too large to keep what was opened as well: the stored draft knows it, if of the same.
      const openedText = copy.openedUnknown
        ? draft && draft.origin === copy.draft.origin
          ? draft.openedText
          : ''
        : copy.draft.openedText;
      draft = { ...copy.draft, openedText };
      storage.save(draft).then(forget, () => undefined);
    }
  }
  if (!draft) return nothing;
  const changed = hasChanges(draft);
  const project = othersOf(draft);
  return {
    text: draft.text,
    origin: draft.origin,
    openedText: draft.openedText,
    recovered: changed || project.others.some(hasChanges) ? { savedAt: draft.savedAt } : null,
    ...(project.others.length > 0 ? { project } : {}),
  };
}

/** The document the app starts with, and the project's other workloads when the draft kept some. */
export interface RecoveredDocument extends InitialDocument {
  project?: { others: StoredWorkload[]; position: number };
}

/**
 * A synchronous copy of the draft, one per tab, written as the page leaves while a write to the draft
 * storage is still under way, and forgotten once a write has finished.
 */
export interface LeaveCopy {
  /** The draft as the page leaves, or null when it was being removed (nothing open any more); `at`: when. */
  write(draft: Draft | null, at: number): void;
  /**
   * The copy, if any (undefined also when it is damaged). `openedUnknown`: the text was too large to
   * keep what was opened as well (sessionStorage holds about 5 million characters).
   */
  read(): { draft: Draft | null; at: number; openedUnknown?: boolean } | undefined;
  forget(): void;
}

const LEAVE_COPY_KEY = 'score-designer.draft-on-leave';

/** The leave copy in a storage that outlives a reload (sessionStorage), for one draft slot. */
export function sessionLeaveCopy(storage: KeyValueStorage | undefined, slot: string): LeaveCopy {
  const put = (record: unknown): boolean => {
    try {
      storage?.setItem(LEAVE_COPY_KEY, JSON.stringify(record));
      return true;
    } catch {
      return false; // over the quota, or refused
    }
  };
  return {
    write(draft, at) {
      if (put({ slot, at, draft })) return;
      // Too large with what was opened: the text alone, which is what must not be lost.
      if (draft && put({ slot, at, draft: { ...draft, openedText: undefined }, openedUnknown: true })) return;
      this.forget(); // nothing fits: the write to IndexedDB is all there is, and no older copy may stand
    },
    read() {
      try {
        const raw = storage?.getItem(LEAVE_COPY_KEY);
        const record = raw
          ? (JSON.parse(raw) as { slot?: unknown; at?: unknown; draft?: unknown; openedUnknown?: unknown })
          : undefined;
        if (record?.slot !== slot || typeof record.at !== 'number') return undefined;
        if (record.draft === null) return { draft: null, at: record.at };
        const openedUnknown = record.openedUnknown === true;
        const draft = openedUnknown ? { ...(record.draft as object), openedText: '' } : record.draft;
        return isDraft(draft) ? { draft, at: record.at, ...(openedUnknown ? { openedUnknown } : {}) } : undefined;
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
