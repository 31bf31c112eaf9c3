import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { memo, useEffect, useRef, useState } from 'react';
import { problemCount, resourceTypeInfo, type ContainerNode, type ProblemRef } from '../../core/graph';
import { shortcutText } from '../intents/keys';
import { intents } from '../intents/table';
import { useCanvasActions } from './canvas-actions';
import { Icon } from './icons';
import { NodeLabel, Ports, useContent } from './node-parts';
import { PeerNodeView, PeerPartView, WorkloadFrameView } from './project-nodes';
import type { ContainerFlowNode, ResourceFlowNode, WorkloadFlowNode } from './to-flow';

/**
 * The canvas's node components. Declared once, outside any component, and memoized (React Flow's
 * guidance). What a node shows comes from NodeContent by its id, not from React Flow's data (which
 * holds only its state): a YAML edit re-renders only the nodes whose content changed.
 */

const WorkloadNodeView = memo(function WorkloadNodeView({ id, data }: NodeProps<WorkloadFlowNode>) {
  const node = useContent(id, 'workload');
  const { renaming } = data;
  if (!node) return null;
  return (
    <>
      {/* Where a link from another workload of the project (drawn to the right, see project-layout.ts) to
          one of its ports ends; nothing connects from it. */}
      <Handle type="target" position={Position.Right} className="graph-handle graph-anchor" isConnectable={false} />
      <div className="graph-node-body">
        <NodeLabel node={node} />
        <div className="graph-node-head">
          <Icon name="workload" />
          <span className="graph-node-kind">Workload</span>
          <NodeName id={id} name={node.name} renaming={renaming} fallback="(unnamed)" />
          <ProblemBadge elementId={id} problems={node.problems} />
        </div>
        {node.ports.length > 0 && <Ports label="Service ports" ports={node.ports} />}
      </div>
    </>
  );
});

const ContainerNodeView = memo(function ContainerNodeView({
  id,
  data,
  sourcePosition = Position.Right,
  targetPosition = Position.Left,
}: NodeProps<ContainerFlowNode>) {
  const node = useContent(id, 'container');
  const { renaming } = data;
  if (!node) return null;
  return (
    <>
      <Handle type="target" position={targetPosition} className="graph-handle" />
      <div className="graph-node-body">
        <NodeLabel node={node} />
        <div className="graph-node-head">
          <Icon name="container" />
          <NodeName id={id} name={node.name} renaming={renaming} />
          <ProblemBadge elementId={id} problems={node.problems} />
        </div>
        <div className="graph-node-detail" title={node.image}>
          {node.image ?? <span className="muted">no image</span>}
        </div>
        {node.ports.length > 0 && <Ports label="Serves" ports={node.ports} />}
        {(node.init || node.probes.liveness || node.probes.readiness) && (
          <div className="graph-tags">
            {node.init && (
              <span className="graph-tag" title="Runs to completion before the containers it starts before">
                init
              </span>
            )}
            {(node.probes.liveness || node.probes.readiness) && (
              <span className="graph-tag" title={probeTitle(node.probes)}>
                probe
              </span>
            )}
          </div>
        )}
      </div>
      <Handle type="source" position={sourcePosition} className="graph-handle" />
    </>
  );
});

const ResourceNodeView = memo(function ResourceNodeView({
  id,
  data,
  sourcePosition = Position.Right,
  targetPosition = Position.Left,
}: NodeProps<ResourceFlowNode>) {
  const node = useContent(id, 'resource');
  const { renaming } = data;
  if (!node) return null;
  const info = resourceTypeInfo(node.type);
  return (
    <>
      <Handle type="target" position={targetPosition} className="graph-handle" />
      <div className="graph-node-body">
        <NodeLabel node={node} />
        <div className="graph-node-head">
          <Icon name={info?.icon ?? 'generic'} />
          <NodeName id={id} name={node.name} renaming={renaming} />
          <ProblemBadge elementId={id} problems={node.problems} />
        </div>
        <div className="graph-node-detail">
          {node.type ?? <span className="muted">no type</span>}
          {node.class !== undefined && <span className="muted"> · class {node.class}</span>}
        </div>
        {node.resourceId !== undefined && (
          <div className="graph-node-detail muted">
            {/* Beside its id, not beside the name: the name has the head's width to itself. */}
            {node.shared && (
              <span className="graph-tag shared" title={`Shared across workloads: id ${node.resourceId}`}>
                shared
              </span>
            )}{' '}
            id {node.resourceId}
          </div>
        )}
      </div>
      {/* Where the edges of its params' references to other resources start (a dns zone's parent, say):
          an edge is drawn only from a source handle. Not one to drag from: connections start at a container. */}
      <Handle type="source" position={sourcePosition} className="graph-handle graph-anchor" isConnectable={false} />
    </>
  );
});

