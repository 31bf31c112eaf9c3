import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { parsePointer } from '../document/pointer';
import {
  containerNodeId,
  resourceNodeId,
  startOrderEdgeId,
  WORKLOAD_ID,
  type GraphEdge,
  type MountEdge,
  type ProblemRef,
  type UsesEdge,
  type WorkloadGraph,
} from './types';

/**
 * Puts each diagnostic on the node or edge it concerns, as a badge:
 * - a start-order entry's problem on its edge; a placeholder's problem on the edge it draws (when
 *   the placeholder names a resource that exists, e.g. an unknown output);
 * - anything else under a container or resource on that node;
 * - the rest (metadata, service, the document as a whole) on the workload node.
 * Called once, by deriveGraph, before anyone sees the graph: its edges are fresh and take their
 * problems in place; its nodes may be those of the last check (kept while their part of the document
 * did not change), so a node with problems is replaced in the graph by a copy that has them.
 */
export function attachProblems(graph: WorkloadGraph, parsed: ParsedDocument, diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length === 0) return; // a valid workload: nothing to attach, nothing to index
  // This runs at each check. A placeholder's problem can only be on an edge drawn from the node whose
  // field holds the placeholder: only that node's edges are looked through, not every reference of a
  // large workload (which cost more than the check's rules).
  // The lookups are made when a diagnostic first needs them: most need only the nodes' ids.
  const nodes = new Set(graph.nodes.map((n) => n.id));
  let edges: Map<string, GraphEdge> | undefined;
  let drawnFrom: Map<string, Array<UsesEdge | MountEdge>> | undefined;
  const edgesById = () => (edges ??= new Map(graph.edges.map((e) => [e.id, e])));
  const edgesDrawnFrom = () => {
    if (drawnFrom) return drawnFrom;
    drawnFrom = new Map();
    for (const edge of graph.edges) {
      if (edge.kind === 'start-order' || edge.kind === 'link') continue;
      const list = drawnFrom.get(edge.source);
      if (list) list.push(edge);
      else drawnFrom.set(edge.source, [edge]);
    }
    return drawnFrom;
  };

  const onNodes = new Map<string, ProblemRef[]>();
  diagnostics.forEach((d, index) => {
    const problem: ProblemRef = { index, severity: d.severity, code: d.code, message: d.message };
    const parts = parsePointer(d.path);
    const node = nodeFor(parts[0], parts[1]);
    const edge = edgeFor(d, parts, node);
    if (edge) {
      edge.problems.push(problem);
      return;
    }
    const id = nodes.has(node) ? node : WORKLOAD_ID;
    if (!nodes.has(id)) return;
    const list = onNodes.get(id);
    if (list) list.push(problem);
    else onNodes.set(id, [problem]);
  });
  if (onNodes.size > 0) {
    graph.nodes = graph.nodes.map((n) => {
      const problems = onNodes.get(n.id);
      return problems ? { ...n, problems: [...n.problems, ...problems] } : n;
    });
  }

  function edgeFor(d: Diagnostic, [kind, name, field, entry]: string[], node: string): GraphEdge | undefined {
    if (kind === 'containers' && name !== undefined && field === 'before' && entry !== undefined) {
      return edgesById().get(startOrderEdgeId(name, entry));
    }
    const candidates = edgesDrawnFrom().get(node);
    if (!candidates) return undefined;
    // The placeholder the diagnostic's range starts in (a string may hold several). Its offset is
    // worked out only for a diagnostic at a placeholder's field: it reads the text's line index.
    let at: number | undefined;
    for (const edge of candidates) {
      for (const r of edge.references) {
        if (r.pointer !== d.path) continue;
        at ??= parsed.lines.offset(d.range.line, d.range.column);
        if (at >= r.start && at < r.end) return edge;
      }
    }
    return undefined;
  }
}

/** The node a pointer's problem belongs on: its container's or resource's, else the workload's. */
function nodeFor(kind: string | undefined, name: string | undefined): string {
  if (name !== undefined && kind === 'containers') return containerNodeId(name);
  if (name !== undefined && kind === 'resources') return resourceNodeId(name);
  return WORKLOAD_ID;
}
