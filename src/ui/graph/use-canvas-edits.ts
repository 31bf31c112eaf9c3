import type { ReactFlowInstance } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { isRefusal, type CommandArgs, type CommandCall } from '../../core/commands';
import {
  containerNodeId,
  planAddResource,
  planConnection,
  planConnectionFrom,
  planReferenceRemoval,
  planRemoval,
  planRename,
  planStartOrder,
  type Positions,
  type Readiness,
  type ResourceTypeInfo,
  type Size,
  type WorkloadGraph,
  type XY,
} from '../../core/graph';
import type { DocumentStore } from '../../state/document/store';
import { targetIn, type CanvasControls, type CanvasTarget, type IntentContext } from '../intents/table';
import type { CanvasActions } from './canvas-actions';
import { spotBeside, spotCentredOn } from './geometry';
import type { GraphNoticeState } from './GraphNotice';
import { referencesRemovedNotice, removalNotice } from './notices';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasFocus } from './use-canvas-focus';
import type { GraphPositions } from './use-positions';

/** The canvas's latest state, read by callbacks that keep one identity (the memoized nodes use them). */
export interface CanvasLatest {
  graph: WorkloadGraph;
  positions: Positions;
  sizes: Record<string, Size>;
  selectedId: string | undefined;
  /** Every element selected (shift-click, a selection box), the first being `selectedId`. */
  selectedIds: readonly string[];
  layout: GraphPositions;
}

/** The dialog the canvas has open, if any. */
export type DialogState =
  | { kind: 'add-container' }
  | { kind: 'connect'; from: string }
  | { kind: 'start-order'; first: string; then: string; current: Readiness | undefined }
  | { kind: 'use-resource'; container: string; resource: string }
  | null;

/** Runs a command; the reason it was refused, or undefined when it was done. */
export type RunCommand = (call: CommandCall, quiet?: boolean) => string | undefined;

/**
 * What the canvas does for the user, wired to the core's plans: each plan says which command to run
 * and what to tell, and this carries it out — runs the command through the store, opens the dialog
 * that asks what is missing, shows the notice, keeps the keyboard's place. The canvas's component
 * only draws; the intents (toolbar, keys) and the nodes and edges call these.
 */
