import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CommandArgs, CommandName, CommandResult } from '../../core/commands';
import type { Diagnostic } from '../../core/diagnostics';
import { useDocument } from '../../state/document/context';
import type { Selection } from '../../state/document/store';
import { useAfterPaint } from '../common/use-after-paint';
import { createProblemsByOwner, groupByOwner, useProblemsOf, type ProblemsByOwner } from './problems-by-owner';

/**
 * What every control of the inspector needs, handed down once: the workload's model (plain data of
 * the last readable text) and the two ways a control changes anything — a core command through the
 * store, and a selection. The problems each control shows come apart (useProblemsAt).
 */
export interface Inspector {
  workload: unknown;
  /** The text the model was read from. */
  text: string;
  run<N extends CommandName>(name: N, args: CommandArgs<N>): CommandResult;
  /** Says why a change asked for in the form was not made (as a refused command is shown). */
  refuse(reason: string): void;
  select(pointer: string): void;
  /** Selects another part (a container from a list) and moves the keyboard focus to its form. */
  open(pointer: string): void;
  /** True once after `open`: the form that opens takes the focus. */
  takeFocusRequest(): boolean;
  /** The text does not parse: the form shows the last readable model and changes nothing. */
  readOnly: boolean;
}

const InspectorContext = createContext<Inspector | null>(null);
/** The selection as the inspector shows it: apart, so that a move of the caret re-renders no field. */
const SelectionContext = createContext<Selection | null>(null);
/** The problems by control: apart, so that a report that changes only problems re-renders only their controls. */
const ProblemsContext = createContext<ProblemsByOwner | null>(null);

export function InspectorProvider({ children }: { children: ReactNode }) {
  const workload = useDocument((s) => s.readable.parsed.value);
  const text = useDocument((s) => s.readable.parsed.text);
  const diagnostics = useDocument((s) => s.report.diagnostics);
  const readOnly = useDocument((s) => s.report.parsed.blocked);
  const runCommand = useDocument((s) => s.runCommand);
  const select = useDocument((s) => s.select);
  const say = useDocument((s) => s.say);
  const focusRequest = useRef(false);

  const byOwner = useMemo(() => groupByOwner(diagnostics), [diagnostics]);

  const value = useMemo<Inspector>(
    () => ({
      workload,
      text,
      run: runCommand,
      refuse: (reason) => say('error', reason),
      select: (pointer) => select(pointer, 'inspector'),
      open: (pointer) => {
        focusRequest.current = true;
        select(pointer, 'inspector');
      },
      takeFocusRequest: () => {
        const asked = focusRequest.current;
        focusRequest.current = false;
        return asked;
      },
      readOnly,
    }),
    [workload, text, runCommand, say, select, readOnly],
  );
  // Text typed in the YAML pane (or set by automation) reaches the form after the frame that shows
  // the problems and the graph: the form is the largest part of the page to draw again, and nobody is
  // looking at it then. The selection follows with it (the caret moves as the user types, and the
  // form it points into is the one shown). An edit made with a control (here, on the canvas, undo)
  // shows at once: a checkbox must not flick back for a frame.
  const selection = useDocument((s) => s.selection);
  const typed = useDocument((s) => s.lastChange?.source === 'editor' || s.lastChange?.source === 'automation');
  const current = useMemo(() => ({ value, selection, byOwner }), [value, selection, byOwner]);
  const shown = useAfterPaint(current, !typed);
  // The problems shown are those of the model shown: told to their controls before the frame is drawn
  // (the first ones at once, as the form is first drawn).
  const [problems] = useState(() => createProblemsByOwner(shown.byOwner));
  useLayoutEffect(() => problems.show(shown.byOwner), [problems, shown.byOwner]);
  return (
    <InspectorContext.Provider value={shown.value}>
      <SelectionContext.Provider value={shown.selection}>
        <ProblemsContext.Provider value={problems}>{children}</ProblemsContext.Provider>
      </SelectionContext.Provider>
    </InspectorContext.Provider>
  );
}

export function useInspector(): Inspector {
  const inspector = useContext(InspectorContext);
  if (!inspector) throw new Error('useInspector needs an <InspectorProvider> above it');
  return inspector;
}

/** The problems the control at `pointer` shows (matched by diagnostic path, see fieldOwner); none without a pointer. */
export function useProblemsAt(pointer: string | undefined): readonly Diagnostic[] {
  const problems = useContext(ProblemsContext);
  if (!problems) throw new Error('useProblemsAt needs an <InspectorProvider> above it');
  return useProblemsOf(problems, pointer);
}

/** What is selected, as of the model the inspector shows. */
export function useInspectorSelection(): Selection | null {
  return useContext(SelectionContext);
}
