import { createStore, type StoreApi } from 'zustand/vanilla';
import { runCommand as runCoreCommand, isRefusal, type CommandResult, type Edit } from '../../core/commands';
import type { TextRange } from '../../core/diagnostics';
import { pointerAt } from '../../core/document/source-map';
import type { ValidationReport } from '../../core/validate';
import { emptyHistory, recordStep, recordTyping, redo, undo, type History } from './history';
import type { BackgroundValidation } from './check/background-validation';
import { isParsedHere } from './check/lazy-parsed';
import { diffEdits, diffText } from '../../core/document/text-diff';
import { REHEARSALS, validationOf } from './check/validation';

/** Typing is checked this long after the last keystroke (DESIGN §4: ≤ 150 ms); blur and automation check at once. */
export const CHECK_DELAY_MS = 150;

/**
 * Texts shorter than this are checked here even when there is a worker, at the start of a frame, and
 * the frame shows the answer. After typing, a text is checked again from its reading before, the
 * edited entry read anew: on the generated 100-container, 100-resource workload (165 KB) that takes
 * 15–20 ms here on a 2-core machine. In the worker the same check took as long, and then its answer
 * had to be copied back and wait for the next frame: typing check → paint was 44–46 ms at the median,
 * against 35 ms here (bench:ui's typing measure, A/B, 4 pages each; INP was no worse). A reading on
 * the page is also the full one, which the worker's is not (see lazy-parsed.ts). Longer texts go to
 * the worker, so that typing never waits for their check, which grows with the text.
 */
export const BACKGROUND_CHECK_FROM = 192 * 1024;

/** Where a change of the text came from. The editor pane applies every change that did not come from itself. */
export type ChangeSource = 'editor' | 'command' | 'history' | 'automation' | 'open';

/** The last change of the text, with the edits (against `before`) that made it: panes apply those, not the whole text. */
export interface TextChange {
  seq: number;
  before: string;
  text: string;
  edits: Edit[];
  source: ChangeSource;
}

/** Who selected: a view follows selections made elsewhere and does not echo its own. */
export type SelectionSource = 'editor' | 'problems' | 'command' | 'automation' | 'graph' | 'inspector';

/** What the user is looking at, as a JSON Pointer into the workload ('' is the whole workload). */
export interface Selection {
  pointer: string;
  source: SelectionSource;
}

/** A request to the YAML pane to show a range of the text (a problem's place). */
export interface RevealRequest {
  seq: number;
  range: TextRange;
  /** Move the keyboard focus into the editor too (a click on a problem does; F8 from elsewhere does not). */
  focus: boolean;
}

/** A one-line message for the user: a refused command, a file that was not opened. */
export interface Message {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

/**
 * The open workload. Its text is the single source of truth: every view derives from it and every
 * change, from any pane, becomes a new text (typed in the YAML pane, or made by a core command).
 * `report` and `readable` are derived (memoized) from the text and are never set any other way;
 * selection, history and messages live beside it.
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
  /** Where the text came from, in words: a file name, a template title, "pasted text"; null before anything is open. */
  origin: string | null;
  lastChange: TextChange | null;
  history: History;
  selection: Selection | null;
  /** Index into `report.diagnostics` of the problem last shown (F8 walks on from it); -1 for none. */
  problemIndex: number;
  reveal: RevealRequest | null;
  message: Message | null;
  /** Set when the text was recovered from an autosaved draft with unsaved changes. */
  recovered: { savedAt: number } | null;
  /** How many drafts with unsaved changes, of tabs since closed, wait to be taken up in a new tab. */
  waitingDrafts: number;

