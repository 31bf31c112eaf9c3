import type { LayoutDirection } from '../../core/graph';
import { hasFixes } from '../../core/quick-fixes/codes';
import { isOpen } from '../../state/document/store';
import { canRedo, canUndo } from '../../state/document/history';
import type { KeyBinding } from './keys';
import {
  targetIn,
  type CanvasControls,
  type StatusAct,
  type IntentContext,
  type Intent,
  type TargetKind,
} from './intent-types';

export { targetIn };
export type {
  CanvasControls,
  MoveControls,
  AppControls,
  StatusAct,
  StatusControls,
  IntentContext,
  Scope,
  Intent,
  TargetKind,
  MenuPlace,
  CanvasTarget,
  ProjectControls,
} from './intent-types';

/**
 * The one table of what the user can do (Excalidraw's action table): each intent's name, label,
 * keys, when it applies and what it does. The canvas's toolbar, the keyboard (the workspace's keys,
 * the canvas's, Ctrl/Cmd+S, the YAML editor's), the command palette and the keyboard sheet all read
 * it, so that a key, a label or a rule is written once. What an intent does is a command or a
 * plan of the core, run through the store or the canvas; nothing here keeps state of its own.
 */

/** An intent about an element of the canvas: it applies on the canvas, to elements of these kinds. */
const onTargets = (targets: readonly TargetKind[]) => ({
  targets,
  applies: (ctx: IntentContext) =>
    ctx.canvas !== undefined && ctx.target !== undefined && targets.includes(ctx.target.kind),
});

const open = (ctx: IntentContext) => isOpen(ctx.document.getState());
const inApp = (ctx: IntentContext) => ctx.app !== undefined;

/**
 * An intent of the Status pane (the orchestrator's view): it applies in the workspace where the app
 * has the pane, and those about the Workload resource once the pane has one to give.
 */
const statusIntent = (name: string, label: string, act: StatusAct, needsResource = false): Intent => ({
  name,
  label,
  keys: [],
  scope: 'workspace',
  applies: (ctx) =>
    open(ctx) && ctx.app?.status !== undefined && (!needsResource || ctx.app.status.resourceYaml() !== undefined),
  perform: (ctx) => ctx.app?.status?.perform(act),
});

/**
 * The problem a quick fix is for: the current one (F8, a click in Problems) when it has fixes, else
 * the first that has. -1 when none has.
 */
export function problemToFix(ctx: IntentContext): number {
  const { report, problemIndex } = ctx.document.getState();
  const current = report.diagnostics[problemIndex];
  if (current && hasFixes(current)) return problemIndex;
  return report.diagnostics.findIndex(hasFixes);
}
const onCanvas = (ctx: IntentContext) => ctx.canvas !== undefined;

/**
 * Choosing the direction of the layout (kept for the workload, with its positions): the graph is laid
 * out again that way. Chosen again, it lays the graph out again, as Auto layout does.
 */
const layoutDirection = (
  name: string,
  direction: LayoutDirection,
  label: string,
  key: string,
  description: string,
): Intent => ({
  name,
  label,
  description,
  keys: [{ key, shift: 'any' }],
  scope: 'canvas',
  menu: ['canvas'],
  applies: (ctx) => ctx.canvas?.setDirection !== undefined,
  perform: (ctx) => ctx.canvas?.setDirection?.(direction),
});

/** Calls the canvas with the element the context is about (guarded by `applies`). */
const withTarget =
  (act: (canvas: CanvasControls, id: string) => void) =>
  (ctx: IntentContext): void => {
    if (ctx.canvas && ctx.target) act(ctx.canvas, ctx.target.id);
  };

/** The selected containers and resources an intent acts on (see CanvasControls.asked). */
const partsAskedFor = (ctx: IntentContext) => ctx.canvas?.asked?.(ctx.target, 'parts') ?? [];
const nodesAskedFor = (ctx: IntentContext) => ctx.canvas?.asked?.(ctx.target, 'nodes') ?? [];

