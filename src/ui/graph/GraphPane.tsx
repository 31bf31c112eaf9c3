import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { deriveGraph, estimatedSize, placeGroups, withoutPeerParts, type Positions, type Size } from '../../core/graph';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { doesNotParse } from '../../state/document/store';
import { useLendCanvasContext } from '../intents/intent-host';
import { targetIn } from '../intents/table';
import { CanvasActionsProvider } from './canvas-actions';
import { CanvasDialog } from './CanvasDialog';
import { CanvasSearch } from './CanvasSearch';
import { ContextMenu } from './ContextMenu';
import { useDiagramExport } from './DiagramExport';
import { useContextMenu } from './use-context-menu';
import { ArrowMarkers } from './edges';
import { FlowCanvas } from './FlowCanvas';
import { graphBounds } from './geometry';
import { useCanvasKeys, useClipboardEvents, useConnectGesture, usePaletteDrop, useShiftHeld } from './gestures';
import { GraphNotice } from './GraphNotice';
import { usePlacedLabels } from './label-places';
import { createNodeContent, NodeContentProvider } from './node-content';
import { usePaletteTypes } from './palette';
import { sharedFlowCache, toFlowEdges, toFlowNodes, type FlowEdge, type FlowNode } from './to-flow';
import { statusLine } from './status-line';
import { Toolbar } from './Toolbar';
import { useFlowChanges } from './flow-changes';
import { useCanvasEdits, type CanvasLatest } from './use-canvas-edits';
import { useCanvasIntentContext } from './use-intent-context';
import { useCanvasFocus } from './use-canvas-focus';
import { useCanvasSelection } from './use-canvas-selection';
import { useArrange } from './use-arrange';
import { useEdgesInReach } from './edge-reach';
import { useGraphPositions } from './use-positions';
import { useProjectControls, useProjectPeers } from './use-project-controls';
import {
  useCanvasSize,
  useFitOnLayout,
  useHideEdgesWhileZooming,
  useMarkMoving,
  VISIBLE_ONLY_FROM,
  type CanvasSize,
} from './view-hooks';
import './graph.css';

/**
 * The graph pane's content: the workload's containers and resources on a React Flow canvas, in
 * two-way sync with the text. It needs no props: it reads the document store (`readable` report,
 * `selection`) and changes the text only through commands, so every canvas edit changes the YAML
 * only where the edit is. Mount it inside the workspace's graph pane (DocumentStoreProvider above).
 *
 * A thin adapter: what an edit means is planned in core/graph and carried out by useCanvasEdits;
 * what the user can do (toolbar, keys) comes from the table of intents (ui/intents); gestures and
 * geometry live beside it (gestures.ts, geometry.ts), and so does keeping the keyboard's place
 * (use-canvas-focus.ts). This component derives what to draw and wires them together.
 */
export function GraphPane() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  );
}

