import { useNodesInitialized } from '@xyflow/react';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import {
  diagramKey,
  estimatedSize,
  layDiagram,
  type GraphNode,
  type LayoutDirection,
  type Positions,
  type Size,
  type WorkloadGraph,
} from '../../core/graph';
import { createListenersById } from '../common/listeners-by-id';
import { MANY_EDGES } from './view-hooks';

/**
 * Where each edge's label sits along its edge on the canvas (the core's placeLabels: clear of the
 * nodes and of the other labels), handed to the edge components apart from React Flow's edges, as
 * node content is: a label that moves re-renders its edge alone. One store for the page (one canvas),
 * as the flow cache is.
 */
const places = new Map<string, number>();
const listeners = createListenersById();

function update(next: ReadonlyMap<string, number>): void {
  const changed: string[] = [];
  for (const [id, t] of next) {
    if (places.get(id) !== t) {
      places.set(id, t);
      changed.push(id);
    }
  }
  for (const id of [...places.keys()]) {
    if (!next.has(id)) {
      places.delete(id);
      changed.push(id);
    }
  }
  listeners.tell(changed);
}

/** Where the label of edge `id` sits along its curve (0 at its source, 1 at its target). */
export function useLabelPlace(id: string): number {
  return useSyncExternalStore(
    (listener) => listeners.subscribe(id, listener),
    () => places.get(id) ?? 0.5,
  );
}

/**
 * Places the labels again when the graph or where its nodes are changes (not while a node is dragged:
 * its labels follow their curves, and settle when it is dropped), and once React Flow has measured
 * the nodes (a name that wraps makes its node taller than estimated). A graph of more than MANY_EDGES
 * edges keeps its labels at their middles: placing thousands at each edit would cost more than an
 * edit may take, and seen from far (where such a graph is shown) labels are not drawn.
 */
export function usePlacedLabels(
  graph: WorkloadGraph,
  positions: Positions,
  sizes: Readonly<Record<string, Size>>,
  direction: LayoutDirection,
): void {
  const measured = useNodesInitialized();
  const laid = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (graph.edges.length > MANY_EDGES) {
      laid.current = undefined;
      return update(new Map());
    }
    const sizeOf = (node: GraphNode) => sizes[node.id] ?? estimatedSize(node);
    // Most checks while typing change the problems, not the diagram: its labels stay where they are
    // (placing them took a millisecond or two of each check's way to the screen).
    const key = diagramKey(graph, positions, sizeOf, direction);
    if (key === laid.current) return;
    laid.current = key;
    const diagram = layDiagram(graph, positions, sizeOf, undefined, direction);
    update(new Map(diagram.edges.map((d) => [d.edge.id, d.t])));
  }, [graph, positions, sizes, direction, measured]);
}
