import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ValidationReport } from '../core/validate';
import { validationOf } from './validation';

/** Typing is checked this long after the last keystroke (DESIGN §4: ≤ 150 ms); blur and automation check at once. */
export const CHECK_DELAY_MS = 150;

/**
 * The open workload. Its text is the single source of truth: every view derives from it and every
 * change, from any pane, becomes a new text. `report` and `readable` are derived (memoized) from the
 * text and are never set any other way; `openedText` and `origin` only say where the text came from.
 */
export interface DocumentState {
  /** The workload's text, exactly as the user has it. */
  text: string;
  /** The validation of the text as of the last check; while typing it lags `text` by ≤ CHECK_DELAY_MS. */
  report: ValidationReport;
  /** The latest report whose text could be read: views keep showing it, marked stale, while the text does not parse. */
  readable: ValidationReport;
  /** The text as it was last opened; the user has changes when `text` differs from it. */
  openedText: string;
  /** Where the text came from, in words: a file name, a template title, "pasted text". */
  origin: string;
  /** An edit: replaces the text and checks it after a pause in typing. */
  setText(text: string): void;
  /** Opens another workload: replaces the text, forgets the changes and checks at once. */
  open(text: string, origin: string): void;
  /** Checks the current text now (on blur, or before answering automation) and returns the report. */
  flush(): ValidationReport;
}

export type DocumentStore = StoreApi<DocumentState>;

export interface DocumentStoreOptions {
  delayMs?: number;
  /** The validation to run; tests pass a stand-in. */
  validate?: (text: string) => ValidationReport;
}

export function createDocumentStore(
  initial: { text: string; origin: string },
  { delayMs = CHECK_DELAY_MS, validate = validationOf }: DocumentStoreOptions = {},
): DocumentStore {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const derived = (text: string, previous: ValidationReport | undefined) => {
    const report = validate(text);
    return { report, readable: report.parsed.blocked && previous ? previous : report };
  };

  return createStore<DocumentState>()((set, get) => {
    const check = (): ValidationReport => {
      cancel();
      const { text, report, readable } = get();
      if (report.parsed.text === text) return report;
      const next = derived(text, readable);
      set(next);
      return next.report;
    };

    return {
      text: initial.text,
      openedText: initial.text,
      origin: initial.origin,
      ...derived(initial.text, undefined),
      setText(text) {
        if (text === get().text) return;
        set({ text });
        cancel();
        timer = setTimeout(check, delayMs);
      },
      open(text, origin) {
        cancel();
        // Another workload: the last readable version of the previous one says nothing about it.
        set({ text, openedText: text, origin, ...derived(text, undefined) });
      },
      flush: check,
    };
  });
}

/** True when the text differs from what was opened: replacing it would lose the user's work. */
export function hasChanges(state: Pick<DocumentState, 'text' | 'openedText'>): boolean {
  return state.text !== state.openedText;
}
