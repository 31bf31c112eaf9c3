import { useStore, type ReactFlowState } from '@xyflow/react';
import { useMemo } from 'react';
import type { Positions, Rect } from '../../core/graph';
import type { FlowEdge } from './to-flow';

/**
 * Which edges a very large canvas hands React Flow: those of the nodes in or near the view (level of
 * detail). React Flow's onlyRenderVisibleElements looks at every edge it holds at every frame of a
 * pan (5,600 on a 1,000 × 1,000 workload), and draws every edge whose box crosses the view: zoomed in
 * on a few nodes, some 1,800 long edges of nodes far away ran across it, drawn and looked at each
 * frame. The canvas instead gives it the edges with an end in its reach: the view's neighbourhood, a
 * region that changes only when the view leaves it or the zoom changes much, so a pan renders nothing
 * new until then.
 */

/** The zoom is read in steps of this factor: within a step the reach keeps its size. */
const ZOOM_STEP = Math.SQRT2;

/**
 * Where the view is, coarsely: the zoom's step and the cell (a view-sized square of the plane at
 * that step) its centre is in. It changes only when the view's centre leaves that cell or the zoom
 * leaves its step; '' while the canvas has no size yet.
 */
export function reachKey(transform: readonly [number, number, number], width: number, height: number): string {
  const [x, y, zoom] = transform;
  if (!(width > 0 && height > 0 && zoom > 0)) return '';
  const step = Math.floor(Math.log(zoom) / Math.log(ZOOM_STEP));
  const cell = cellSize(step, width, height);
  const centreX = (width / 2 - x) / zoom;
  const centreY = (height / 2 - y) / zoom;
  return `${step} ${Math.floor(centreX / cell.width)} ${Math.floor(centreY / cell.height)} ${width} ${height}`;
}

/**
 * The region of the plane a key stands for: its cell and the cells around it. A view whose centre is
 * in the cell lies inside it (at its step's zoom or closer, the view is at most a cell wide), with
 * at least half a view to spare on each side for a pan to move into before the reach moves.
 */
export function reachOf(key: string): Rect | undefined {
  if (key === '') return undefined;
  const [step, column, row, width, height] = key.split(' ').map(Number) as [number, number, number, number, number];
  const cell = cellSize(step, width, height);
  return { x: (column - 1) * cell.width, y: (row - 1) * cell.height, width: 3 * cell.width, height: 3 * cell.height };
}

function cellSize(step: number, width: number, height: number) {
  const zoom = ZOOM_STEP ** step;
  return { width: width / zoom, height: height / zoom };
}

/**
 * The edges with an end (a node's top left corner, give or take a node's size) in `reach`, and the
 * selected ones wherever they are (the selection is read from React Flow's edges). The same array
 * when every edge is kept.
 */
export function edgesInReach(
  edges: FlowEdge[],
  positions: Positions,
  reach: Rect | undefined,
  /** The most a node reaches past its top left corner: its ends are tested against the reach grown so much. */
  nodeExtent: number,
): FlowEdge[] {
  if (!reach) return [];
  const left = reach.x - nodeExtent;
  const top = reach.y - nodeExtent;
  const right = reach.x + reach.width;
  const bottom = reach.y + reach.height;
  const within = (id: string) => {
    const at = positions[id];
    return at !== undefined && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom;
  };
  const kept = edges.filter((edge) => edge.selected === true || within(edge.source) || within(edge.target));
  return kept.length === edges.length ? edges : kept;
}

const selectReachKey = (s: ReactFlowState) => reachKey(s.transform, s.width, s.height);

/**
 * The edges to hand React Flow: all of them on a graph that is not `large`, else those in the reach
 * that `key` stands for, or only the selected ones while the view is moved from far (`movingFar`, see
 * useMarkMoving).
 */
export function edgesToDraw(
  edges: FlowEdge[],
  positions: Positions,
  { large, movingFar, key }: { large: boolean; movingFar: boolean; key: string },
): FlowEdge[] {
  if (!large) return edges;
  if (movingFar) return edges.filter((edge) => edge.selected === true);
  return edgesInReach(edges, positions, reachOf(key), NODE_EXTENT);
}

/** edgesToDraw, with the reach read from React Flow's store (a string: a pan within the reach re-renders nothing). */
export function useEdgesInReach(
  edges: FlowEdge[],
  positions: Positions,
  large: boolean,
  movingFar: boolean,
): FlowEdge[] {
  const key = useStore(large ? selectReachKey : noReach);
  return useMemo(
    () => edgesToDraw(edges, positions, { large, movingFar, key }),
    [large, movingFar, edges, positions, key],
  );
}

const noReach = () => '';

/** More than any node's width or height: an end this far outside the reach may still be in it. */
const NODE_EXTENT = 800;