function GraphCanvas() {
  const store = useDocumentStore();
  const readable = useDocument((s) => s.readable);
  const stale = useDocument(doesNotParse);
  // The project's other workloads, drawn as a group (or one node) each with the links to them (core/graph/project.ts).
  const groups = useProjectPeers();
  const { peers } = groups;
  const graph = useMemo(() => deriveGraph(readable.parsed, readable.diagnostics, peers), [readable, peers]);
  const project = useProjectControls(groups);
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const palette = usePaletteTypes();
  const wrapper = useRef<HTMLDivElement>(null);

  // The sizes React Flow measured, in one record updated in place (not a state change), so that a
  // node made anew (moved, selected) carries its size: a node without one is hidden and measured
  // again. Measuring re-renders nothing here, since React Flow already shows the measured node, and
  // makes no node anew (see toFlowNodes).
  const [sizes] = useState<Record<string, Size>>(() => ({}));
  const [dragging, setDragging] = useState<Positions>({});
  // A group of another workload is laid out as one node (its parts move with it), then placed clear of the others.
  const laidGraph = useMemo(() => withoutPeerParts(graph), [graph]);
  const layout = useGraphPositions(laidGraph, sizes);
  const placed = useMemo(
    () => placeGroups(graph, layout.positions, (n) => sizes[n.id] ?? estimatedSize(n)),
    [graph, layout.positions, sizes],
  );
  const positions = useMemo(
    () => (Object.keys(dragging).length > 0 ? { ...placed.positions, ...dragging } : placed.positions),
    [placed.positions, dragging],
  );

  // Read from a ResizeObserver: measuring the page while the YAML caret moves (after every check while
  // typing) would force a layout in the middle of React's commit.
  const canvasSize = useRef<CanvasSize | null>(null);
  const roomy = useCanvasSize(wrapper, canvasSize);

  // The latest of everything, for callbacks that must keep one identity (the memoized nodes use them).
  const latest = useRef<CanvasLatest>({ graph, positions, sizes, selectedId: undefined, selectedIds: [], layout });
  const graphBox = useCallback(() => graphBounds(latest.current), []);
  const fitOptions = useFitOnLayout(wrapper, flow, layout.laidOut, graphBox);
  const { selectedId, selectedIds, setSelectedId, select, selectAll, changeSelection, follow } = useCanvasSelection({
    store,
    latest,
    flow,
    canvasSize,
  });
  const focus = useCanvasFocus(wrapper, latest);
  const picture = useDiagramExport(latest, flow);
  const edits = useCanvasEdits({
    store,
    latest,
    flow,
    wrapper,
    focus,
    select,
    setSelectedId,
    follow,
    exportDiagram: picture.open,
  });
  const { renamingId, actions, intentContext: editsContext } = edits;
  // A peer's node takes up its workload (double-click, or its Edit button).
  const nodeActions = useMemo(
    () => (project ? { ...actions, editWorkload: project.edit, toggleGroup: project.toggleGroup } : actions),
    [actions, project],
  );
  // What was just done (a copy), said in the canvas's status line until the selection changes.
  const [said, setSaid] = useState<{ text: string; for: readonly string[] } | null>(null);
  const announce = useCallback((text: string) => setSaid({ text, for: latest.current.selectedIds }), []);
  const arrange = useArrange({ store, latest, flow, wrapper, run: edits.run, selectAll, tell: edits.tell, announce });
  const contextMenu = useContextMenu({ wrapper, latest, select });
  const { open: openMenu, provide: provideMenuContext } = contextMenu;
  const [searching, setSearching] = useState(false);

  const intentContext = useCanvasIntentContext({
    latest,
    wrapper,
    arrange,
    openMenu,
    project,
    editsContext,
    openSearch: setSearching,
  });
  useLayoutEffect(() => provideMenuContext(intentContext), [provideMenuContext, intentContext]);

  const alsoSelected = useMemo(() => new Set(selectedIds.slice(1)), [selectedIds]);
  const frame = placed.frame;
  const nodes = useMemo(
    () =>
      toFlowNodes(
        graph,
        {
          positions,
          sizes,
          selectedId,
          alsoSelected,
          renamingId,
          direction: layout.direction,
          ...(frame && { frame: { rect: frame, name: graph.name } }),
        },
        sharedFlowCache,
      ),
    [graph, positions, sizes, selectedId, alsoSelected, renamingId, layout.direction, frame],
  );
  const allEdges = useMemo(
    () => toFlowEdges(graph, selectedId, sharedFlowCache, alsoSelected),
    [graph, selectedId, alsoSelected],
  );
  const large = nodes.length >= VISIBLE_ONLY_FROM;
  const { onMoveStart, onMoveEnd, movingFar } = useMarkMoving(wrapper, large);
  // On a very large graph, only the edges of the nodes in or near the view (see edge-reach).
  const edges = useEdgesInReach(allEdges, positions, large, movingFar);
  // What the nodes show, handed to their components apart from React Flow's nodes (see node-content).
  // Given in a layout effect: the nodes whose content changed re-render before the frame is drawn.
  const [content] = useState(createNodeContent);
  useLayoutEffect(() => content.update(graph.nodes), [content, graph]);
  usePlacedLabels(graph, placed.positions, sizes, layout.direction); // where the edges' labels sit, clear of the nodes
  useLayoutEffect(() => {
    latest.current = { graph, positions, sizes, selectedId, selectedIds, layout };
  });

  const { onNodesChange, onEdgesChange } = useFlowChanges({ latest, setDragging, changeSelection });
  const { onConnectStart, onConnectEnd, isValidConnection } = useConnectGesture(latest, edits.requestConnection);
  const { onDragOver, onDrop } = usePaletteDrop(flow, palette, edits.addResource);
  const onKeyDown = useCanvasKeys(latest, focus, intentContext);
  const { onCopy, onPaste } = useClipboardEvents(latest, intentContext, arrange.withTransfer);
  const shiftHeld = useShiftHeld(wrapper);
  const onMove = useHideEdgesWhileZooming(wrapper, allEdges.length);
  const clearSelection = useCallback(() => setSelectedId(undefined), [setSelectedId]);

  // The toolbar's intents are about the selected element, as the graph drawn has it; their context
  // keeps one identity until that changes, so that the toolbar renders only when what it shows does.
  const selected = targetIn(graph, selectedId);
  const [targetId, targetKind] = [selected?.id, selected?.kind];
  const toolbarContext = useMemo(
    () =>
      intentContext(
        targetId === undefined || targetKind === undefined ? undefined : { id: targetId, kind: targetKind },
      ),
    [intentContext, targetId, targetKind],
  );
  useLendCanvasContext(toolbarContext); // the command palette runs the canvas's intents with it

  const status = statusLine(graph, selectedIds, said);

  // A selector, not the text itself: the canvas must not render again on every keystroke in the YAML pane.
  const { notice } = edits;
  const canUndo = useDocument(
    (s) =>
      notice !== null && notice.kind !== 'refused' && notice.textAfter !== undefined && notice.textAfter === s.text,
  );

  return (
    <CanvasActionsProvider value={nodeActions}>
      <NodeContentProvider value={content}>
        <div
          ref={wrapper}
          className="graph-canvas"
          data-stale={stale || undefined}
          onKeyDown={onKeyDown}
          onCopy={onCopy}
          onPaste={onPaste}
          onDragOver={onDragOver}
          onDrop={onDrop}
        >
          <Toolbar
            stale={stale}
            context={toolbarContext}
            direction={layout.direction}
            typesOpen={edits.typesOpen}
            onCloseTypes={edits.closeTypes}
            onAddResource={edits.addResource}
          />
          <ArrowMarkers />
          <FlowCanvas
            wrapper={wrapper}
            nodes={nodes}
            edges={edges}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnectStart={onConnectStart}
            onConnectEnd={onConnectEnd}
            isValidConnection={isValidConnection}
            onMove={onMove}
            onMoveStart={onMoveStart}
            onMoveEnd={onMoveEnd}
            onPaneClick={clearSelection}
            contextMenus={contextMenu.handlers}
            selecting={shiftHeld}
            stale={stale}
            roomy={roomy}
            fitOptions={fitOptions}
          />
          <p className="graph-status" role="status">
            {status}
          </p>
          {searching && (
            <CanvasSearch
              graph={graph}
              onFound={selectAll}
              onZoom={arrange.zoomTo}
              onClose={(first) => {
                setSearching(false);
                focus.returnToCanvas(first);
              }}
            />
          )}
          {contextMenu.menu && <ContextMenu request={contextMenu.menu} stale={stale} onClose={contextMenu.close} />}
          {notice && <GraphNotice notice={notice} canUndo={canUndo} {...edits.noticeActions} />}
          <CanvasDialog
            dialog={edits.dialog}
            graph={graph}
            onClose={edits.closeDialog}
            run={edits.run}
            onChoose={edits.requestConnection}
            onAddContainer={edits.addContainer}
          />
          {picture.dialog}
        </div>
      </NodeContentProvider>
    </CanvasActionsProvider>
  );
}
