import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { resourceTypeInfo, type PeerPartNode } from '../../core/graph';
import { useCanvasActions } from './canvas-actions';
import { Icon } from './icons';
import { NodeLabel, Ports, useContent } from './node-parts';
import type { PeerFlowNode, PeerPartFlowNode, WorkloadFrameFlowNode } from './to-flow';

/**
 * The project's nodes (#33 item 3): another workload, collapsed to one node or open as a frame
 * holding its containers and resources (read only, drawn as the edited workload's are, but fainter),
 * and the frame around the workload being edited. Double-click, Enter or the Edit button takes
 * another workload up (a part of it: selected in it once it is edited).
 */

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Another workload of the project: its name, size and ports, drawn apart (dashed) from the workload being edited. */
export const PeerNodeView = memo(function PeerNodeView({ id }: NodeProps<PeerFlowNode>) {
  const node = useContent(id, 'peer');
  const actions = useCanvasActions();
  if (!node) return null;
  const open = node.frame !== undefined;
  return (
    <>
      <Handle type="target" position={Position.Left} className="graph-handle graph-anchor" isConnectable={false} />
      <div
        className={open ? 'graph-node-body graph-frame-head' : 'graph-node-body'}
        onDoubleClick={() => actions.editWorkload?.(id)}
      >
        <NodeLabel node={node} />
        <div className="graph-node-head">
          <Icon name="workload" />
          <span className="graph-node-kind">Workload</span>
          <span className="graph-node-name" title={node.name}>
            {node.name}
          </span>
        </div>
        <div className="graph-node-detail muted">
          {count(node.containers, 'container')} · {count(node.resources, 'resource')}
        </div>
        {node.ports.length > 0 && <div className="graph-node-detail graph-ports">Ports: {node.ports.join(', ')}</div>}
        <div className="graph-peer-buttons">
          {actions.editWorkload && (
            <button
              type="button"
              className="graph-peer-edit nodrag nopan"
              aria-label={`Edit workload ${node.name}`}
              onClick={(e) => {
                e.stopPropagation();
                actions.editWorkload?.(id);
              }}
            >
              Edit
            </button>
          )}
          {actions.toggleGroup && (
            <button
              type="button"
              className="graph-peer-edit nodrag nopan"
              aria-label={`${open ? 'Collapse' : 'Expand'} workload ${node.name}`}
              aria-expanded={open}
              onClick={(e) => {
                e.stopPropagation();
                actions.toggleGroup?.(id);
              }}
            >
              {open ? 'Collapse' : 'Expand'}
            </button>
          )}
        </div>
      </div>
      {/* Its links go back left, to the workload it stands beside. */}
      <Handle type="source" position={Position.Left} className="graph-handle graph-anchor" isConnectable={false} />
    </>
  );
});

/** A container or resource of another workload, in its frame: what the edited workload's show, read only. */
export const PeerPartView = memo(function PeerPartView({
  id,
  sourcePosition = Position.Right,
  targetPosition = Position.Left,
}: NodeProps<PeerPartFlowNode>) {
  const node = useContent(id, 'peer-part');
  const actions = useCanvasActions();
  if (!node) return null;
  const { part } = node;
  return (
    <>
      <Handle type="target" position={targetPosition} className="graph-handle graph-anchor" isConnectable={false} />
      {/* nopan: React Flow zooms on a double-click where the canvas could be panned (a node that does not move). */}
      <div className="graph-node-body nopan" onDoubleClick={() => actions.editWorkload?.(id)}>
        <NodeLabel node={node} />
        <div className="graph-node-head">
          <Icon name={part.kind === 'container' ? 'container' : (resourceTypeInfo(part.type)?.icon ?? 'generic')} />
          <span className="graph-node-name" title={`${part.name} — double-click to edit workload ${node.workload}`}>
            {part.name}
          </span>
        </div>
        <PartDetail part={part} />
      </div>
      <Handle type="source" position={sourcePosition} className="graph-handle graph-anchor" isConnectable={false} />
    </>
  );
});

function PartDetail({ part }: { part: PeerPartNode['part'] }) {
  if (part.kind === 'container') {
    return (
      <>
        <div className="graph-node-detail" title={part.image}>
          {part.image ?? <span className="muted">no image</span>}
        </div>
        {part.ports.length > 0 && <Ports label="Serves" ports={part.ports} />}
      </>
    );
  }
  return (
    <>
      <div className="graph-node-detail">
        {part.type ?? <span className="muted">no type</span>}
        {part.class !== undefined && <span className="muted"> · class {part.class}</span>}
      </div>
      {part.resourceId !== undefined && <div className="graph-node-detail muted">id {part.resourceId}</div>}
    </>
  );
}

/** The frame around the workload being edited, named by it, when the project has others. */
export const WorkloadFrameView = memo(function WorkloadFrameView({ data }: NodeProps<WorkloadFrameFlowNode>) {
  return (
    <div className="graph-frame-label">
      <Icon name="workload" />
      <span>{data.name || '(unnamed)'}</span>
      <span className="graph-node-kind">editing</span>
    </div>
  );
});
