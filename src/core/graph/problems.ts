import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { parsePointer } from '../document/pointer';
import {
  containerNodeId,
  resourceNodeId,
  startOrderEdgeId,
  WORKLOAD_ID,
  type GraphEdge,
  type GraphNode,
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
  // This runs at each check. A valid workload has nothing to attach; a few problems are found by
  // looking through the graph, and only many of them pay for lookup tables of every node, edge and
  // reference (on a large workload, building those cost more than a check's rules).
  if (diagnostics.length === 0) return;
  const tables = diagnostics.length > FEW_PROBLEMS ? lookupTables(graph, diagnostics) : undefined;
  const edgeById = (id: string): GraphEdge | undefined =>
    tables ? tables.edges.get(id) : graph.edges.find((e) => e.id === id);
  const nodeById = (id: string): GraphNode | undefined =>
    tables ? tables.nodes.get(id) : graph.nodes.find((n) => n.id === id);
  const referencesAt = (pointer: string): PlacedReference[] | undefined =>
    tables ? tables.byPointer.get(pointer) : referencesIn(graph, pointer);

  diagnostics.forEach((d, index) => {
    const problem: ProblemRef = { index, severity: d.severity, code: d.code, message: d.message };
    const owner = edgeFor(d) ?? nodeFor(d.path);
    const target = edgeById(owner) ?? nodeById(owner) ?? nodeById(WORKLOAD_ID);
    target?.problems.push(problem);
  });

  function edgeFor(d: Diagnostic): string | undefined {
    const [kind, name, field, entry] = parsePointer(d.path);
    if (kind === 'containers' && name !== undefined && field === 'before' && entry !== undefined) {
      const id = startOrderEdgeId(name, entry);
      return edgeById(id) ? id : undefined;
    }
    const candidates = referencesAt(d.path);
    if (!candidates || candidates.length === 0) return undefined;
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

/** Up to this many problems, the graph is searched for each; beyond, it is indexed once. */
const FEW_PROBLEMS = 16;

/** Where a placeholder drawing an edge stands in the text. */
interface PlacedReference {
  edgeId: string;
  start: number;
  end: number;
}

/** Nodes and edges by id, and the references at the problems' pointers (only those: most have none). */
function lookupTables(graph: WorkloadGraph, diagnostics: readonly Diagnostic[]) {
  const wanted = new Set(diagnostics.map((d) => d.path));
  const byPointer = new Map<string, PlacedReference[]>();
  for (const edge of graph.edges) {
    if (edge.kind === 'start-order') continue;
    for (const r of edge.references) {
      if (!wanted.has(r.pointer)) continue;
      const list = byPointer.get(r.pointer);
      if (list) list.push({ edgeId: edge.id, start: r.start, end: r.end });
      else byPointer.set(r.pointer, [{ edgeId: edge.id, start: r.start, end: r.end }]);
    }
  }
  return {
    nodes: new Map(graph.nodes.map((n) => [n.id, n])),
    edges: new Map(graph.edges.map((e) => [e.id, e])),
    byPointer,
  };
}

/** The references at `pointer`, found by looking through every edge. */
function referencesIn(graph: WorkloadGraph, pointer: string): PlacedReference[] {
  const found: PlacedReference[] = [];
  for (const edge of graph.edges) {
    if (edge.kind === 'start-order') continue;
    for (const r of edge.references) {
      if (r.pointer === pointer) found.push({ edgeId: edge.id, start: r.start, end: r.end });
    }
  }
  return found;
}
