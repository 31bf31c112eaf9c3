import type { LayoutDirection, NodeKind, WorkloadGraph } from '../../core/graph';
import type { DocumentStore } from '../../state/document/store';
import type { KeyBinding } from './keys';

/*
 * The shapes the table of intents (table.ts) is made of: an intent, the context it is asked in, and
 * what the app, the canvas and the Status pane offer it. Apart from the table so that it stays a table.
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
  /** Which way the graph is laid out (the workload's choice), and choosing it (which lays the graph out that way). */
  direction?(): LayoutDirection;
  setDirection?(direction: LayoutDirection): void;
  /** Undo and Redo of node moves, newer than the text's last change (state/layout/move-history.ts). */
  moves?: MoveControls;
  /** The selected containers and resources (or nodes) an intent asked about `target` acts on. */
  asked?(target: CanvasTarget | undefined, what: 'parts' | 'nodes'): string[];
  /** Copies these containers and resources to the clipboard (the system's, as YAML, where allowed). */
  copy?(ids: readonly string[]): void;
  /** Pastes what the clipboard holds (a copy, or Score YAML of containers and resources). */
  paste?(): void;
  /** Copies these parts and pastes them at once, beside themselves. */
  duplicate?(ids: readonly string[]): void;
  /** Zooms and pans so that these nodes fill the view (readably). */
  zoomTo?(ids: readonly string[]): void;
  /** Opens the canvas's search (find nodes by name, type or image). */
  find?(): void;
  /** Opens the context menu of an element (or of the canvas), from the keyboard. */
  openMenu?(target: CanvasTarget | undefined): void;
  /** Opens Picture of the diagram… (SVG or PNG, light or dark, the whole graph or the selection). */
  exportDiagram?(): void;
  /** The workloads open together (state/project), where the page has a project. */
  project?: ProjectControls;
  /**
   * Why an intent cannot be done to this element, in words (the core's plans say it: connections start
   * at a container, the workload itself cannot be removed), or undefined when there is nothing to say.
   */
  refusal(intent: 'connect' | 'remove', id: string): string | undefined;
}

/**
 * The project's workloads as the canvas reaches them: by node id (`workload`, `peer:NAME`, or a part
 * of another workload, `in:NAME/container:web`).
 */
export interface ProjectControls {
  /** How many workloads are open. */
  size(): number;
  /** Opens a new (blank) workload beside the others and edits it. */
  add(): void;
  /** Edits the workload a peer node stands for (a part of it: and selects that part in it). */
  edit(id: string): void;
  /** Takes a workload out of the project (asks first when it has unsaved changes). */
  close(id: string): void;
  /** Collapses the group of the workload a peer node (or a part of it) stands for, or opens it again. */
  toggleGroup(id: string): void;
}

export interface MoveControls {
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): void;
  redo(): void;
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
  /** Where the canvas's context menu lists it: on a node, on an edge, on the empty canvas. */
  menu?: readonly MenuPlace[];
  /**
   * The menu lists it only where it applies (the project's intents: a workload alone has no other to
   * edit or close), rather than shown unavailable as the others are.
   */
  menuWhenApplies?: true;
  applies(ctx: IntentContext): boolean;
  /** Why it does not apply here, in words, when that is worth saying (its key was pressed). */
  why?(ctx: IntentContext): string | undefined;
  perform(ctx: IntentContext): void;
}

export type TargetKind = NodeKind | 'edge';

/** Where a context menu is opened: on a node, on an edge, or on the empty canvas. */
export type MenuPlace = 'node' | 'edge' | 'canvas';

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
