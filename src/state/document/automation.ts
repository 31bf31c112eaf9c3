import {
  isCommandName,
  isRefusal,
  runCommand,
  type CommandArgs,
  type CommandName,
  type CommandResult,
} from '../../core/commands';
import type { Diagnostic } from '../../core/diagnostics';
import type { DocumentStore } from './store';

/**
 * `window.scoreDesigner`: the automation API, for scripts, tests and tools embedding the app.
 * Every call goes through the same store actions as the user interface, so it has the same effects:
 * the change is one undo step, the YAML pane shows it, the autosave keeps it.
 *
 * - `getText()` — the workload's text, exactly as in the editor.
 * - `setText(text)` — replaces the text (one undo step) and checks it at once.
 * - `run(commandName, args)` — runs a named edit command (`addContainer`, `setVariable`, …) and returns
 *   its result: `{ text, edits, selection? }`, or `{ error }` when refused (then nothing changed).
 * - `getDiagnostics()` — every problem in the current text, in document order (a copy). Never stale:
 *   pending edits are checked first.
 * - `select(pointer)` — selects a part of the workload by JSON Pointer (e.g. `/containers/web`); the
 *   YAML pane shows it, and the graph and inspector follow.
 * - `exportDiagram({ format, theme?, selection? })` — a picture of the graph as the canvas shows it:
 *   SVG text, or a PNG's bytes in base64 (a Promise of either). In the app's theme unless `theme` says
 *   'light' or 'dark'; the selected nodes alone with `selection: true`.
 * - `view()` — where the canvas looks: `{ zoom, x, y }` (React Flow's viewport: the screen offset of
 *   the graph's origin, and the scale).
 * The last two need the graph on screen (the canvas lends them while it is: `lendCanvasView`).
 *
 * The project (several workloads open together, state/project): the calls above are about the
 * workload being edited.
 * - `workloads()` — every open workload, in order: `{ name, text, active }`.
 * - `openWorkload(text)` — opens a workload into the project, beside the others, and edits it.
 * - `selectWorkload(name)` — edits the workload of that name (its text, history and all); false when
 *   the project has none of that name.
 */
export interface ScoreDesignerApi {
  getText(): string;
  setText(text: string): void;
  run(commandName: string, args?: unknown): CommandResult;
  getDiagnostics(): Diagnostic[];
  select(pointer: string): void;
  exportDiagram(options: DiagramRequest): Promise<string>;
  view(): CanvasViewport;
  workloads(): OpenWorkload[];
  openWorkload(text: string): void;
  selectWorkload(name: string): boolean;
}

/** A workload of the project, as `workloads()` lists it. */
export interface OpenWorkload {
  name: string;
  text: string;
  /** It is the workload being edited. */
  active: boolean;
}

/** What the automation API needs of the project (state/project/store.ts), apart so that this file does not import it. */
export interface ProjectAccess {
  workloads(): OpenWorkload[];
  add(text: string, origin: string): void;
  selectByName(name: string): boolean;
}

/** What a picture of the graph is asked for with. */
export interface DiagramRequest {
  format: 'svg' | 'png';
  theme?: 'light' | 'dark';
  /** The selected nodes (and the edges between them) alone. */
  selection?: boolean;
}

export interface CanvasViewport {
  zoom: number;
  x: number;
  y: number;
}

/**
 * What the canvas lends the automation API while it is on screen (the ui registers it when the graph
 * mounts; the state does not import the ui). A PNG comes as its bytes in base64.
 */
export interface CanvasView {
  view(): CanvasViewport;
  exportDiagram(request: Required<Pick<DiagramRequest, 'format'>> & DiagramRequest): Promise<string>;
}

let canvasView: CanvasView | undefined;

/** The canvas lends its view while it is on screen; the function returned takes it back. */
export function lendCanvasView(view: CanvasView): () => void {
  canvasView = view;
  return () => {
    if (canvasView === view) canvasView = undefined;
  };
}

const NO_CANVAS = 'The graph is not on screen: show the Graph pane (open a workload) first';

/** The request checked: it arrives as untyped JSON. */
function diagramRequest(options: unknown): DiagramRequest {
  const o = (options ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || (o.format !== 'svg' && o.format !== 'png')) {
    throw new TypeError("scoreDesigner.exportDiagram expects { format: 'svg' | 'png', theme?, selection? }");
  }
  if (o.theme !== undefined && o.theme !== 'light' && o.theme !== 'dark') {
    throw new TypeError("scoreDesigner.exportDiagram: theme is 'light' or 'dark'");
  }
  if (o.selection !== undefined && typeof o.selection !== 'boolean') {
    throw new TypeError('scoreDesigner.exportDiagram: selection is true or false');
  }
  return { format: o.format, theme: o.theme, selection: o.selection };
}

export function createAutomationApi(store: DocumentStore, project?: ProjectAccess): ScoreDesignerApi {
  return {
    workloads: () =>
      project ? structuredClone(project.workloads()) : [{ name: '', text: store.getState().text, active: true }],
    openWorkload(text) {
      if (typeof text !== 'string') throw new TypeError("scoreDesigner.openWorkload expects the workload's text");
      if (project) project.add(text, 'a workload opened by automation');
      else store.getState().open(text, 'a workload opened by automation');
      store.getState().flush();
    },
    selectWorkload(name) {
      if (typeof name !== 'string') throw new TypeError('scoreDesigner.selectWorkload expects a workload name');
      const found = project ? project.selectByName(name) : false;
      if (found) store.getState().flush();
      return found;
    },
    getText: () => store.getState().text,
    setText(text) {
      if (typeof text !== 'string') throw new TypeError('scoreDesigner.setText expects a string');
      store.getState().replaceText(text);
      store.getState().flush();
    },
    run(commandName, args) {
      if (typeof commandName !== 'string') throw new TypeError('scoreDesigner.run expects a command name');
      // The name is checked here, and each command checks its arguments: both arrive as untyped JSON.
      if (!isCommandName(commandName)) {
        const refused = runCommand(commandName, store.getState().text, args); // "There is no command named …"
        if (isRefusal(refused)) store.getState().say('error', refused.error); // shown, as the store shows a refusal
        return structuredClone(refused);
      }
      return structuredClone(store.getState().runCommand(commandName, (args ?? {}) as CommandArgs<CommandName>));
    },
    getDiagnostics: () => structuredClone(store.getState().flush().diagnostics),
    select(pointer) {
      if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
        throw new TypeError('scoreDesigner.select expects a JSON Pointer such as "/containers/web"');
      }
      store.getState().select(pointer, 'automation');
    },
    exportDiagram(options) {
      let request: DiagramRequest;
      try {
        request = diagramRequest(options);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return canvasView ? canvasView.exportDiagram(request) : Promise.reject(new Error(NO_CANVAS));
    },
    view() {
      if (!canvasView) throw new Error(NO_CANVAS);
      const { zoom, x, y } = canvasView.view();
      return { zoom, x, y };
    },
  };
}

declare global {
  interface Window {
    scoreDesigner?: ScoreDesignerApi;
  }
}