export function useCanvasEdits({
  store,
  latest,
  flow,
  wrapper,
  focus,
  select,
  setSelectedId,
  follow,
  exportDiagram,
}: {
  store: DocumentStore;
  latest: RefObject<CanvasLatest>;
  flow: ReactFlowInstance<FlowNode, FlowEdge>;
  wrapper: RefObject<HTMLElement | null>;
  focus: CanvasFocus;
  select: (id: string) => void;
  setSelectedId: (id: string | undefined) => void;
  /** Brings a node about to be made into view once it is drawn. */
  follow: (id: string) => void;
  /** Opens Picture of the diagram… (DiagramExport.tsx). */
  exportDiagram: () => void;
}) {
  const [renamingId, setRenamingId] = useState<string>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<GraphNoticeState | null>(null);
  const [typesOpen, setTypesOpen] = useState(false);
  /** The node last removed from the canvas: undone, it gets the focus back. */
  const lastRemoved = useRef<string | undefined>(undefined);

  const run = useCallback<RunCommand>(
    (call, quiet = false) => {
      // A CommandCall pairs each name with its arguments; TypeScript cannot follow the pairing through
      // the store's generic signature, so the arguments are passed as the named command's.
      const result = store.getState().runCommand(call.name, call.args as CommandArgs<typeof call.name>);
      if (!isRefusal(result)) return undefined;
      if (quiet) store.getState().dismissMessage(); // the dialog that asked shows the reason itself
      return result.error;
    },
    [store],
  );

  // Where a node made from the toolbar lands: beside the selected node, else in the middle of the view.
  const spotForNew = useCallback((): XY => {
    const { positions, sizes, selectedId, layout } = latest.current;
    const selected = selectedId ? positions[selectedId] : undefined;
    if (selected && selectedId) return spotBeside(selected, sizes[selectedId], layout.direction);
    const box = wrapper.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return spotCentredOn(flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }));
  }, [latest, wrapper, flow]);

  const addResource = useCallback(
    (type: ResourceTypeInfo, at?: XY) => {
      const plan = planAddResource(latest.current.graph, type);
      latest.current.layout.hint(plan.id, at ?? spotForNew());
      if (run(plan.command) !== undefined) return;
      setRenamingId(plan.id);
      follow(plan.id);
    },
    [latest, run, spotForNew, follow],
  );

  /** The Add container dialog's command: the container lands as a resource does, and is followed. */
  const addContainer = useCallback(
    (name: string, image: string) => {
      const id = containerNodeId(name);
      latest.current.layout.hint(id, spotForNew());
      const refusal = run({ name: 'addContainer', args: { name, image } }, true);
      if (refusal === undefined) follow(id);
      return refusal;
    },
    [latest, run, spotForNew, follow],
  );

  const requestConnection = useCallback(
    (sourceId: string, targetId: string) => {
      const plan = planConnection(latest.current.graph, sourceId, targetId);
      if (plan.kind === 'refused') setNotice({ kind: 'refused', text: plan.reason });
      else if (plan.kind === 'start-order') {
        setDialog({ kind: 'start-order', first: plan.first, then: plan.then, current: plan.existing?.ready });
      } else setDialog({ kind: 'use-resource', container: plan.container, resource: plan.resource.name });
    },
    [latest],
  );

  const connect = useCallback(
    (id: string) => {
      const plan = planConnectionFrom(latest.current.graph, id);
      if (plan.kind === 'choose-target') setDialog({ kind: 'connect', from: id });
      else if (plan.kind === 'refused') setNotice({ kind: 'refused', text: plan.reason });
    },
    [latest],
  );

  const remove = useCallback(
    (id: string) => {
      const graph = latest.current.graph;
      const plan = planRemoval(graph, store.getState().readable.parsed, id);
      if (plan.kind === 'container' || plan.kind === 'resource' || plan.kind === 'start-order') {
        if (run(plan.command) !== undefined) return; // the store shows why
        setSelectedId(undefined);
        // A node, to focus when Undo brings it back (an edge takes no focus of its own).
        lastRemoved.current = graph.nodes.some((n) => n.id === id) ? id : undefined;
        const { text, report } = store.getState();
        setNotice(removalNotice(plan, { text, parsed: report.parsed }));
      } else {
        const told = removalNotice(plan);
        if (told) setNotice(told.kind === 'references' ? { ...told, readFrom: store.getState().text } : told);
      }
    },
    [latest, store, run, setSelectedId],
  );

  const removeReferences = useCallback(() => {
    if (notice?.kind !== 'references') return;
    if (notice.readFrom !== undefined && store.getState().text !== notice.readFrom) return setNotice(null);
    const plan = planReferenceRemoval(store.getState().report.parsed, notice.resource, notice.references);
    const refusal = run(plan.command, true); // the notice says what happened
    setNotice(referencesRemovedNotice(notice.resource, refusal ? 0 : plan.removes, plan.byHand, refusal));
  }, [notice, store, run]);

  /** Closes the notice; when it had the focus, the focus goes back to the canvas (to `focusId`, if given). */
  const closeNotice = useCallback(
    (focusId?: string) => {
      const hadFocus = focus.noticeHasFocus();
      setNotice(null);
      if (hadFocus) focus.returnToCanvas(focusId);
    },
    [focus],
  );
  // A notice about references is about one text: once the text is another (the toolbar's Undo, typing),
  // its offer would act on a workload it was not made for, so it closes.
  useEffect(() => {
    if (notice?.kind !== 'references' || notice.readFrom === undefined) return;
    const { readFrom } = notice;
    return store.subscribe((state) => {
      if (state.text !== readFrom) closeNotice();
    });
  }, [notice, store, closeNotice]);

  const noticeActions = useMemo(
    () => ({
      onDismiss: () => closeNotice(),
      onUndo: () => {
        store.getState().undo();
        closeNotice(lastRemoved.current);
      },
      onShow: (pointer: string) => store.getState().select(pointer, 'graph'),
      onRemoveReferences: removeReferences,
    }),
    [closeNotice, store, removeReferences],
  );

  const actions = useMemo<CanvasActions>(
    () => ({
      select,
      startRename: (id) => setRenamingId(id),
      cancelRename: (focusId) => {
        setRenamingId(undefined);
        if (focusId) focus.focusNodeSoon(focusId);
      },
      commitRename(id, name, refocus) {
        const plan = planRename(latest.current.graph, id, name);
        if (plan.kind === 'rename') {
          if (run(plan.command) !== undefined) return false;
          if (plan.movesPlace) latest.current.layout.carry(id, plan.renamedId);
        }
        setRenamingId(undefined);
        if (refocus) focus.focusNodeSoon(plan.kind === 'rename' ? plan.renamedId : id);
        return true;
      },
      openProblem: (elementId) => {
        const { graph } = latest.current;
        const element = graph.nodes.find((n) => n.id === elementId) ?? graph.edges.find((e) => e.id === elementId);
        const first = element?.problems[0];
        if (first) store.getState().showProblem(first.index, false);
      },
      setCondition(first, then, ready) {
        const plan = planStartOrder(latest.current.graph, first, then, ready);
        if (plan.kind === 'refused') setNotice({ kind: 'refused', text: plan.reason });
        else run(plan.command);
      },
      remove,
    }),
    [select, latest, run, store, remove, focus],
  );

  // What the intents (toolbar, keys) ask of the canvas.
  const controls = useMemo<CanvasControls>(
    () => ({
      graph: () => latest.current.graph,
      addContainer: () => setDialog({ kind: 'add-container' }),
      toggleResourceTypes: () => setTypesOpen((open) => !open),
      connect,
      rename: (id) => setRenamingId(id),
      remove,
      layout: () => latest.current.layout.relayout(),
      exportDiagram,
      refusal(intent, id) {
        const { graph } = latest.current;
        const plan =
          intent === 'connect'
            ? planConnectionFrom(graph, id)
            : planRemoval(graph, store.getState().readable.parsed, id);
        return plan.kind === 'refused' ? plan.reason : undefined;
      },
    }),
    [latest, connect, remove, store, exportDiagram],
  );
  /**
   * The intents' context on the canvas, about `target`: an element (as the graph has it now, for a
   * key), or one already looked up in the graph being drawn (for the toolbar).
   */
  const intentContext = useCallback(
    (target: string | CanvasTarget | undefined): IntentContext => ({
      document: store,
      from: 'page',
      canvas: controls,
      target: typeof target === 'string' ? targetIn(latest.current.graph, target) : target,
      explain: (why) => setNotice({ kind: 'refused', text: why }),
    }),
    [store, controls, latest],
  );

  return {
    renamingId,
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    notice,
    /** Shows a notice over the canvas (why something cannot be done). */
    tell: setNotice,
    noticeActions,
    typesOpen,
    closeTypes: useCallback(() => setTypesOpen(false), []),
    run,
    actions,
    intentContext,
    addResource,
    addContainer,
    requestConnection,
  };
}
