import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ValidationReport } from '../../core/validate';
import { createChecker, type CheckerOptions } from './check/checker';
import { createDocument, startFields, type DocumentActions, type DocumentFields, type TextUpdate } from './editing';
import { createNotices, type NoticeActions, type NoticeFields } from './notices';
import { createSelection, noSelection, type SelectionActions, type SelectionFields } from './selection';

export { hasChanges, isOpen, type ChangeSource, type CommandStep, type TextChange } from './editing';
export type { Message } from './notices';
export type { RevealRequest, Selection, SelectionSource } from './selection';

/**
 * The open workload. Its text is the single source of truth: every view derives from it and every
 * change, from any pane, becomes a new text (typed in the YAML pane, or made by a core command).
 * `report` and `readable` are derived (memoized) from the text and are never set any other way;
 * selection, history and messages live beside it.
 *
 * The store is put together from parts with one job each: the document and its history
 * (editing.ts), the checker (check/checker.ts: when and where the text is checked), the selection
 * (selection.ts) and the notices (notices.ts).
 */
export interface DocumentState
  extends DocumentFields, SelectionFields, NoticeFields, DocumentActions, SelectionActions, NoticeActions {
  /** The validation of the text as of the last check; while typing it lags `text` by ≤ CHECK_DELAY_MS. */
  report: ValidationReport;
  /** The latest report whose text could be read: views keep showing it, marked stale, while the text does not parse. */
  readable: ValidationReport;
  /** Checks the current text now (on blur, or before answering automation) and returns the report. */
  flush(): ValidationReport;
  /** Checks the text again although it did not change: what it is checked against did (the catalog). */
  recheck(): void;
}

export type DocumentStore = StoreApi<DocumentState>;

/**
 * The text does not parse now: the views show its last readable version (marked so) and the edits
 * that write are off. True also of a text opened broken, which has no readable version of its own
 * (`readable` is then its own report, which holds nothing); not of an empty text, a workload not
 * begun yet.
 */
export function doesNotParse(state: Pick<DocumentState, 'report' | 'readable'>): boolean {
  const { report } = state;
  if (state.readable !== report) return true;
  return (
    report.parsed.blocked && report.parsed.syntax.some((d) => d.severity === 'error' && d.code !== 'EMPTY_DOCUMENT')
  );
}

export interface InitialDocument {
  text: string;
  origin: string | null;
  /** The text as opened, when the text has changes already (a recovered draft). */
  openedText?: string;
  recovered?: { savedAt: number } | null;
  /** Drafts with unsaved changes of tabs since closed (see `src/state/drafts/draft-slot.ts`). */
  waitingDrafts?: number;
}

/**
 * How the store checks (see CheckerOptions: the delay after typing, the validation, the worker and
 * from which length it is used, the rehearsal of typing, the timers), and the clock typing is grouped by.
 * Without a worker, or when it fails, every check runs here. Checks asked for at once (blur, commands,
 * automation) always run here: their callers need the answer now. Tests pass stand-ins for the
 * validation, the worker, the timers and the clock.
 */
export interface DocumentStoreOptions extends CheckerOptions {
  now?: () => number;
}

export function createDocumentStore(
  initial: InitialDocument,
  { now = () => performance.now(), ...checking }: DocumentStoreOptions = {},
): DocumentStore {
  return createStore<DocumentState>()((set, get) => {
    const notices = createNotices({ get, set });
    const selection = createSelection({
      get,
      set,
      flush: () => checker.flush(),
      worker: () => checker.worker(),
    });
    const checker = createChecker<TextUpdate>(
      {
        text: () => get().text,
        checked: () => get(),
        caret: selection.caret,
        adopt(checked, caret, change) {
          const { fields, then } = selection.afterCheck(caret, checked.report);
          set({ ...change, ...checked, ...fields });
          then?.();
        },
        store: (change) => set(change),
      },
      checking,
    );
    const document = createDocument({
      get,
      set,
      changed(...change) {
        checker.changed(...change);
        notices.textChanged();
      },
      startOver(fields) {
        selection.forget();
        set({ ...fields, ...noSelection, ...checker.first(fields.text), recovered: null, message: null });
        checker.opened(fields.text);
      },
      say: (text) => notices.actions.say('error', text),
      select: (pointer) => selection.actions.select(pointer, 'command'),
      answered: notices.answered,
      now,
    });

    const checked = checker.first(initial.text);
    checker.opened(initial.text);
    return {
      ...startFields(initial.text, initial.origin, initial.openedText),
      ...noSelection,
      ...checked,
      message: null,
      recovered: initial.recovered ?? null,
      waitingDrafts: initial.waitingDrafts ?? 0,
      ...document,
      ...selection.actions,
      ...notices.actions,
      flush: checker.flush,
      recheck: checker.recheck,
    };
  });
}