export const nodeTypes = {
  workload: WorkloadNodeView,
  container: ContainerNodeView,
  resource: ResourceNodeView,
  peer: PeerNodeView,
  'peer-part': PeerPartView,
  'workload-frame': WorkloadFrameView,
} satisfies NodeTypes;

function probeTitle(probes: ContainerNode['probes']): string {
  const kinds = [probes.readiness && 'readiness', probes.liveness && 'liveness'].filter(Boolean);
  return `Has a ${kinds.join(' and a ')} probe`;
}

/** The node's name; double-click (or F2 on the node) renames it in place. */
function NodeName({
  id,
  name,
  renaming,
  fallback,
}: {
  id: string;
  name: string;
  renaming: boolean;
  fallback?: string;
}) {
  const actions = useCanvasActions();
  if (renaming) return <RenameField id={id} name={name} />;
  return (
    <span
      className="graph-node-name"
      // The whole name (shown whole, wrapped, but also here for a look from far), and how to change it.
      title={`${name || fallback || ''} — double-click or press ${shortcutText(intents.rename.keys)} to rename`}
      onDoubleClick={() => actions.startRename(id)}
    >
      {name || fallback}
    </span>
  );
}

function RenameField({ id, name }: { id: string; name: string }) {
  const actions = useCanvasActions();
  const [value, setValue] = useState(name);
  const finished = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // A node just made is hidden until React Flow has measured it, and a hidden field cannot take the
  // focus: try again for a few frames.
  useEffect(() => {
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const field = input.current;
      if (!field || document.activeElement === field) return;
      field.focus();
      if (document.activeElement === field) field.select();
      else if (++tries < 30) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, []);
  const commit = (refocus = false): boolean => {
    const ok = actions.commitRename(id, value.trim(), refocus);
    finished.current = ok;
    return ok;
  };
  return (
    <input
      ref={input}
      className="graph-rename nodrag"
      aria-label={`New name for ${name || 'the workload'}`}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        e.stopPropagation(); // the canvas's keys (Delete, C, arrows) do not apply while typing a name
        // Ended from the keyboard, the focus goes back to the node (the field leaves the page with it).
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finished.current = true;
          actions.cancelRename(id);
        }
      }}
      onBlur={() => {
        if (!finished.current && !commit()) actions.cancelRename();
      }}
    />
  );
}

/** The node's problems: a badge that opens the first of them. */
export function ProblemBadge({ elementId, problems }: { elementId: string; problems: readonly ProblemRef[] }) {
  const actions = useCanvasActions();
  if (problems.length === 0) return null;
  const worst = problems.some((p) => p.severity === 'error')
    ? 'error'
    : problems.some((p) => p.severity === 'warning')
      ? 'warning'
      : 'info';
  return (
    <button
      type="button"
      className={`graph-badge ${worst} nodrag nopan`}
      title={problems.map((p) => p.message).join('\n\n')}
      aria-label={`${problemCount(problems)}, show the first`}
      onClick={(e) => {
        e.stopPropagation();
        actions.openProblem(elementId);
      }}
    >
      <span aria-hidden="true">{worst === 'error' ? '✕' : worst === 'warning' ? '!' : 'i'}</span> {problems.length}
    </button>
  );
}
