import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type EdgeChange,
  type FitViewOptions,
  type FinalConnectionState,
  type NodeChange,
  type OnConnectStartParams,
  type OnMove,
} from '@xyflow/react';
import { memo, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import { shortcutText } from '../intents/keys';
import { intents, type Intent } from '../intents/table';
import { edgeTypes } from './edges';
import { nodeTypes } from './nodes';
import type { FlowEdge, FlowNode } from './to-flow';
import { FAR_ZOOM, FAR_ZOOM_SMALL_GRAPH, MANY_EDGES, VISIBLE_ONLY_FROM, ZoomLevel } from './view-hooks';

/** Given to React Flow with one identity: a new object would make it render again. */
const PRO_OPTIONS = { hideAttribution: true };

/**
 * The mini-map colours a node by its kind. One function for the page's life: a new one at each render
 * of the canvas would draw every node of the mini-map again at every check.
 */
function miniMapClassName(node: { type?: string }): string {
  return node.type ?? '';
}

/** How to work a node or an edge from the keyboard, told to screen readers: the keys are the intents' (ui/intents). */
const key = (intent: Intent) => shortcutText(intent.keys);
const ariaLabelConfig = {
  'node.a11yDescription.default': `Tab moves between nodes. Enter selects a node and opens it in the inspector. ${key(intents.connect)} connects it to another node, ${key(intents.rename)} renames it, ${key(intents.remove)} removes it. Arrow keys move a selected node.`,
  'edge.a11yDescription.default': `Enter selects the edge. ${key(intents.remove)} removes it.`,
  'minimap.ariaLabel': 'Overview of the graph',
};

/**
 * React Flow itself, with the canvas's nodes, edges and handlers. Memoized: React Flow's own tree
 * (some twenty components, and a look at every node) renders again only when what it is given
 * changes. The canvas renders after every check, since the graph is derived anew; the nodes and
 * edges keep their identity when what they show did not change (see to-flow). Props React Flow
 * copies into its store keep one identity too: each new value would notify every node, edge and
 * handle on the canvas (about 2,400 listeners on a 100×100 workload, ~4 ms a time).
 */
export const FlowCanvas = memo(function FlowCanvas(props: {
  wrapper: RefObject<HTMLElement | null>;
  nodes: FlowNode[];
  edges: FlowEdge[];
  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<FlowEdge>[]) => void;
  onConnectStart: (event: MouseEvent | TouchEvent, params: OnConnectStartParams) => void;
  onConnectEnd: (event: MouseEvent | TouchEvent, state: FinalConnectionState) => void;
  isValidConnection: (c: { source: string; target: string }) => boolean;
  onMove: OnMove;
  onMoveStart: OnMove;
  onMoveEnd: OnMove;
  onPaneClick: () => void;
  /** Right-clicks on a node, an edge or the empty canvas (see use-context-menu). */
  contextMenus: {
    onNodeContextMenu: (e: ReactMouseEvent, node: { id: string }) => void;
    onEdgeContextMenu: (e: ReactMouseEvent, edge: { id: string }) => void;
    onPaneContextMenu: (e: ReactMouseEvent | MouseEvent) => void;
  };
  /** Shift is held: a drag on the empty canvas draws a selection box, a click adds to the selection. */
  selecting: boolean;
  /** The YAML does not parse: nothing can be connected until it does. */
  stale: boolean;
  /** Room enough for the mini-map. */
  roomy: boolean;
  fitOptions: FitViewOptions;
}) {
  const { wrapper, edges, stale, roomy, fitOptions } = props;
  // A very large graph is handed only the edges near the view (see edge-reach): it counts as many edges.
  const large = props.nodes.length >= VISIBLE_ONLY_FROM;
  return (
    <ReactFlow<FlowNode, FlowEdge>
      nodes={props.nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={props.onNodesChange}
      onEdgesChange={props.onEdgesChange}
      onConnectStart={props.onConnectStart}
      onConnectEnd={props.onConnectEnd}
      isValidConnection={props.isValidConnection}
      onMove={props.onMove}
      onMoveStart={props.onMoveStart}
      onMoveEnd={props.onMoveEnd}
      onPaneClick={props.onPaneClick}
      onNodeContextMenu={props.contextMenus.onNodeContextMenu}
      onEdgeContextMenu={props.contextMenus.onEdgeContextMenu}
      onPaneContextMenu={props.contextMenus.onPaneContextMenu}
      // Shift held (read by the canvas itself, see useShiftHeld): the selection box instead of a pan.
      selectionOnDrag={props.selecting}
      panOnDrag={!props.selecting}
      // No key handlers of React Flow's own: they listen on the whole document and would swallow
      // keys typed elsewhere (Space and Ctrl in the YAML editor). The canvas handles its keys itself.
      deleteKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      panActivationKeyCode={null}
      zoomActivationKeyCode={null}
      connectOnClick={false}
      // A very large workload mounts only the nodes and edges in view (and those the view reaches as it
      // moves): 2,000 nodes and 5,600 edges all mounted took seconds to open and every pan a redraw of them all.
      onlyRenderVisibleElements={large}
      nodesConnectable={!stale}
      // No fit of React Flow's own when the canvas appears: useFitOnLayout fits it, readably.
      minZoom={0.02}
      maxZoom={2}
      ariaLabelConfig={ariaLabelConfig}
      aria-label="Graph of the workload: its containers, resources and start order"
      proOptions={PRO_OPTIONS}
    >
      <ZoomLevel canvas={wrapper} threshold={large || edges.length >= MANY_EDGES ? FAR_ZOOM : FAR_ZOOM_SMALL_GRAPH} />
      <Background />
      <Controls showInteractive={false} fitViewOptions={fitOptions} />
      {roomy && <MiniMap pannable zoomable nodeClassName={miniMapClassName} />}
    </ReactFlow>
  );
});
