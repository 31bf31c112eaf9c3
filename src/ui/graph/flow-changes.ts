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
 * React Flow's reports of what happened to nodes and edges, applied: sizes measured (kept in place,
 * see GraphPane), drags (shown while they last, kept once let go), and selection.
 */
export function useFlowChanges({
  latest,
  setDragging,
  select,
  unselect,
}: {
  latest: RefObject<{ sizes: Record<string, Size>; layout: GraphPositions }>;
  setDragging: Dispatch<SetStateAction<Positions>>;
  select: (id: string) => void;
  unselect: (id: string) => void;
}) {
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const { measured, moving, moved, picked, unselected } = readNodeChanges(changes, latest.current.sizes);
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
      if (picked) select(picked);
      else unselected.forEach(unselect);
    },
    [latest, setDragging, select, unselect],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      for (const c of changes) {
        if (c.type !== 'select') continue;
        if (c.selected) select(c.id);
        else unselect(c.id);
      }
    },
    [select, unselect],
  );
  return { onNodesChange, onEdgesChange };
}
