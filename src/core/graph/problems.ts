import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { parsePointer } from '../document/pointer';
import {
  containerNodeId,
  resourceNodeId,
  startOrderEdgeId,
  WORKLOAD_ID,
  type ProblemRef,
  type WorkloadGraph,
} from './types';

/**
 * Puts each diagnostic on the node or edge it concerns, as a badge:
 * - a start-order entry's problem on its edge; a placeholder's problem on the edge it draws (when
 *   the placeholder names a resource that exists, e.g. an unknown output);
 * - anything else under a container or resource on that node;
 * - the rest (metadata, service, the document as a whole) on the workload node.
 * Mutates the graph's fresh nodes and edges: called once, by deriveGraph, before anyone sees them.
 */
export function attachProblems(graph: WorkloadGraph, parsed: ParsedDocument, diagnostics: readonly Diagnostic[]): void {
  // A valid workload has nothing to attach: no lookup tables are built for it (this runs at each check).
  if (diagnostics.length === 0) return;
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const edges = new Map(graph.edges.map((e) => [e.id, e]));
  const byPointer = new Map<string, Array<{ edgeId: string; start: number; end: number }>>();
  for (const edge of graph.edges) {
    if (edge.kind === 'start-order') continue;
    for (const r of edge.references) {
      const list = byPointer.get(r.pointer);
      if (list) list.push({ edgeId: edge.id, start: r.start, end: r.end });
      else byPointer.set(r.pointer, [{ edgeId: edge.id, start: r.start, end: r.end }]);
    }
  }

  diagnostics.forEach((d, index) => {
    const problem: ProblemRef = { index, severity: d.severity, code: d.code, message: d.message };
    const owner = edgeFor(d) ?? nodeFor(d.path);
    const target = edges.get(owner) ?? nodes.get(owner) ?? nodes.get(WORKLOAD_ID);
    target?.problems.push(problem);
  });

  function edgeFor(d: Diagnostic): string | undefined {
    const [kind, name, field, entry] = parsePointer(d.path);
    if (kind === 'containers' && name !== undefined && field === 'before' && entry !== undefined) {
      const id = startOrderEdgeId(name, entry);
      return edges.has(id) ? id : undefined;
    }
    const candidates = byPointer.get(d.path);
    if (!candidates) return undefined;
    // The placeholder the diagnostic's range starts in (a string may hold several).
    const at = parsed.lines.offset(d.range.line, d.range.column);
    return candidates.find((c) => at >= c.start && at < c.end)?.edgeId;
  }

  function nodeFor(path: string): string {
    const [kind, name] = parsePointer(path);
    if (name !== undefined && kind === 'containers') return containerNodeId(name);
    if (name !== undefined && kind === 'resources') return resourceNodeId(name);
    return WORKLOAD_ID;
  }
}
