import type { TextRange } from '../../core/diagnostics';
import { pointerAt } from '../../core/document/source-map';
import type { ValidationReport } from '../../core/validate';
import type { BackgroundValidation } from './check/background-validation';
import type { CaretAnswer } from './check/checker';
import { isParsedHere } from './check/lazy-parsed';

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

/** What is selected, and the problem last shown. */
export interface SelectionFields {
  selection: Selection | null;
  /** Index into `report.diagnostics` of the problem last shown (F8 walks on from it); -1 for none. */
  problemIndex: number;
  reveal: RevealRequest | null;
}

export interface SelectionActions {
  select(pointer: string, source: SelectionSource): void;
  /** The caret moved in the YAML pane: select what it stands in (once the text has been checked). */
  selectAt(offset: number): void;
  /** Shows a problem: reveals its range in the YAML pane and selects its field. */
  showProblem(index: number, focus: boolean): void;
  /** Shows a place of the workload as a problem is shown (a line of the Status pane): its range revealed, its field selected. */
  showPlace(path: string, range: TextRange, focus: boolean): void;
  /** F8 (+1) and Shift+F8 (-1): the next or previous problem, wrapping around. */
  walkProblems(step: 1 | -1, focus: boolean): void;
}

export interface SelectionHost {
  get(): SelectionFields & { text: string; report: ValidationReport };
  set(fields: Partial<SelectionFields>): void;
  /** Checks the text now and returns its report (F8 walks through the problems of the text as it is). */
  flush(): ValidationReport;
  /** The validation worker, while it works: where the caret is in a text read there is asked there. */
  worker(): BackgroundValidation | undefined;
}

export const noSelection: SelectionFields = { selection: null, problemIndex: -1, reveal: null };

/**
 * The selection: what the user looks at, followed by every view. A caret that moves in a text not yet
 * checked waits for the check, which finds the pointer there (in the worker too, for a long text).
 */
export function createSelection({ get, set, flush, worker }: SelectionHost) {
  /** The caret offset whose pointer waits for the next check (the text changed since it moved). */
  let pendingCaret: number | undefined;
  /** Numbers the questions to the worker: only the answer to the latest one counts. */
  let pointers = 0;
  let reveals = 0;

  const actions: SelectionActions = {
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
      const background = worker();
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
        reveal: { seq: ++reveals, range: diagnostic.range, focus },
        selection: { pointer: diagnostic.path, source: 'problems' },
      });
    },
    showPlace(path, range, focus) {
      set({ reveal: { seq: ++reveals, range, focus }, selection: { pointer: path, source: 'problems' } });
    },
    walkProblems(step, focus) {
      const count = flush().diagnostics.length;
      if (count === 0) return;
      const from = get().problemIndex;
      const index = from < 0 ? (step > 0 ? 0 : count - 1) : (from + step + count) % count;
      actions.showProblem(index, focus);
    },
  };

  /** Where the problem shown now is in `report` (same code, place and words), or -1. */
  const stillShown = (report: ValidationReport | undefined): number => {
    const { problemIndex, report: before } = get();
    const shown = before.diagnostics[problemIndex];
    if (!shown || !report) return -1;
    return report.diagnostics.findIndex(
      (d) => d.code === shown.code && d.path === shown.path && d.message === shown.message,
    );
  };
  return {
    actions,
    caret: (): number | undefined => pendingCaret,
    /** Another workload: a caret waiting in the one before says nothing about it. */
    forget(): void {
      pendingCaret = undefined;
    },
    /**
     * What the selection becomes with a new report (stored with it in one update): the problem shown
     * stays shown while the new report still has it (the export's or the platform's findings joining
     * the report after a problem was chosen must not take the choice away), else none is; and the
     * selection follows the caret the check looked at. When the caret moved again while a
     * check in the worker ran, `then` selects at its new place.
     */
    afterCheck(
      caret: CaretAnswer | undefined,
      report?: ValidationReport,
    ): {
      fields: Pick<SelectionFields, 'selection' | 'problemIndex'>;
      then?: () => void;
    } {
      const current = get().selection;
      if (!caret) return { fields: { problemIndex: stillShown(report), selection: current } };
      const waiting = pendingCaret;
      pendingCaret = undefined;
      const pointer = caret.asked === waiting ? caret.pointer : undefined;
      const selection = pointer !== undefined ? followCaret(current, pointer) : current;
      const fields = { problemIndex: stillShown(report), selection };
      return waiting !== undefined && waiting !== caret.asked
        ? { fields, then: () => actions.selectAt(waiting) }
        : { fields };
    },
  };
}

function followCaret(current: Selection | null, pointer: string): Selection | null {
  return current?.pointer === pointer && current.source === 'editor' ? current : { pointer, source: 'editor' };
}
