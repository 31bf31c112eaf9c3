import { useCallback, useSyncExternalStore } from 'react';
import type { Diagnostic } from '../../core/diagnostics';
import { fieldOwner } from '../../core/inspector';
import { createListenersById } from '../common/listeners-by-id';

/**
 * The problems each control of the inspector shows, kept apart from the model it reads: when a
 * report changes only the problems (the export's readiness answers after each check, for one), the
 * controls whose problems changed re-render, not the whole form. Told through listeners by the
 * control's pointer, as the canvas tells its nodes (ui/common/listeners-by-id).
 */
export interface ProblemsByOwner {
  /** The problems a control at this pointer shows (matched by diagnostic path, see fieldOwner). */
  at(pointer: string): readonly Diagnostic[];
  subscribe(pointer: string, listener: () => void): () => void;
  /** The report's problems now: the controls whose problems read differently are told. */
  show(grouped: ReadonlyMap<string, readonly Diagnostic[]>): void;
}

const none: readonly Diagnostic[] = [];

/** The diagnostics grouped by the control that shows them. */
export function groupByOwner(diagnostics: readonly Diagnostic[]): ReadonlyMap<string, readonly Diagnostic[]> {
  const map = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const owner = fieldOwner(d.path);
    const list = map.get(owner);
    if (list) list.push(d);
    else map.set(owner, [d]);
  }
  return map;
}

export function createProblemsByOwner(first: ReadonlyMap<string, readonly Diagnostic[]> = new Map()): ProblemsByOwner {
  let shown = first;
  const listeners = createListenersById();
  return {
    at: (pointer) => shown.get(pointer) ?? none,
    subscribe: (pointer, listener) => listeners.subscribe(pointer, listener),
    show(grouped) {
      const before = shown;
      const changed: string[] = [];
      for (const [owner, list] of grouped) if (!readsTheSame(before.get(owner), list)) changed.push(owner);
      for (const owner of before.keys()) if (!grouped.has(owner)) changed.push(owner);
      // Unchanged lists keep their identity: the controls reading them do not render again.
      const next = new Map(grouped);
      for (const [owner, list] of grouped) {
        const kept = before.get(owner);
        if (kept && readsTheSame(kept, list)) next.set(owner, kept);
      }
      shown = next;
      listeners.tell(changed);
    },
  };
}

/** The problems a control shows read the same: each one's severity, code and message, in order. */
function readsTheSame(a: readonly Diagnostic[] | undefined, b: readonly Diagnostic[]): boolean {
  if (!a || a.length !== b.length) return false;
  return a.every((d, i) => d.severity === b[i]!.severity && d.code === b[i]!.code && d.message === b[i]!.message);
}

/** The problems the control at `pointer` shows (none without a pointer), re-rendering when they change. */
export function useProblemsOf(problems: ProblemsByOwner, pointer: string | undefined): readonly Diagnostic[] {
  const subscribe = useCallback(
    (listener: () => void) => (pointer === undefined ? () => {} : problems.subscribe(pointer, listener)),
    [problems, pointer],
  );
  const read = useCallback(() => (pointer === undefined ? none : problems.at(pointer)), [problems, pointer]);
  return useSyncExternalStore(subscribe, read, read);
}