  /** Typing in an editor pane: grouped into undo steps. `edits` (against the current text) when the editor knows them. */
  typeText(text: string, edits?: Edit[]): void;
  /** Replaces the whole text as one undo step (automation, paste over everything). */
  replaceText(text: string): void;
  /** Runs a named core command on the text. A refusal changes nothing and is shown as a message. */
  runCommand(name: string, args: unknown): CommandResult;
  /**
   * Runs commands one after the other, as one undo step (one click that removes several references).
   * A refused command is skipped, and its refusal returned, not shown; the others still run.
   */
  runCommands(steps: ReadonlyArray<{ name: string; args: unknown }>): CommandResult[];
  undo(): boolean;
  redo(): boolean;
  /** Opens another workload: replaces the text, forgets changes and history, checks at once. */
  open(text: string, origin: string): void;
  /** Back to the start screen, with nothing open. */
  close(): void;
  /** Checks the current text now (on blur, or before answering automation) and returns the report. */
  flush(): ValidationReport;
  /** Checks the text again although it did not change: what it is checked against did (the catalog). */
  recheck(): void;
  /** `text` was saved somewhere: it becomes the clean state that unsaved changes are measured from. */
  markSaved(text: string): void;
  select(pointer: string, source: SelectionSource): void;
  /** The caret moved in the YAML pane: select what it stands in (once the text has been checked). */
  selectAt(offset: number): void;
  /** Shows a problem: reveals its range in the YAML pane and selects its field. */
  showProblem(index: number, focus: boolean): void;
  /** F8 (+1) and Shift+F8 (-1): the next or previous problem, wrapping around. */
  walkProblems(step: 1 | -1, focus: boolean): void;
  say(kind: Message['kind'], text: string): void;
  dismissMessage(): void;
  /** The recovered draft is thrown away: back to the start screen. */
  discardRecovered(): void;
  /** The user has read that the draft was recovered: hide the notice, keep the text. */
  keepRecovered(): void;
  /** A new tab was opened to take up one of the waiting drafts. */
  waitingDraftOpened(): void;
  /** The user has read that drafts wait: hide the notice. */
  dismissWaitingDrafts(): void;
}

export type DocumentStore = StoreApi<DocumentState>;

export interface InitialDocument {
  text: string;
  origin: string | null;
  /** The text as opened, when the text has changes already (a recovered draft). */
  openedText?: string;
  recovered?: { savedAt: number } | null;
  /** Drafts with unsaved changes of tabs since closed (see `src/state/draft-slot.ts`). */
  waitingDrafts?: number;
}

export interface DocumentStoreOptions {
  delayMs?: number;
  /** The validation to run; tests pass a stand-in. */
  validate?: (text: string) => ValidationReport;
  /** The clock typing is grouped by; tests pass their own. */
  now?: () => number;
  /**
   * Where the checks that follow typing run (a Web Worker), so that typing is never blocked by them.
   * Without it, or when it fails, they run here. Checks asked for at once (blur, commands, automation)
   * always run here: their callers need the answer now.
   */
  background?: BackgroundValidation;
  /** Texts shorter than this are checked here all the same (BACKGROUND_CHECK_FROM; tests pass 0). */
  backgroundFrom?: number;
  /**
   * Rehearses the check that follows typing on the report of a text just opened, replaced or changed
   * by a command, while the page is idle (see typingRehearsal in validation.ts), so that the user's
   * first keystrokes do not wait for the engine to compile that check. Returns how to give up the rest
   * of it: the next change of the text does (that change runs the code anyway, and the rehearsal would
   * only delay it). Without it, nothing is rehearsed.
   */
  rehearse?: (report: ValidationReport) => () => void;
}

