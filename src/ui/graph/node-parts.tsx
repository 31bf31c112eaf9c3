import { accessibleName, type GraphNode, type PortSummary } from '../../core/graph';
import { useNodeContent } from './node-content';
import { nodeLabelId } from './to-flow';

/** What the canvas's node components share (nodes.tsx, and project-nodes.tsx for the project's). */

/** The node's content, when it is of the kind its component draws. */
export function useContent<K extends GraphNode['kind']>(
  id: string,
  kind: K,
): Extract<GraphNode, { kind: K }> | undefined {
  const node = useNodeContent(id);
  return node?.kind === kind ? (node as Extract<GraphNode, { kind: K }>) : undefined;
}

/**
 * The node's accessible name (the node's wrapper is labelled by it): out of the page's flow and of
 * what a screen reader reads inside the node, where the same facts are shown.
 */
export function NodeLabel({ node }: { node: GraphNode }) {
  return (
    <>
      <span id={nodeLabelId(node.id)} hidden>
        {accessibleName(node)}
      </span>
      {/* The name drawn large when the canvas is seen from far (graph.css, data-overview), in place of
          details too small to read. Screen readers have the name already. */}
      <span className="graph-node-overview" aria-hidden="true">
        {node.name || '(unnamed)'}
      </span>
    </>
  );
}

/** A node's service ports: `web 80→8080/TCP`. */
export function Ports({ label, ports }: { label: string; ports: PortSummary[] }) {
  return (
    <div className="graph-node-detail graph-ports">
      {label}:{' '}
      {ports.map((p, i) => (
        <span key={p.name} className="graph-port">
          {i > 0 && ', '}
          {p.name} {p.port}
          {p.targetPort !== p.port ? `→${p.targetPort}` : ''}/{p.protocol}
        </span>
      ))}
    </div>
  );
}