export const intents = {
  commandPalette: {
    name: 'commandPalette',
    label: 'Show all commands',
    description: 'Search every command and run it',
    keys: [
      { key: 'k', mod: true },
      { key: 'p', mod: true, shift: true },
    ],
    scope: 'page',
    anywhere: true,
    applies: inApp,
    perform: (ctx) => ctx.app?.openPalette(),
  },
  keyboardSheet: {
    name: 'keyboardSheet',
    label: 'Keyboard shortcuts',
    description: 'List every key of the app',
    // `?` is Shift+/ on most layouts and a key of its own on others.
    keys: [{ key: '?', shift: 'any' }],
    scope: 'page',
    applies: inApp,
    perform: (ctx) => ctx.app?.showKeys(),
  },
  newFromTemplate: {
    name: 'newFromTemplate',
    label: 'New from template…',
    description: 'Start a workload from a template',
    keys: [],
    scope: 'page',
    applies: inApp,
    perform: (ctx) => ctx.app?.newFromTemplate(),
  },
  openFile: {
    name: 'openFile',
    label: 'Open…',
    description: 'Open a workload file',
    keys: [],
    scope: 'page',
    applies: inApp,
    perform: (ctx) => ctx.app?.openFile(),
  },
  showCatalog: {
    name: 'showCatalog',
    label: 'Catalog',
    description: 'Show the resource catalog',
    keys: [],
    scope: 'page',
    applies: inApp,
    perform: (ctx) => ctx.app?.showCatalog(),
  },
  showLibrary: {
    name: 'showLibrary',
    label: 'Library',
    description: 'Show the workload library',
    keys: [],
    scope: 'page',
    applies: inApp,
    perform: (ctx) => ctx.app?.showLibrary(),
  },
  save: {
    name: 'save',
    label: 'Save',
    description: 'Save to the workload library',
    keys: [{ key: 's', mod: true }],
    scope: 'page',
    anywhere: true,
    applies: () => true, // with nothing open, saving says so itself
    perform(ctx) {
      // Typing in the YAML pane waits for a pause before it is checked; the save takes the text as it is now.
      const document = ctx.document.getState();
      if (isOpen(document)) document.flush();
      ctx.save?.();
    },
  },
  undo: {
    name: 'undo',
    label: 'Undo',
    editorLabel: 'Undo (whole workspace)',
    keys: [{ key: 'z', mod: true }],
    scope: 'workspace',
    applies: (ctx) =>
      open(ctx) &&
      (ctx.canvas?.moves?.canUndo() === true || canUndo(ctx.document.getState().history, ctx.document.getState().text)),
    perform: (ctx) => (ctx.canvas?.moves?.canUndo() ? ctx.canvas.moves.undo() : void ctx.document.getState().undo()),
  },
  redo: {
    name: 'redo',
    label: 'Redo',
    editorLabel: 'Redo (whole workspace)',
    keys: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true, shift: 'any' },
    ],
    scope: 'workspace',
    applies: (ctx) => open(ctx) && (ctx.canvas?.moves?.canRedo() === true || canRedo(ctx.document.getState().history)),
    perform: (ctx) => (ctx.canvas?.moves?.canRedo() ? ctx.canvas.moves.redo() : void ctx.document.getState().redo()),
  },
  nextPane: {
    name: 'nextPane',
    label: 'Focus next pane',
    description: 'Move the keyboard focus to the next pane, round all four',
    keys: [{ key: 'F6' }],
    scope: 'page',
    anywhere: true,
    applies: (ctx) => inApp(ctx) && open(ctx),
    perform: (ctx) => ctx.app?.focusPane(1),
  },
  previousPane: {
    name: 'previousPane',
    label: 'Focus previous pane',
    description: 'Move the keyboard focus to the previous pane',
    keys: [{ key: 'F6', shift: true }],
    scope: 'page',
    anywhere: true,
    applies: (ctx) => inApp(ctx) && open(ctx),
    perform: (ctx) => ctx.app?.focusPane(-1),
  },
  nextProblem: {
    name: 'nextProblem',
    label: 'Go to next problem',
    keys: [{ key: 'F8' }],
    scope: 'workspace',
    anywhere: true,
    applies: open,
    perform: (ctx) => ctx.document.getState().walkProblems(1, ctx.from === 'editor'),
  },
  previousProblem: {
    name: 'previousProblem',
    label: 'Go to previous problem',
    keys: [{ key: 'F8', shift: true }],
    scope: 'workspace',
    anywhere: true,
    applies: open,
    perform: (ctx) => ctx.document.getState().walkProblems(-1, ctx.from === 'editor'),
  },
  quickFix: {
    name: 'quickFix',
    label: 'Quick fix…',
    description: 'Fix the current problem (or the first that has a fix)',
    keys: [{ key: '.', mod: true }],
    scope: 'workspace',
    editorOwnsKey: true,
    writes: true,
    applies: (ctx) => inApp(ctx) && open(ctx) && problemToFix(ctx) >= 0,
    why: (ctx) => (inApp(ctx) && open(ctx) ? 'No problem here has a quick fix.' : undefined),
    perform: (ctx) => ctx.app?.showQuickFixes(problemToFix(ctx)),
  },
  toggleStatus: statusIntent('toggleStatus', 'Orchestrator status (show or hide)', 'toggle'),
  loadPlatformFile: statusIntent('loadPlatformFile', 'Load platform file…', 'chooseFiles'),
  loadExamplePlatform: statusIntent('loadExamplePlatform', 'Load example platform', 'loadExample'),
  copyWorkloadResource: statusIntent('copyWorkloadResource', 'Copy Workload resource YAML', 'copyResource', true),
  downloadWorkloadResource: statusIntent(
    'downloadWorkloadResource',
    'Download Workload resource YAML',
    'downloadResource',
    true,
  ),
  addContainer: {
    name: 'addContainer',
    label: 'Add container',
    keys: [],
    scope: 'canvas',
    menu: ['canvas'],
    writes: true,
    applies: onCanvas,
    perform: (ctx) => ctx.canvas?.addContainer(),
  },
  addResource: {
    name: 'addResource',
    label: 'Add resource',
    description: 'Click a type to add it, or drag it onto the canvas',
    keys: [],
    scope: 'canvas',
    menu: ['canvas'],
    writes: true,
    applies: onCanvas,
    perform: (ctx) => ctx.canvas?.toggleResourceTypes(),
  },
  connect: {
    name: 'connect',
    label: 'Connect…',
    description: 'Connect the selected container to another node',
    keys: [{ key: 'c', shift: 'any' }],
    scope: 'canvas',
    menu: ['node'],
    writes: true,
    ...onTargets(['container']),
    why: (ctx) => (ctx.target ? ctx.canvas?.refusal('connect', ctx.target.id) : undefined),
    perform: withTarget((canvas, id) => canvas.connect(id)),
  },
  rename: {
    name: 'rename',
    label: 'Rename',
    keys: [{ key: 'F2', shift: 'any' }],
    scope: 'canvas',
    menu: ['node'],
    writes: true,
    ...onTargets(['workload', 'container', 'resource']),
    perform: withTarget((canvas, id) => canvas.rename(id)),
  },
  remove: {
    name: 'remove',
    label: 'Remove',
    keys: [
      { key: 'Delete', shift: 'any' },
      { key: 'Backspace', shift: 'any' },
    ],
    scope: 'canvas',
    menu: ['node', 'edge'],
    writes: true,
    ...onTargets(['container', 'resource', 'edge']),
    why: (ctx) => (ctx.target ? ctx.canvas?.refusal('remove', ctx.target.id) : undefined),
    perform: withTarget((canvas, id) => canvas.remove(id)),
  },
  autoLayout: {
    name: 'autoLayout',
    label: 'Auto layout',
    description: 'Lay the whole graph out again',
    keys: [],
    scope: 'canvas',
    menu: ['canvas'],
    applies: onCanvas,
    perform: (ctx) => ctx.canvas?.layout(),
  },
  layoutLeftToRight: layoutDirection(
    'layoutLeftToRight',
    'left-to-right',
    'Lay out left to right',
    'h',
    'Lay the graph out left to right, and keep that way for this workload',
  ),
  layoutTopToBottom: layoutDirection(
    'layoutTopToBottom',
    'top-to-bottom',
    'Lay out top to bottom',
    'v',
    'Lay the graph out top to bottom, and keep that way for this workload',
  ),

  // Arranging (#33 item 2): the selection's intents, copy and paste, search and the context menu.
  copy: {
    name: 'copy',
    label: 'Copy',
    description: 'Copy the selected containers and resources (as Score YAML)',
    keys: [{ key: 'c', mod: true }],
    scope: 'canvas',
    menu: ['node'],
    applies: (ctx) => partsAskedFor(ctx).length > 0,
    perform: (ctx) => ctx.canvas?.copy?.(partsAskedFor(ctx)),
  },
  paste: {
    name: 'paste',
    label: 'Paste',
    description: 'Paste copied containers and resources, or Score YAML of some',
    keys: [{ key: 'v', mod: true }],
    scope: 'canvas',
    writes: true,
    menu: ['node', 'canvas'],
    applies: (ctx) => ctx.canvas?.paste !== undefined,
    perform: (ctx) => ctx.canvas?.paste?.(),
  },
  duplicate: {
    name: 'duplicate',
    label: 'Duplicate',
    description: 'Copy the selected containers and resources and paste them beside themselves',
    keys: [{ key: 'd', mod: true }],
    scope: 'canvas',
    writes: true,
    menu: ['node'],
    applies: (ctx) => partsAskedFor(ctx).length > 0,
    perform: (ctx) => ctx.canvas?.duplicate?.(partsAskedFor(ctx)),
  },
  zoomToSelection: {
    name: 'zoomToSelection',
    label: 'Zoom to selection',
    description: 'Zoom and pan so that the selected nodes fill the view',
    keys: [{ key: 'f', shift: 'any' }],
    scope: 'canvas',
    menu: ['node', 'edge', 'canvas'],
    applies: (ctx) => nodesAskedFor(ctx).length > 0,
    perform: (ctx) => ctx.canvas?.zoomTo?.(nodesAskedFor(ctx)),
  },
  findOnCanvas: {
    name: 'findOnCanvas',
    label: 'Find on canvas…',
    description: 'Find containers and resources by name, type or image, and select them',
    keys: [{ key: 'f', mod: true }, { key: '/' }],
    scope: 'canvas',
    menu: ['canvas'],
    applies: (ctx) => ctx.canvas?.find !== undefined,
    perform: (ctx) => ctx.canvas?.find?.(),
  },
  contextMenu: {
    name: 'contextMenu',
    label: 'Open context menu',
    description: 'List what can be done to the focused node or edge, or to the canvas',
    keys: [
      { key: 'F10', shift: true },
      { key: 'ContextMenu', shift: 'any' },
    ],
    scope: 'canvas',
    applies: (ctx) => ctx.canvas?.openMenu !== undefined,
    perform: (ctx) => ctx.canvas?.openMenu?.(ctx.target),
  },
  exportDiagram: {
    name: 'exportDiagram',
    // Not "Export …": the top bar's Export menu is found by that word.
    label: 'Picture of the diagram…',
    description: 'Export the diagram as SVG or PNG, light or dark, the whole graph or the selection',
    keys: [{ key: 'e', shift: 'any' }],
    scope: 'canvas',
    menu: ['canvas'],
    applies: (ctx) => onCanvas(ctx) && ctx.canvas?.exportDiagram !== undefined,
    perform: (ctx) => ctx.canvas?.exportDiagram?.(),
  },

  // The project (#33 item 3): several workloads open together, the others drawn as peers.
  addWorkload: {
    name: 'addWorkload',
    label: 'Add workload',
    description: 'Open a new workload in the project, beside this one (one Compose project of them all)',
    keys: [],
    scope: 'canvas',
    menu: ['canvas'],
    applies: (ctx) => ctx.canvas?.project !== undefined,
    perform: (ctx) => ctx.canvas?.project?.add(),
  },
  editWorkload: {
    name: 'editWorkload',
    label: 'Edit this workload',
    description: 'Show this workload of the project in the canvas, the YAML pane and the inspector',
    // Enter on a node of another workload (React Flow's Enter selects it, then this takes it up).
    keys: [{ key: 'Enter' }],
    scope: 'canvas',
    menu: ['node'],
    menuWhenApplies: true,
    ...onTargets(['peer', 'peer-part']),
    perform: withTarget((canvas, id) => canvas.project?.edit(id)),
  },
  toggleWorkloadGroup: {
    name: 'toggleWorkloadGroup',
    label: 'Collapse or expand workload',
    description: 'Draw another workload of the project as one node, or open it to show its containers and resources',
    keys: [{ key: 'g', shift: 'any' }],
    scope: 'canvas',
    menu: ['node'],
    menuWhenApplies: true,
    ...onTargets(['peer', 'peer-part']),
    perform: withTarget((canvas, id) => canvas.project?.toggleGroup(id)),
  },
  closeWorkload: {
    name: 'closeWorkload',
    label: 'Close workload',
    description: 'Take this workload out of the project',
    keys: [],
    scope: 'canvas',
    menu: ['node'],
    menuWhenApplies: true,
    targets: ['workload', 'peer'],
    applies: (ctx) => onTargets(['workload', 'peer']).applies(ctx) && (ctx.canvas?.project?.size() ?? 0) > 1,
    perform: withTarget((canvas, id) => canvas.project?.close(id)),
  },
} satisfies Record<string, Intent>;

export type IntentName = keyof typeof intents;

/** Every intent, in the table's order. */
export const allIntents: readonly Intent[] = Object.values(intents);

/** The keys that act on an element of this kind of the canvas (each intent's first), for `aria-keyshortcuts`. */
export function keysOn(kind: TargetKind): KeyBinding[] {
  return allIntents.flatMap((intent) => (intent.targets?.includes(kind) && intent.keys[0] ? [intent.keys[0]] : []));
}
