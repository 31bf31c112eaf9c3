import type { EdgeChange, NodeChange } from '@xyflow/react';
import { useCallback, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Positions, Size, XY } from '../../core/graph';
import type { GraphPositions } from './use-positions';
import { withoutKeys } from './geometry';
import type { FlowEdge, FlowNode } from './to-flow';

/** What a batch of React Flow's node changes says, read apart from acting on it. */
export interface NodeChanges {
  /** Sizes measured anew (only those that differ from what was known). */
  measured: Record<string, Size>;
  /** Where nodes being dragged are now. */
  moving: Positions;
  /** Nodes let go (a drag ended, arrow keys): where they stay. */
  moved: Array<[string, XY]>;
  /** The node selected, if one was. */
  picked: string | undefined;
  unselected: string[];
}

export function readNodeChanges(changes: readonly NodeChange<FlowNode>[], sizes: Readonly<Record<string, Size>>) {
  const out: NodeChanges = { measured: {}, moving: {}, moved: [], picked: undefined, unselected: [] };
  for (const c of changes) {
    if (c.type === 'dimensions' && c.dimensions) {
      const old = sizes[c.id];
      if (old?.width !== c.dimensions.width || old.height !== c.dimensions.height) out.measured[c.id] = c.dimensions;
    } else if (c.type === 'position' && c.position) {
      if (c.dragging) out.moving[c.id] = c.position;
      else out.moved.push([c.id, c.position]);
    } else if (c.type === 'select') {
      if (c.selected) out.picked = c.id;
      else out.unselected.push(c.id);
    }
  }
  return out;
}

/**
 * The elements a batch of React Flow's changes selected and unselected, in order: a click selects
 * one, a shift-click adds one, a selection box selects all those inside it at once.
 */
export function selectionChanges(changes: ReadonlyArray<NodeChange<FlowNode> | EdgeChange<FlowEdge>>) {
  const picked: string[] = [];
  const dropped: string[] = [];
  for (const c of changes) if (c.type === 'select') (c.selected ? picked : dropped).push(c.id);
  return { picked, dropped };
}

/**
 * React Flow's reports of what happened to nodes and edges, applied: sizes measured (kept in place,
 * see GraphPane), drags (shown while they last, kept once let go), and selection.
 */
export function useFlowChanges({
  latest,
  setDragging,
  changeSelection,
}: {
  latest: RefObject<{ sizes: Record<string, Size>; layout: GraphPositions }>;
  setDragging: Dispatch<SetStateAction<Positions>>;
  changeSelection: (picked: readonly string[], dropped: readonly string[]) => void;
}) {
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const { measured, moving, moved } = readNodeChanges(changes, latest.current.sizes);
      Object.assign(latest.current.sizes, measured);
      if (Object.keys(moving).length > 0) setDragging((d) => ({ ...d, ...moving }));
      if (moved.length > 0) {
        // Every node of the gesture at once (several selected nodes dragged together): one undo step.
        latest.current.layout.move(moved);
        setDragging((d) =>
          withoutKeys(
            d,
            moved.map(([id]) => id),
          ),
        );
      }
      const { picked, dropped } = selectionChanges(changes);
      if (picked.length + dropped.length > 0) changeSelection(picked, dropped);
    },
    [latest, setDragging, changeSelection],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      const { picked, dropped } = selectionChanges(changes);
      if (picked.length + dropped.length > 0) changeSelection(picked, dropped);
    },
    [changeSelection],
  );
  return { onNodesChange, onEdgesChange };
}
