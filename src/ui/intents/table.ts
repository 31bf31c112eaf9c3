import type { NodeKind, WorkloadGraph } from '../../core/graph';
import { hasFixes } from '../../core/quick-fixes/codes';
import { isOpen, type DocumentStore } from '../../state/document/store';
import { canRedo, canUndo } from '../../state/document/history';
import type { KeyBinding } from './keys';

/**
 * The one table of what the user can do (Excalidraw's action table): each intent's name, label,
 * keys, when it applies and what it does. The canvas's toolbar, the keyboard (the workspace's keys,
 * the canvas's, Ctrl/Cmd+S, the YAML editor's), the command palette and the keyboard sheet all read
 * it, so that a key, a label or a rule is written once. What an intent does is a command or a
 * plan of the core, run through the store or the canvas; nothing here keeps state of its own.
 */

/** What the canvas offers to the intents while it is on screen (see ui/graph). */
export interface CanvasControls {
  graph(): WorkloadGraph;
  addContainer(): void;
  /** Opens or closes the list of resource types to add from. */
  toggleResourceTypes(): void;
  connect(id: string): void;
  rename(id: string): void;
  remove(id: string): void;
  layout(): void;
  /** Opens Picture of the diagram… (SVG or PNG, light or dark, the whole graph or the selection). */
  exportDiagram(): void;
  /**
   * Why an intent cannot be done to this element, in words (the core's plans say it: connections start
   * at a container, the workload itself cannot be removed), or undefined when there is nothing to say.
   */
  refusal(intent: 'connect' | 'remove', id: string): string | undefined;
}

/** What the app around the workspace offers to the intents: its pages and dialogs (see ui/app). */
export interface AppControls {
  openPalette(): void;
  showKeys(): void;
  newFromTemplate(): void;
  openFile(): void;
  showCatalog(): void;
  showLibrary(): void;
  /** Offers the quick fixes of a problem (its index in the report's diagnostics). */
  showQuickFixes(index: number): void;
  /** Moves the keyboard focus to the next (1) or previous (-1) pane of the workspace. */
  focusPane(step: 1 | -1): void;
  /** The orchestrator's view (the Status pane and its platform), where the app has it. */
  status?: StatusControls;
}

/** The Status pane's actions (see ui/status/status-actions.ts). */
export type StatusAct = 'toggle' | 'chooseFiles' | 'loadExample' | 'copyResource' | 'downloadResource';

/** What the Status pane's intents reach (see ui/status). */
export interface StatusControls {
  /** The Workload resource's YAML, as of the last check with the view on. */
  resourceYaml(): string | undefined;
  /** Shows or hides the pane (the orchestrator's view), loads platform files, copies or downloads the Workload resource. */
  perform(act: StatusAct): void;
}

/** What an intent is asked with: the app's state, and where it was asked. */
export interface IntentContext {
  document: DocumentStore;
  /** The YAML editor shows what it goes to (a problem) with the focus; elsewhere the focus stays. */
  from: 'editor' | 'page';
  /** The canvas, when the intent is asked there (its keys, its toolbar). */
  canvas?: CanvasControls;
  /** The node or edge of the canvas it is about: the one with the keyboard focus, else the selected one. */
  target?: CanvasTarget;
  /** Saves the open workload to the library (the library's provider gives it). */
  save?: () => void;
  /** Tells the user why an intent cannot be done here (the canvas shows it over itself). */
  explain?: (reason: string) => void;
  /** The app's pages and dialogs, where the intent is asked inside the app. */
  app?: AppControls;
}

/**
 * Where an intent's keys work: on the whole page (even while typing), in the workspace (not while
 * typing in a field of its own, nor behind a dialog, unless `anywhere`), or on the canvas.
 */
export type Scope = 'page' | 'workspace' | 'canvas';

export interface Intent {
  name: string;
  /** The words on its button or menu entry. */
  label: string;
  /** What it does, in a sentence (tooltips, the palette). */
  description?: string;
  /** Its name in the YAML editor's own command list, where it says what it reaches beyond the editor. */
  editorLabel?: string;
  keys: readonly KeyBinding[];
  scope: Scope;
  /** Its keys work while typing in a field and behind a dialog too. */
  anywhere?: boolean;
  /** In the YAML editor its key is the editor's own (Ctrl+. there lists the editor's code actions, fixes among them). */
  editorOwnsKey?: boolean;
  /** It changes the workload's text: off while the YAML does not parse. */
  writes?: boolean;
  /** The elements of the canvas it acts on (then it applies to those alone). */
  targets?: readonly TargetKind[];
  applies(ctx: IntentContext): boolean;
  /** Why it does not apply here, in words, when that is worth saying (its key was pressed). */
  why?(ctx: IntentContext): string | undefined;
  perform(ctx: IntentContext): void;
}

export type TargetKind = NodeKind | 'edge';

/** An element of the canvas, and what it is: a node of some kind, or an edge. */
export interface CanvasTarget {
  id: string;
  kind: TargetKind;
}

/** The element `id` names in the graph, or undefined when it is not there (any more). */
export function targetIn(graph: WorkloadGraph, id: string | undefined): CanvasTarget | undefined {
  if (id === undefined) return undefined;
  const node = graph.nodes.find((n) => n.id === id);
  if (node) return { id, kind: node.kind };
  return graph.edges.some((e) => e.id === id) ? { id, kind: 'edge' } : undefined;
}

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

/** Calls the canvas with the element the context is about (guarded by `applies`). */
const withTarget =
  (act: (canvas: CanvasControls, id: string) => void) =>
  (ctx: IntentContext): void => {
    if (ctx.canvas && ctx.target) act(ctx.canvas, ctx.target.id);
  };

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
    applies: (ctx) => open(ctx) && canUndo(ctx.document.getState().history, ctx.document.getState().text),
    perform: (ctx) => void ctx.document.getState().undo(),
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
    applies: (ctx) => open(ctx) && canRedo(ctx.document.getState().history),
    perform: (ctx) => void ctx.document.getState().redo(),
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
    applies: onCanvas,
    perform: (ctx) => ctx.canvas?.layout(),
  },
  exportDiagram: {
    name: 'exportDiagram',
    // Not "Export …": the top bar's Export menu is found by that word.
    label: 'Picture of the diagram…',
    description: 'Export the diagram as SVG or PNG, light or dark, the whole graph or the selection',
    keys: [{ key: 'e', shift: 'any' }],
    scope: 'canvas',
    applies: onCanvas,
    perform: (ctx) => ctx.canvas?.exportDiagram(),
  },
} satisfies Record<string, Intent>;

export type IntentName = keyof typeof intents;

/** Every intent, in the table's order. */
export const allIntents: readonly Intent[] = Object.values(intents);

/** The keys that act on an element of this kind of the canvas (each intent's first), for `aria-keyshortcuts`. */
export function keysOn(kind: TargetKind): KeyBinding[] {
  return allIntents.flatMap((intent) => (intent.targets?.includes(kind) && intent.keys[0] ? [intent.keys[0]] : []));
}
