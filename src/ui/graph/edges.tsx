import {
  BaseEdge,
  getBezierPath,
  getStraightPath,
  Position,
  useStore,
  type EdgeProps,
  type EdgeTypes,
} from '@xyflow/react';
import { memo, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  drawnKind,
  labelLines,
  pointAt,
  READINESS_CHOICES,
  readinessWords,
  routeFrom,
  type StartOrderEdge,
} from '../../core/graph';
import { useCanvasActions } from './canvas-actions';
import { useLabelPlace } from './label-places';
import { ProblemBadge } from './nodes';
import {
  ARROW_IDS,
  type FlowEdge,
  type LinkFlowEdge,
  type MountFlowEdge,
  type StartOrderFlowEdge,
  type UsesFlowEdge,
} from './to-flow';

/**
 * The canvas's edge components: a start order (A → B, "B starts after A has started") whose
 * condition can be changed or the edge removed from the edge itself once it is selected; and the
 * edges of placeholders (outputs used) and volume mounts. Declared once and memoized.
 */

/** Beyond this span a curve costs far more to draw than it adds (long edges of large workloads): a straight line. */
const LONG_EDGE = 1200;

/**
 * The edge's path, and where its label goes: at the point of the curve the canvas placed it (clear of
 * the nodes and of other labels, see label-places.ts), on the straight line of a long edge.
 */
function pathOf(props: EdgeProps<FlowEdge>, t: number): [string, number, number] {
  const { sourceX, sourceY, targetX, targetY, sourcePosition } = props;
  // The side the edge leaves its source by says which way the graph is laid out (see toFlowNodes).
  const down = sourcePosition === Position.Bottom;
  if (Math.abs(down ? targetY - sourceY : targetX - sourceX) > LONG_EDGE) {
    const [path] = getStraightPath(props);
    return [path, sourceX + (targetX - sourceX) * t, sourceY + (targetY - sourceY) * t];
  }
  const [path] = getBezierPath(props);
  const direction = down ? 'top-to-bottom' : 'left-to-right';
  const at = pointAt(routeFrom({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }, direction), t);
  return [path, at.x, at.y];
}

/**
 * React Flow's layer for edge labels in HTML, found once per canvas. React Flow's EdgeLabelRenderer
 * does the same with a querySelector run at every change of its store, for every label it draws: on
 * a 1,000 × 1,000 workload, whose edges with problems have HTML labels, that was a tenth of the time
 * of a pan (every frame is a change of the store).
 */
function useEdgeLabelLayer(): Element | null {
  const canvas = useStore((s) => s.domNode);
  return useMemo(() => canvas?.querySelector('.react-flow__edgelabel-renderer') ?? null, [canvas]);
}

/**
 * An edge's label. Drawn as SVG text inside the edge: a label in HTML (React Flow's
 * EdgeLabelRenderer) costs each edge a lookup on every change of the canvas, which on a large
 * workload is what makes panning stutter. Only the selected edge (which gets controls) and edges with
 * problems (whose badge is a button) use HTML.
 */
function EdgeLabel({
  id,
  kind,
  x,
  y,
  text,
  selected,
  problems,
  children,
}: {
  id: string;
  kind: FlowEdge['type'];
  x: number;
  y: number;
  text: string;
  selected: boolean;
  problems: StartOrderEdge['problems'];
  children?: ReactNode;
}) {
  const actions = useCanvasActions();
  const layer = useEdgeLabelLayer();
  if (!selected && problems.length === 0) {
    const lines = labelLines(kind ?? '', text);
    return (
      <text className={`graph-edge-text ${kind ?? ''}`} x={x} y={y} textAnchor="middle" dominantBaseline="central">
        {lines.length === 1
          ? text
          : lines.map((line, i) => (
              // A line broken at a space ends with it, so that the label still reads as one sentence.
              <tspan key={i} x={x} dy={i === 0 ? `${-0.6 * (lines.length - 1)}em` : '1.2em'}>
                {line}
              </tspan>
            ))}
      </text>
    );
  }
  if (!layer) return null;
  return createPortal(
    <div
      className={`graph-edge-label ${kind ?? ''} nodrag nopan${selected ? ' selected' : ''}`}
      style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
      onClick={() => actions.select(id)}
    >
      {selected && children ? children : <span>{text}</span>}
      <ProblemBadge elementId={id} problems={problems} />
    </div>,
    layer,
  );
}

const StartOrderEdgeView = memo(function StartOrderEdgeView(props: EdgeProps<StartOrderFlowEdge>) {
  const { id, data, selected, markerEnd } = props;
  const actions = useCanvasActions();
  const [path, labelX, labelY] = pathOf(props, useLabelPlace(id));
  if (!data) return null;
  const { edge } = data;
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className="graph-edge-path" />
      <EdgeLabel
        id={id}
        kind="start-order"
        x={labelX}
        y={labelY}
        text={edge.label}
        selected={selected === true}
        problems={edge.problems}
      >
        <span className="graph-edge-editor">
          <label>
            {edge.then} starts after {edge.first}{' '}
            <select
              value={edge.ready ?? ''}
              aria-label={`When ${edge.then} starts`}
              onChange={(e) => {
                const ready = READINESS_CHOICES.find((r) => r === e.target.value);
                if (ready) actions.setCondition(edge.first, edge.then, ready);
              }}
            >
              {edge.ready === undefined && <option value="">(choose)</option>}
              {READINESS_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {readinessWords(r)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => actions.remove(id)}>
            Remove start order
          </button>
        </span>
      </EdgeLabel>
    </>
  );
});

const ReferenceEdgeView = memo(function ReferenceEdgeView(
  props: EdgeProps<UsesFlowEdge | MountFlowEdge | LinkFlowEdge>,
) {
  const { id, data, selected, markerEnd } = props;
  const [path, labelX, labelY] = pathOf(props, useLabelPlace(id));
  if (!data) return null;
  const { edge } = data;
  const kind = drawnKind(edge); // inside another workload's frame, a link is drawn as its kind there
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} className={`graph-edge-path ${kind}`} />
      <EdgeLabel
        id={id}
        kind={kind}
        x={labelX}
        y={labelY}
        text={edge.label}
        selected={selected === true}
        problems={edge.problems}
      />
    </>
  );
});

/**
 * The arrowheads of the edges, defined once for the whole canvas: edges refer to them by id. React
 * Flow's own markers would be recomputed from every edge on each change of the edges. Memoized: they
 * never change, and the canvas renders after every check.
 */
export const ArrowMarkers = memo(function ArrowMarkers() {
  const arrow = (id: string, className: string) => (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="10"
      refY="5"
      markerWidth="12"
      markerHeight="12"
      markerUnits="userSpaceOnUse"
      orient="auto-start-reverse"
    >
      <path d="M0,0 L10,5 L0,10 z" className={className} />
    </marker>
  );
  return (
    <svg className="graph-markers" aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        {arrow(ARROW_IDS.plain, 'graph-arrow')}
        {arrow(ARROW_IDS.startOrder, 'graph-arrow start-order')}
        {arrow(ARROW_IDS.problem, 'graph-arrow problem')}
      </defs>
    </svg>
  );
});

export const edgeTypes = {
  'start-order': StartOrderEdgeView,
  uses: ReferenceEdgeView,
  mount: ReferenceEdgeView,
  // Between workloads of the project: drawn as a reference is, styled apart (graph.css).
  link: ReferenceEdgeView,
} satisfies EdgeTypes;
