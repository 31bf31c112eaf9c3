import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
  type OnConnectStartParams,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { isRefusal, type CommandArgs, type CommandName } from '../../core/commands';
import {
  containerNodeId,
  deriveGraph,
  elementAt,
  planConnection,
  pointerOf,
  readinessProblem,
  resourceNodeId,
  uniqueName,
  type Positions,
  type ResourceTypeInfo,
  type Size,
  type XY,
} from '../../core/graph';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { CanvasActionsProvider, type CanvasActions } from './canvas-actions';
import { CanvasDialog, type DialogState } from './CanvasDialog';
import { ArrowMarkers, edgeTypes, type FlowEdge } from './edges';
import { GraphNotice, type GraphNoticeState } from './GraphNotice';
import { createNodeContent, NodeContentProvider } from './node-content';
import { nodeTypes, type FlowNode } from './nodes';
import { removeFromCanvas, removeReferencesOf } from './removal';
import { sharedFlowCache, toFlowEdges, toFlowNodes } from './to-flow';
import { RESOURCE_TYPE_MIME, Toolbar } from './Toolbar';
import { usePaletteTypes } from './palette';
import { useGraphPositions } from './use-positions';
import {
  FAR_ZOOM,
  FAR_ZOOM_SMALL_GRAPH,
  MANY_EDGES,
  useHideEdgesWhileZooming,
  useMarkMoving,
  useCanvasSize,
  type CanvasSize,
  ZoomLevel,
} from './view-hooks';
import './graph.css';

/**
 * The graph pane's content: the workload's containers and resources on a React Flow canvas, in
 * two-way sync with the text. It needs no props: it reads the document store (`readable` report,
 * `selection`) and changes the text only through `runCommand`, so every canvas edit changes the YAML
 * only where the edit is. Mount it inside the workspace's graph pane (DocumentStoreProvider above).
 */
export function GraphPane() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  );
}

// Props React Flow copies into its store keep one identity: each new value would notify every
// node, edge and handle on the canvas (about 2,400 listeners on a 100×100 workload, ~4 ms a time).
const FIT_VIEW_OPTIONS = { padding: 0.12, maxZoom: 1 };
/**
 * Fitting the view on demand (a new layout, the Fit View button) leaves room at the top for the
 * canvas's toolbar, which lies over the canvas (two or three rows in a narrow window): its `top` is
 * kept to the toolbar's height as it changes. One object, so that the controls are not made anew.
 */
function fitBelowToolbar() {
  const padding = { top: '56px' as `${number}px`, x: '12%' as const, bottom: '12%' as const };
  const options = { padding, maxZoom: 1 };
  const follow = (toolbar: HTMLElement) => {
    const measure = () => void (padding.top = `${toolbar.offsetTop + toolbar.offsetHeight + 16}px`);
    measure(); // now: the first fit comes before the observer's first report
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    return () => observer.disconnect();
  };
  return { options, follow };
}
/** Given to React Flow with one identity: a new object would make it render again. */
const PRO_OPTIONS = { hideAttribution: true };

/** The user asked the system for less motion: the view goes where it must in one step. */
const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The mini-map colours a node by its kind. One function for the page's life: a new one at each render
 * of the canvas would draw every node of the mini-map again at every check.
 */
function miniMapClassName(node: { type?: string }): string {
  return node.type ?? '';
}

const ariaLabelConfig = {
  'node.a11yDescription.default':
    'Tab moves between nodes. Enter selects a node and opens it in the inspector. C connects it to another node, F2 renames it, Delete removes it. Arrow keys move a selected node.',
  'edge.a11yDescription.default': 'Enter selects the edge. Delete removes it.',
  'minimap.ariaLabel': 'Overview of the graph',
};

