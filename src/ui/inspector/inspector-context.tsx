import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import type { CommandArgs, CommandName, CommandResult } from '../../core/commands';
import type { Diagnostic } from '../../core/diagnostics';
import { fieldOwner } from '../../core/inspector';
import { useDocument } from '../../state/document/context';
import type { Selection } from '../../state/document/store';
import { useAfterPaint } from '../common/use-after-paint';

/**
 * What every control of the inspector needs, handed down once: the workload's model (plain data of
 * the last readable text), its problems grouped by the control that shows them, and the two ways
 * a control changes anything — a core command through the store, and a selection.
 */
export interface Inspector {
  workload: unknown;
  /** The text the model was read from. */
  text: string;
  /** The problems a control at this pointer shows (matched by diagnostic path, see fieldOwner). */
  problemsAt(pointer: string): readonly Diagnostic[];
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

const none: readonly Diagnostic[] = [];

export function InspectorProvider({ children }: { children: ReactNode }) {
  const workload = useDocument((s) => s.readable.parsed.value);
  const text = useDocument((s) => s.readable.parsed.text);
  const diagnostics = useDocument((s) => s.report.diagnostics);
  const readOnly = useDocument((s) => s.report.parsed.blocked);
  const runCommand = useDocument((s) => s.runCommand);
  const select = useDocument((s) => s.select);
  const say = useDocument((s) => s.say);
  const focusRequest = useRef(false);

  const byOwner = useMemo(() => {
    const map = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      const owner = fieldOwner(d.path);
      const list = map.get(owner);
      if (list) list.push(d);
      else map.set(owner, [d]);
    }
    return map;
  }, [diagnostics]);

  const value = useMemo<Inspector>(
    () => ({
      workload,
      text,
      problemsAt: (pointer) => byOwner.get(pointer) ?? none,
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
    [workload, text, byOwner, runCommand, say, select, readOnly],
  );
  // Text typed in the YAML pane (or set by automation) reaches the form after the frame that shows
  // the problems and the graph: the form is the largest part of the page to draw again, and nobody is
  // looking at it then. The selection follows with it (the caret moves as the user types, and the
  // form it points into is the one shown). An edit made with a control (here, on the canvas, undo)
  // shows at once: a checkbox must not flick back for a frame.
  const selection = useDocument((s) => s.selection);
  const typed = useDocument((s) => s.lastChange?.source === 'editor' || s.lastChange?.source === 'automation');
  const current = useMemo(() => ({ value, selection }), [value, selection]);
  const shown = useAfterPaint(current, !typed);
  return (
    <InspectorContext.Provider value={shown.value}>
      <SelectionContext.Provider value={shown.selection}>{children}</SelectionContext.Provider>
    </InspectorContext.Provider>
  );
}

export function useInspector(): Inspector {
  const inspector = useContext(InspectorContext);
  if (!inspector) throw new Error('useInspector needs an <InspectorProvider> above it');
  return inspector;
}

/** What is selected, as of the model the inspector shows. */
export function useInspectorSelection(): Selection | null {
  return useContext(SelectionContext);
}
