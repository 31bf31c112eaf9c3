import type { PaneId } from '../../state/layout/store';
import { firstControl } from './focusable';

/**
 * F6 and Shift+F6 move the keyboard focus between the workspace's panes, as they move it between
 * the parts of VS Code's window: graph → YAML → inspector → problems (→ status, when the orchestrator's
 * view is on), and round again. A hidden (or absent) pane is passed over. Each pane takes the focus where work goes on in it: in the part it marks with
 * `data-pane-focus` (the problems list), its current entry or first control; else the selected node
 * of the canvas (its first node when none is); else its first control.
 */
export const PANE_ORDER: readonly PaneId[] = ['graph', 'yaml', 'inspector', 'problems', 'status'];

/** The pane `step` panes after `current` (before it, for -1) among `shown`, wrapping around. */
export function paneAfter(current: PaneId | undefined, step: 1 | -1, shown: readonly PaneId[]): PaneId | undefined {
  const n = PANE_ORDER.length;
  // From outside the panes, the first (the last, going back) is one step away.
  const at = current === undefined ? (step === 1 ? -1 : n) : PANE_ORDER.indexOf(current);
  for (let i = 1; i <= n; i++) {
    const id = PANE_ORDER[(((at + step * i) % n) + n) % n]!;
    if (shown.includes(id)) return id;
  }
  return undefined;
}

/** The pane holding `element`. */
function paneOf(element: Element | null): PaneId | undefined {
  const pane = element?.closest<HTMLElement>('[data-pane]')?.dataset['pane'];
  return PANE_ORDER.find((id) => id === pane);
}

function shownPanes(root: ParentNode): PaneId[] {
  return [...root.querySelectorAll<HTMLElement>('[data-pane]:not([data-collapsed])')]
    .map((pane) => paneOf(pane))
    .filter((id): id is PaneId => id !== undefined);
}

/** Where the focus goes in a pane's body (see above), or undefined when it has nothing to take it. */
function focusTarget(body: Element): HTMLElement | undefined {
  // A part marked as where work goes on: its current entry (the current problem), else its first control.
  const marked = body.querySelector<HTMLElement>('[data-pane-focus]');
  if (marked) return marked.querySelector<HTMLElement>('[aria-current="true"]') ?? firstControl(marked) ?? marked;
  const nodes = body.querySelector('.react-flow__nodes');
  const node =
    nodes?.querySelector<HTMLElement>('.react-flow__node.selected') ??
    nodes?.querySelector<HTMLElement>('.react-flow__node');
  return node ?? firstControl(body);
}

/** Moves the focus to the next (1) or previous (-1) pane; false when there was none to go to. */
export function focusNextPane(document: Document, step: 1 | -1): boolean {
  const shown = shownPanes(document);
  let current = paneOf(document.activeElement);
  // Panes with nothing to focus (an empty problems list is still a list, but a pane may be empty) are passed over.
  for (let tries = 0; tries < shown.length; tries++) {
    const next = paneAfter(current, step, shown);
    if (next === undefined) return false;
    const body = document.querySelector(`[data-pane="${next}"] .pane-body`);
    const target = body ? focusTarget(body) : undefined;
    if (target) {
      target.focus();
      return true;
    }
    current = next;
  }
  return false;
}