function GraphCanvas() {
  const store = useDocumentStore();
  const readable = useDocument((s) => s.readable);
  const stale = useDocument((s) => s.readable !== s.report);
  const graph = useMemo(() => deriveGraph(readable.parsed, readable.diagnostics), [readable]);
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const palette = usePaletteTypes();
  const wrapper = useRef<HTMLDivElement>(null);
  const [fit] = useState(fitBelowToolbar);
  const fitOptions = fit.options;
  useLayoutEffect(() => {
    const toolbar = wrapper.current?.querySelector<HTMLElement>('.graph-toolbar');
    return toolbar ? fit.follow(toolbar) : undefined;
  }, [fit]);

  // The sizes React Flow measured, in one record updated in place (not a state change), so that a
  // node made anew (moved, selected) carries its size: a node without one is hidden and measured
  // again. Measuring re-renders nothing here, since React Flow already shows the measured node, and
  // makes no node anew (see toFlowNodes).
  const [sizes] = useState<Record<string, Size>>(() => ({}));
  const [dragging, setDragging] = useState<Positions>({});
  const layout = useGraphPositions(graph, sizes);
  const [selectedId, setSelectedId] = useState<string>();
  const [renamingId, setRenamingId] = useState<string>();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [notice, setNotice] = useState<GraphNoticeState | null>(null);

  const positions = useMemo(
    () => (Object.keys(dragging).length > 0 ? { ...layout.positions, ...dragging } : layout.positions),
    [layout.positions, dragging],
  );
  const nodes = useMemo(
    () => toFlowNodes(graph, { positions, sizes, selectedId, renamingId }, sharedFlowCache),
    [graph, positions, sizes, selectedId, renamingId],
  );
  const edges = useMemo(() => toFlowEdges(graph, selectedId, sharedFlowCache), [graph, selectedId]);
  // What the nodes show, handed to their components apart from React Flow's nodes (see node-content).
  // Given in a layout effect: the nodes whose content changed re-render before the frame is drawn.
  const [content] = useState(createNodeContent);
  useLayoutEffect(() => content.update(graph.nodes), [content, graph]);

  // The latest of everything, for callbacks that must keep one identity (the memoized nodes use them).
  const latest = useRef({ graph, positions, sizes, selectedId, layout });
  useLayoutEffect(() => {
    latest.current = { graph, positions, sizes, selectedId, layout };
  });

  /** Runs a command; the reason it was refused, or undefined when it was done. */
  const run = useCallback(
    <N extends CommandName>(name: N, args: CommandArgs<N>, quiet = false): string | undefined => {
      const result = store.getState().runCommand(name, args);
      if (!isRefusal(result)) return undefined;
      if (quiet) store.getState().dismissMessage(); // the dialog that asked shows the reason itself
      return result.error;
    },
    [store],
  );

  const selectElement = useCallback(
    (id: string) => {
      setSelectedId(id);
      const pointer = pointerOf(latest.current.graph, id);
      if (pointer !== undefined) store.getState().select(pointer, 'graph');
    },
    [store],
  );

  // Read from a ResizeObserver: measuring the page while the YAML caret moves (after every check while
  // typing) would force a layout in the middle of React's commit.
  const canvasSize = useRef<CanvasSize | null>(null);
  const roomy = useCanvasSize(wrapper, canvasSize);

  /** Pans the view to a node outside it (keeping the zoom): the YAML cursor moved to it. */
  const reveal = useCallback(
    (id: string) => {
      const at = latest.current.positions[id];
      const box = canvasSize.current;
      if (!at || !box) return;
      const size = latest.current.sizes[id] ?? { width: 220, height: 90 };
      const { x, y, zoom } = flow.getViewport();
      const left = at.x * zoom + x;
      const top = at.y * zoom + y;
      const inside =
        left >= 0 && top >= 0 && left + size.width * zoom <= box.width && top + size.height * zoom <= box.height;
      if (inside) return;
      // A straight pan at the same zoom: React Flow's default path zooms out and back in on the way
      // (d3's smooth zoom), and every step drew the canvas again at another scale and hid and showed a
      // large graph's edges (useHideEdgesWhileZooming). A large graph is not panned step by step at
      // all: while the view moves, its labels and badges are layers of their own, and a step took
      // 25–40 ms. It jumps, in one frame (a caret key that brought a node of the 100×100 into view
      // was answered after 104–152 ms with the glide, 80–112 ms with the jump); so does every graph
      // for a user who asks for less motion.
      const glide = latest.current.graph.edges.length < MANY_EDGES && !prefersReducedMotion();
      void flow.setCenter(at.x + size.width / 2, at.y + size.height / 2, {
        zoom,
        duration: glide ? 150 : 0,
        interpolate: 'linear',
      });
    },
    [flow],
  );

  // The store's selection (the YAML cursor, the problems, a command's result) selects on the canvas.
  const selection = useDocument((s) => s.selection);
  useEffect(() => {
    if (selection?.source === 'graph') return; // made here: already shown
    const id = selection ? elementAt(latest.current.graph, selection.pointer) : undefined;
    setSelectedId(id);
    if (id && selection?.source !== 'command') reveal(id);
  }, [selection, reveal]);

  // A new layout (first open, another workload, on demand): show all of it.
  const laidOut = layout.laidOut;
  useEffect(() => {
    const frame = requestAnimationFrame(() => void flow.fitView(fitOptions));
    return () => cancelAnimationFrame(frame);
  }, [laidOut, flow, fitOptions]);

  // Where a node made from the toolbar lands: beside the selected node, else in the middle of the view.
  const spotForNew = useCallback((): XY => {
    const { positions, sizes, selectedId } = latest.current;
    const selected = selectedId ? positions[selectedId] : undefined;
    if (selected && selectedId) {
      return { x: selected.x + (sizes[selectedId]?.width ?? 220) + 80, y: selected.y };
    }
    const box = wrapper.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    const centre = flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    return { x: centre.x - 110, y: centre.y - 45 };
  }, [flow]);

  const addResource = useCallback(
    (type: ResourceTypeInfo, at?: XY) => {
      const taken = latest.current.graph.nodes.filter((n) => n.kind === 'resource').map((n) => n.name);
      const name = uniqueName(type.suggestedName, taken);
      latest.current.layout.hint(resourceNodeId(name), at ?? spotForNew());
      if (run('addResource', { name, type: type.type }) === undefined) setRenamingId(resourceNodeId(name));
    },
    [run, spotForNew],
  );

  const requestConnection = useCallback((sourceId: string, targetId: string) => {
    const plan = planConnection(latest.current.graph, sourceId, targetId);
    if (plan.kind === 'refused') setNotice({ kind: 'refused', text: plan.reason });
    else if (plan.kind === 'start-order') {
      setDialog({ kind: 'start-order', first: plan.first, then: plan.then, current: plan.existing?.ready });
    } else setDialog({ kind: 'use-resource', container: plan.container, resource: plan.resource.name });
  }, []);

  const openConnect = useCallback((id: string) => {
    const node = latest.current.graph.nodes.find((n) => n.id === id);
    if (node?.kind === 'container') setDialog({ kind: 'connect', from: id });
    else if (node) {
      setNotice({
        kind: 'refused',
        text: `Connections start at a container: select the container that uses a resource or starts first, then press C.`,
      });
    }
  }, []);

  /** The node last removed from the canvas: undone, it gets the focus back. */
  const lastRemoved = useRef<string | undefined>(undefined);
  const remove = useCallback(
    (id: string) => {
      const outcome = removeFromCanvas(latest.current.graph, id, run, store);
      if (outcome.removed) {
        setSelectedId(undefined);
        // A node, to focus when Undo brings it back (an edge takes no focus of its own).
        lastRemoved.current = latest.current.graph.nodes.some((n) => n.id === id) ? id : undefined;
      }
      if (outcome.notice) setNotice(outcome.notice);
    },
    [run, store],
  );

  const removeReferences = useCallback(() => {
    if (notice?.kind === 'references') setNotice(removeReferencesOf(notice, store));
  }, [notice, store]);

  /**
   * Gives the keyboard focus to a node once it is on the canvas: after a rename its element is made
   * anew under its new id (and hidden until React Flow has measured it), so it is looked for over a
   * few frames, as long as the focus has not gone elsewhere.
   */
  const focusNodeSoon = useCallback((id: string) => {
    let tries = 0;
    const attempt = () => {
      // Only while the focus is nowhere (the field it was in has gone): never taken from elsewhere.
      if (document.activeElement && document.activeElement !== document.body) return;
      const node = wrapper.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      node?.focus({ preventScroll: true });
      if (document.activeElement !== node && ++tries < 30) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  }, []);

  /**
   * Undo or redo from a node with the keyboard may take the node away (a rename undone makes it anew
   * under its old name): the focus then goes to the node now in its place in the graph's order, so
   * that the canvas keys go on working, instead of falling to the page.
   */
  const keepFocusThroughHistory = useCallback(
    (from: Element) => {
      const id = from.closest('.react-flow__node')?.getAttribute('data-id');
      const place = id ? latest.current.graph.nodes.findIndex((n) => n.id === id) : -1;
      if (place < 0) return;
      requestAnimationFrame(() => {
        const nodes = latest.current.graph.nodes;
        const target = nodes[Math.min(place, nodes.length - 1)]?.id;
        if (target) focusNodeSoon(target);
      });
    },
    [focusNodeSoon],
  );

  /**
   * Closes the notice. When it had the focus (it takes it after Delete), the focus goes back to the
   * canvas, not to the page: to what came back (`focusId`, after Undo), else the selected element or
   * the first node, so that the canvas keys go on working.
   */
  const closeNotice = useCallback(
    (focusId?: string) => {
      const hadFocus = !!wrapper.current?.querySelector('.graph-notice')?.contains(document.activeElement);
      setNotice(null);
      if (!hadFocus) return;
      const { graph: current, selectedId: selected } = latest.current;
      const nodeId = (id: string | undefined) => (id && current.nodes.some((n) => n.id === id) ? id : undefined);
      const target = focusId ?? nodeId(selected) ?? current.nodes[0]?.id;
      if (target) focusNodeSoon(target);
    },
    [focusNodeSoon],
  );

  const actions = useMemo<CanvasActions>(
    () => ({
      select: selectElement,
      startRename: (id) => setRenamingId(id),
      cancelRename: (focusId) => {
        setRenamingId(undefined);
        if (focusId) focusNodeSoon(focusId);
      },
      commitRename(id, name, refocus) {
        const node = latest.current.graph.nodes.find((n) => n.id === id);
        if (!node || name === node.name) {
          setRenamingId(undefined);
          if (refocus) focusNodeSoon(id);
          return true;
        }
        const why =
          node.kind === 'container'
            ? run('renameContainer', { from: node.name, to: name })
            : node.kind === 'resource'
              ? run('renameResource', { from: node.name, to: name })
              : run('setField', { pointer: '/metadata/name', value: name });
        if (why !== undefined) return false;
        const renamed =
          node.kind === 'workload' ? id : node.kind === 'container' ? containerNodeId(name) : resourceNodeId(name);
        if (node.kind !== 'workload') latest.current.layout.carry(id, renamed);
        setRenamingId(undefined);
        if (refocus) focusNodeSoon(renamed);
        return true;
      },
      openProblem: (elementId) => {
        const { graph } = latest.current;
        const element = graph.nodes.find((n) => n.id === elementId) ?? graph.edges.find((e) => e.id === elementId);
        const first = element?.problems[0];
        if (first) store.getState().showProblem(first.index, false);
      },
      setCondition(first, then, ready) {
        const problem = readinessProblem(latest.current.graph, first, ready);
        if (problem) setNotice({ kind: 'refused', text: problem });
        else run('setBefore', { container: first, target: then, ready });
      },
      remove,
    }),
    [selectElement, run, store, remove, focusNodeSoon],
  );

  // React Flow reports a new selection as the new element selected and the old one unselected, the
  // nodes' changes and the edges' apart, in either order: an element unselected clears the selection
  // only if it is still the selected one once the changes before it are applied.
  const unselect = useCallback((id: string) => setSelectedId((current) => (current === id ? undefined : current)), []);

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const measured: Record<string, Size> = {};
      const moving: Positions = {};
      const moved: Array<[string, XY]> = [];
      let picked: string | undefined;
      const unselected: string[] = [];
      for (const c of changes) {
        if (c.type === 'dimensions' && c.dimensions) {
          const old = latest.current.sizes[c.id];
          if (old?.width !== c.dimensions.width || old.height !== c.dimensions.height) measured[c.id] = c.dimensions;
        } else if (c.type === 'position' && c.position) {
          if (c.dragging) moving[c.id] = c.position;
          else moved.push([c.id, c.position]);
        } else if (c.type === 'select') {
          if (c.selected) picked = c.id;
          else unselected.push(c.id);
        }
      }
      Object.assign(latest.current.sizes, measured);
      if (Object.keys(moving).length > 0) setDragging((d) => ({ ...d, ...moving }));
      if (moved.length > 0) {
        latest.current.layout.move(moved);
        setDragging((d) =>
          withoutKeys(
            d,
            moved.map(([id]) => id),
          ),
        );
      }
      if (picked) selectElement(picked);
      else unselected.forEach(unselect);
    },
    [selectElement, unselect],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      for (const c of changes) {
        if (c.type !== 'select') continue;
        if (c.selected) selectElement(c.id);
        else unselect(c.id);
      }
    },
    [selectElement, unselect],
  );

  // Connecting by dragging from a handle: dropped on a handle or anywhere on a node's body.
  const connectFrom = useRef<XY | null>(null);
  const onConnectStart = useCallback((event: MouseEvent | TouchEvent, _params: OnConnectStartParams) => {
    connectFrom.current = pointOf(event);
  }, []);
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      const from = state.fromNode?.id;
      if (!from) return;
      const at = pointOf(event);
      const to = state.toNode?.id ?? nodeAt(at);
      if (!to) return; // let go on the empty canvas: nothing was meant
      const start = connectFrom.current;
      if (to === from && (!start || Math.hypot(at.x - start.x, at.y - start.y) < 8)) return; // a click on a handle
      if (state.fromHandle?.type === 'target') requestConnection(to, from);
      else requestConnection(from, to);
    },
    [requestConnection],
  );
  const isValidConnection = useCallback(
    (c: { source: string; target: string }) =>
      planConnection(latest.current.graph, c.source, c.target).kind !== 'refused',
    [],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (isHistoryKey(e) && !isTextField(e.target)) {
        keepFocusThroughHistory(e.target as Element);
        return; // undone or redone by the workspace's keys
      }
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      const target = e.target as Element;
      if (target.closest('.graph-toolbar, .graph-notice, .react-flow__panel')) return;
      const element = target.closest('.react-flow__node, .react-flow__edge');
      const id = element?.getAttribute('data-id') ?? latest.current.selectedId;
      if (!id) return;
      const isNode = latest.current.graph.nodes.some((n) => n.id === id);
      if (e.key === 'Delete' || e.key === 'Backspace') actions.remove(id);
      else if ((e.key === 'c' || e.key === 'C') && isNode) openConnect(id);
      else if (e.key === 'F2' && isNode) setRenamingId(id);
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    [actions, openConnect, keepFocusThroughHistory],
  );

  const onDragOver = useCallback((e: DragEvent) => {
    if (!e.dataTransfer.types.includes(RESOURCE_TYPE_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = palette.find((t) => t.type === e.dataTransfer.getData(RESOURCE_TYPE_MIME));
      if (!type) return;
      e.preventDefault();
      const at = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      addResource(type, { x: at.x - 110, y: at.y - 40 });
    },
    [flow, addResource, palette],
  );

  const onMove = useHideEdgesWhileZooming(wrapper, edges.length);
  const { onMoveStart, onMoveEnd } = useMarkMoving(wrapper);
  // A selector, not the text itself: the canvas must not render again on every keystroke in the YAML pane.
  const canUndo = useDocument(
    (s) =>
      notice !== null && notice.kind !== 'refused' && notice.textAfter !== undefined && notice.textAfter === s.text,
  );
  const selectedNode = graph.nodes.find((n) => n.id === selectedId);

  // The toolbar's actions keep one identity, so that it renders only when what it shows changes.
  const openAddContainer = useCallback(() => setDialog({ kind: 'add-container' }), []);
  const connectSelected = useCallback(() => {
    const id = latest.current.selectedId;
    if (id) openConnect(id);
  }, [openConnect]);

  // React Flow's own tree (some twenty components, and a look at every node) renders again only when
  // what it is given changes. The canvas itself renders after every check, since the graph is derived
  // anew; the nodes and edges keep their identity when what they show did not change (see to-flow).
  const clearSelection = useCallback(() => setSelectedId(undefined), []);
  const canvas = useMemo(
    () => (
      <ReactFlow<FlowNode, FlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnectStart={onConnectStart}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        onMove={onMove}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        onPaneClick={clearSelection}
        // No key handlers of React Flow's own: they listen on the whole document and would swallow
        // keys typed elsewhere (Space and Ctrl in the YAML editor). The canvas handles its keys itself.
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        panActivationKeyCode={null}
        zoomActivationKeyCode={null}
        connectOnClick={false}
        nodesConnectable={!stale}
        fitView
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.02}
        maxZoom={2}
        ariaLabelConfig={ariaLabelConfig}
        aria-label="Graph of the workload: its containers, resources and start order"
        proOptions={PRO_OPTIONS}
      >
        <ZoomLevel canvas={wrapper} threshold={edges.length >= MANY_EDGES ? FAR_ZOOM : FAR_ZOOM_SMALL_GRAPH} />
        <Background />
        <Controls showInteractive={false} fitViewOptions={fitOptions} />
        {roomy && <MiniMap pannable zoomable nodeClassName={miniMapClassName} />}
      </ReactFlow>
    ),
    [
      nodes,
      edges,
      onNodesChange,
      onEdgesChange,
      onConnectStart,
      onConnectEnd,
      isValidConnection,
      onMove,
      onMoveStart,
      onMoveEnd,
      clearSelection,
      stale,
      roomy,
      fitOptions,
    ],
  );

  return (
    <CanvasActionsProvider value={actions}>
      <NodeContentProvider value={content}>
        <div
          ref={wrapper}
          className="graph-canvas"
          data-stale={stale || undefined}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDrop={onDrop}
        >
          <Toolbar
            disabled={stale}
            canConnect={selectedNode?.kind === 'container'}
            onAddContainer={openAddContainer}
            onAddResource={addResource}
            onConnect={connectSelected}
            onLayout={layout.relayout}
          />
          <ArrowMarkers />
          {canvas}
          {notice && (
            <GraphNotice
              notice={notice}
              canUndo={canUndo}
              onDismiss={() => closeNotice()}
              onUndo={() => {
                store.getState().undo();
                closeNotice(lastRemoved.current);
              }}
              onShow={(pointer) => store.getState().select(pointer, 'graph')}
              onRemoveReferences={removeReferences}
            />
          )}
          <CanvasDialog
            dialog={dialog}
            graph={graph}
            onClose={() => setDialog(null)}
            run={run}
            onChoose={requestConnection}
          />
        </div>
      </NodeContentProvider>
    </CanvasActionsProvider>
  );
}

function pointOf(event: MouseEvent | TouchEvent): XY {
  if ('changedTouches' in event) {
    const touch = event.changedTouches[0];
    return { x: touch?.clientX ?? 0, y: touch?.clientY ?? 0 };
  }
  return { x: event.clientX, y: event.clientY };
}

/** The node under a point of the screen (its body, not only its handles). */
function nodeAt(at: XY): string | undefined {
  for (const element of document.elementsFromPoint(at.x, at.y)) {
    const id = element.closest('.react-flow__node')?.getAttribute('data-id');
    if (id) return id;
  }
  return undefined;
}

function withoutKeys(positions: Positions, ids: readonly string[]): Positions {
  if (!ids.some((id) => id in positions)) return positions;
  const out = { ...positions };
  for (const id of ids) delete out[id];
  return out;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit'].includes(target.type);
}

/** Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y: the one history's keys (see use-global-keys). */
function isHistoryKey(e: KeyboardEvent): boolean {
  const key = e.key.toLowerCase();
  return (e.ctrlKey || e.metaKey) && !e.altKey && (key === 'z' || key === 'y');
}