export function createDocumentStore(
  initial: InitialDocument,
  {
    delayMs = CHECK_DELAY_MS,
    validate = validationOf,
    now = () => performance.now(),
    background,
    backgroundFrom = BACKGROUND_CHECK_FROM,
    rehearse,
  }: DocumentStoreOptions = {},
): DocumentStore {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the check waiting for the next frame. */
  let cancelFrame: (() => void) | undefined;
  /** The worker's reading of a long text checked here, waiting for the page to be still. */
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  /** The rehearsal of typing waiting for the page to be idle, and how many were made. */
  let rehearsalTimer: ReturnType<typeof setTimeout> | undefined;
  let rehearsals = 0;
  /** Gives up the rest of the rehearsal under way. */
  let stopRehearsal = () => {};
  /** Numbers the background requests: only the answer to the latest one counts. */
  let checks = 0;
  let pointers = 0;
  let seq = 0;
  /** The caret offset whose pointer waits for the next check (the text changed since it moved). */
  let pendingCaret: number | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    cancelFrame?.();
    cancelFrame = undefined;
  };

  const derived = (text: string, previous: ValidationReport | undefined) => {
    const report = validate(text);
    return { report, readable: report.parsed.blocked && previous ? previous : report };
  };

  return createStore<DocumentState>()((set, get) => {
    /** Takes a new report; the caret's pending selection follows it when its pointer is known. */
    /** Takes a new report (with `also`, other changes made with it in one update of the store). */
    const adopt = (
      next: { report: ValidationReport; readable: ValidationReport },
      caretPointer: string | undefined,
      also: Partial<DocumentState> = {},
    ) => {
      const selection = caretPointer !== undefined ? followCaret(get().selection, caretPointer) : get().selection;
      set({ ...also, ...next, problemIndex: -1, selection });
    };

    /**
     * Checks the text now. `change`, when given, is a new text with what goes with it: stored together
     * with its report in one update, so that every view re-reads the store once per change, not twice.
     */
    const check = (change?: Partial<DocumentState> & { text: string }): ValidationReport => {
      cancel();
      checks++; // an answer still on its way from the background is outdated now
      const { report, readable } = get();
      const text = change?.text ?? get().text;
      if (report.parsed.text === text) {
        if (change) set(change);
        return report;
      }
      mark('score:check');
      const next = derived(text, readable);
      const caret = pendingCaret;
      pendingCaret = undefined;
      adopt(
        next,
        caret !== undefined && !next.report.parsed.blocked ? pointerAt(next.report.parsed, caret) : undefined,
        change,
      );
      mark('score:checked');
      readInBackground(text);
      if (change) rehearseLater(text);
      return next.report;
    };

    /**
     * A long text checked here (opened, changed by a command or automation) is read by the worker too
     * once the page is still, so that the check after the next typing is a quick re-check there. Put
     * off by a newer text, not by another look at this one (a flush, the YAML pane showing a selection),
     * nor by the caret moving: typing that comes during the reading waits for it, but without it that
     * check would read the whole text itself, in a worker maybe not even started yet (the first check
     * after opening the 100×100 then took longer than the pause between keystrokes).
     */
    const readInBackground = (text: string) => {
      if (readTimer !== undefined) clearTimeout(readTimer);
      readTimer = undefined;
      if (!background || text.length < backgroundFrom) return;
      const worker = background;
      readTimer = setTimeout(() => {
        readTimer = undefined;
        const { parsed } = get().report;
        // A failing worker is seen by the next check.
        if (get().text === text && parsed.text === text) worker.read(parsed).catch(() => {});
      }, WORKER_READ_DELAY_MS);
    };

    /**
     * A text opened, replaced whole or changed by a command (not typed) is one the user may now type
     * in: the check of that typing is rehearsed once the page has been still for a moment, if the
     * text is checked here (a longer one is checked in the worker, and rehearsing it here would block
     * the page), and only the first few times: by then the engine has compiled that code.
     */
    const rehearseLater = (text: string) => {
      giveUpRehearsal();
      if (!rehearse || rehearsals >= REHEARSALS || text.length < REHEARSE_FROM || text.length >= REHEARSE_BELOW) return;
      const rehearsal = rehearse;
      rehearsalTimer = setTimeout(() => {
        rehearsalTimer = undefined;
        const { report } = get();
        // Typed meanwhile (that runs the code anyway), or the reading is the worker's (a long text).
        if (get().text !== text || report.parsed.text !== text || !isParsedHere(report.parsed)) return;
        rehearsals++;
        stopRehearsal = rehearsal(report);
      }, REHEARSAL_DELAY_MS);
    };

    /** Gives up the rehearsal waiting for the page to be still, or the rest of the one under way. */
    const giveUpRehearsal = () => {
      if (rehearsalTimer !== undefined) clearTimeout(rehearsalTimer);
      rehearsalTimer = undefined;
      stopRehearsal();
      stopRehearsal = () => {};
    };

    /** The check after a pause in typing: in the background when there is one. */
    const checkLater = () => {
      timer = undefined;
      const { text, report } = get();
      if (report.parsed.text === text) return;
      if (!background || text.length < backgroundFrom) {
        cancelFrame = atNextFrame(() => {
          cancelFrame = undefined;
          check();
        });
        return;
      }
      const caret = pendingCaret;
      const asked = ++checks;
      mark('score:check');
      background.check(text, caret).then(
        ({ report: next, pointer }) => {
          if (asked !== checks || get().text !== text) return; // a newer text or check came first
          const caretPointer = caret === pendingCaret ? pointer : undefined;
          const caretMoved = pendingCaret !== undefined && pendingCaret !== caret;
          const movedTo = pendingCaret;
          pendingCaret = undefined;
          adopt({ report: next, readable: next.parsed.blocked ? get().readable : next }, caretPointer);
          mark('score:checked');
          if (caretMoved && movedTo !== undefined) get().selectAt(movedTo);
        },
        () => {
          background = undefined; // the worker failed: check here from now on
          if (asked === checks) check();
        },
      );
    };

    /** Every change of the text passes here: it records the change for the panes and schedules the check. */
    const change = (text: string, edits: Edit[], source: ChangeSource, history: History, checkNow: boolean) => {
      const before = get().text;
      const changed = {
        text,
        history,
        lastChange: { seq: ++seq, before, text, edits, source },
        origin: get().origin ?? 'a new workload',
      };
      cancel();
      giveUpRehearsal();
      if (checkNow) {
        check(changed);
      } else {
        set(changed);
        timer = setTimeout(checkLater, delayMs);
      }
    };

    /** Another workload (or none): the last readable version of the previous one says nothing about it. */
    const reset = (text: string, origin: string | null) => {
      cancel();
      pendingCaret = undefined;
      const before = get().text;
      set({
        ...startState(text, origin),
        recovered: null,
        message: null,
        lastChange: { seq: ++seq, before, text, edits: [diffText(before, text)], source: 'open' },
      });
      readInBackground(text);
      rehearseLater(text);
    };

    const startState = (text: string, origin: string | null, openedText = text) => ({
      text,
      openedText,
      origin,
      history: emptyHistory,
      selection: null,
      problemIndex: -1,
      reveal: null,
      ...derived(text, undefined),
    });

    readInBackground(initial.text);
    rehearseLater(initial.text);
    return {
      ...startState(initial.text, initial.origin, initial.openedText),
      lastChange: null,
      message: null,
      recovered: initial.recovered ?? null,
      waitingDrafts: initial.waitingDrafts ?? 0,

      typeText(text, edits) {
        const before = get().text;
        if (text === before) return;
        const made = edits ?? diffEdits(before, text);
        change(text, made, 'editor', recordTyping(get().history, before, made, now()), false);
      },
      replaceText(text) {
        const before = get().text;
        if (text === before) return;
        const edits = diffEdits(before, text);
        change(text, edits, 'automation', recordStep(get().history, before, text, edits), true);
      },
      runCommand(name, args) {
        const before = get().text;
        const result = runCoreCommand(name, before, args);
        if (isRefusal(result)) {
          get().say('error', result.error);
          return result;
        }
        // A refusal shown before is answered by this success (a rename retried with a valid name).
        if (get().message?.kind === 'error') set({ message: null });
        if (result.text !== before) {
          change(
            result.text,
            result.edits,
            'command',
            recordStep(get().history, before, result.text, result.edits),
            true,
          );
        }
        if (result.selection !== undefined) get().select(result.selection, 'command');
        return result;
      },
      runCommands(steps) {
        const before = get().text;
        let text = before;
        const results = steps.map(({ name, args }) => {
          const result = runCoreCommand(name, text, args);
          if (!isRefusal(result)) text = result.text;
          return result;
        });
        if (text !== before) {
          if (get().message?.kind === 'error') set({ message: null });
          const edits = diffEdits(before, text);
          change(text, edits, 'command', recordStep(get().history, before, text, edits), true);
        }
        return results;
      },
      // Undo and redo are checked at once, like commands: checked after the pause that typing gets,
      // the form went on showing for a moment the value they took back, and a field cleared in that
      // moment lost its clearing when the check replaced the value under the user's selection.
      undo() {
        const move = undo(get().history, get().text);
        if (!move) return false;
        change(move.text, move.edits, 'history', move.history, true);
        return true;
      },
      redo() {
        const move = redo(get().history, get().text);
        if (!move) return false;
        change(move.text, move.edits, 'history', move.history, true);
        return true;
      },
      open(text, origin) {
        reset(text, origin);
      },
      close() {
        reset('', null);
      },
      flush: () => check(),
      markSaved(text) {
        set({ openedText: text });
      },
      recheck() {
        cancel();
        checks++; // an answer on its way from the background was checked against the old rules
        const { text, readable } = get();
        adopt(derived(text, readable), undefined);
      },
      select(pointer, source) {
        const current = get().selection;
        if (current?.pointer === pointer && current.source === source) return;
        set({ selection: { pointer, source } });
      },
      selectAt(offset) {
        const { report, text } = get();
        if (report.parsed.text !== text) {
          pendingCaret = offset;
          return;
        }
        pendingCaret = undefined;
        if (report.parsed.blocked) return;
        if (background && !isParsedHere(report.parsed)) {
          // The YAML tree is in the worker: ask it there rather than parse here while the user types.
          const asked = ++pointers;
          background.pointerAt(text, offset).then(
            (pointer) => {
              if (asked !== pointers || get().text !== text || pointer === undefined) return;
              const selection = followCaret(get().selection, pointer);
              if (selection !== get().selection) set({ selection });
            },
            () => {},
          );
          return;
        }
        const selection = followCaret(get().selection, pointerAt(report.parsed, offset));
        if (selection !== get().selection) set({ selection });
      },
      showProblem(index, focus) {
        const diagnostic = get().report.diagnostics[index];
        if (!diagnostic) return;
        set({
          problemIndex: index,
          reveal: { seq: ++seq, range: diagnostic.range, focus },
          selection: { pointer: diagnostic.path, source: 'problems' },
        });
      },
      walkProblems(step, focus) {
        const count = check().diagnostics.length;
        if (count === 0) return;
        const from = get().problemIndex;
        const index = from < 0 ? (step > 0 ? 0 : count - 1) : (from + step + count) % count;
        get().showProblem(index, focus);
      },
      say(kind, text) {
        set({ message: { id: ++seq, kind, text } });
      },
      dismissMessage() {
        set({ message: null });
      },
      discardRecovered() {
        get().close();
      },
      keepRecovered() {
        set({ recovered: null });
      },
      waitingDraftOpened() {
        set({ waitingDrafts: Math.max(0, get().waitingDrafts - 1) });
      },
      dismissWaitingDrafts() {
        set({ waitingDrafts: 0 });
      },
    };
  });
}

