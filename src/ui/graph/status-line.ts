import type { WorkloadGraph } from '../../core/graph';

/**
 * The canvas's status line: how many parts are selected together (the inspector and the YAML pane
 * show the first), or what was just done to them (a copy).
 */
export function statusLine(
  graph: WorkloadGraph,
  selectedIds: readonly string[],
  said: { text: string; for: readonly string[] } | null,
): string {
  if (said && said.for === selectedIds) return said.text;
  const nodes = selectedIds.filter((id) => graph.nodes.some((n) => n.id === id));
  if (nodes.length < 2) return '';
  const first = graph.nodes.find((n) => n.id === nodes[0]);
  return `${nodes.length} selected; the inspector shows ${first?.kind ?? ''} ${first?.name ?? ''}.`;
}