/** How long the page must be still before the worker reads a long text checked here. */
export const WORKER_READ_DELAY_MS = 500;

/** How long the page must be still before the check of typing is rehearsed (see `rehearse`). */
export const REHEARSAL_DELAY_MS = 200;
/**
 * The texts whose typing is rehearsed: long enough for the rehearsal to run the check's code as
 * typing will (a few lines run it too little for the engine to compile it), and checked on the page.
 */
export const REHEARSE_FROM = 1024;
export const REHEARSE_BELOW = BACKGROUND_CHECK_FROM;

/** How long a check waits for a frame at most: a hidden page draws none. */
const FRAME_WAIT_LIMIT_MS = 100;

/**
 * Runs `run` at the start of the browser's next frame (at once where there are no frames: Node, the
 * tests), so that what it changes is drawn in that frame. A check made in the middle of a frame is
 * seen only in the next one; made at its start, it is seen in that frame, and the time between the
 * end of the pause in typing and the paint is, on average, the same (DESIGN §4: ≤ 150 ms for the
 * pause). Returns a function that cancels it.
 */
function atNextFrame(run: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    run();
    return () => {};
  }
  const stop = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
  const once = () => {
    stop();
    run();
  };
  const frame = requestAnimationFrame(once);
  const timeout = setTimeout(once, FRAME_WAIT_LIMIT_MS);
  return stop;
}

/** Marks on the page's performance timeline, for the UI bench and the browser's profiler: when a check starts and when its report is in the store. */
function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

function followCaret(current: Selection | null, pointer: string): Selection | null {
  return current?.pointer === pointer && current.source === 'editor' ? current : { pointer, source: 'editor' };
}

/** True when the text differs from what was opened: replacing it would lose the user's work. */
export function hasChanges(state: Pick<DocumentState, 'text' | 'openedText'>): boolean {
  return state.text !== state.openedText;
}

/** True when a workload is open (false on the start screen). */
export function isOpen(state: Pick<DocumentState, 'origin'>): boolean {
  return state.origin !== null;
}
