import type { Diagnostic, DiagnosticSource, Severity } from '../../core/diagnostics';

/**
 * What the Problems list shows of the workload's problems: some severities, one layer that found
 * them (syntax, schema, rules, catalog, export, policy…), those whose words hold a text, those of
 * the selected part. The list is a view: F8 and the other views still see every problem.
 */
export interface ProblemFilter {
  severities: readonly Severity[];
  source: DiagnosticSource | 'all';
  text: string;
  /** Only the problems of the selected part (its field and everything inside it). */
  selectedOnly: boolean;
}

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** The layers in the order they run (core/diagnostics), which is the order the filter lists them. */
export const SOURCES: readonly DiagnosticSource[] = [
  'syntax',
  'schema',
  'rules',
  'catalog',
  'export',
  'policy',
  'orchestrator',
  'import',
];

export const SOURCE_LABELS: Record<DiagnosticSource, string> = {
  syntax: 'Syntax',
  schema: 'Schema',
  rules: 'Rules',
  catalog: 'Catalog',
  export: 'Export',
  policy: 'Policy',
  orchestrator: 'Orchestrator',
  import: 'Import',
};

export const NO_FILTER: ProblemFilter = { severities: SEVERITIES, source: 'all', text: '', selectedOnly: false };

export function isFiltering(filter: ProblemFilter): boolean {
  return (
    filter.severities.length !== SEVERITIES.length ||
    filter.source !== 'all' ||
    filter.text.trim() !== '' ||
    filter.selectedOnly
  );
}

/**
 * Whether a problem belongs to a layer: its own, or the export's when it also stands for an export
 * problem (a resource no provisioner takes is the catalog's finding and the export's).
 */
function fromSource(d: Diagnostic, source: DiagnosticSource): boolean {
  return d.source === source || d.exportProblem?.source === source;
}

/** Whether `path` is the selected part or inside it ('' selects the whole workload). */
function inside(path: string, selected: string): boolean {
  return selected === '' || path === selected || path.startsWith(`${selected}/`);
}

/** The indices (into `diagnostics`) of the problems the filter shows, in their order. */
export function filterProblems(
  diagnostics: readonly Diagnostic[],
  filter: ProblemFilter,
  selectedPointer: string | undefined,
): number[] {
  const words = filter.text.trim().toLowerCase();
  const shown: number[] = [];
  diagnostics.forEach((d, i) => {
    if (!filter.severities.includes(d.severity)) return;
    if (filter.source !== 'all' && !fromSource(d, filter.source)) return;
    if (filter.selectedOnly && selectedPointer !== undefined && !inside(d.path, selectedPointer)) return;
    if (words !== '' && !`${d.message}\n${d.code}\n${d.path}`.toLowerCase().includes(words)) return;
    shown.push(i);
  });
  return shown;
}

/** How many problems each layer found, for the layers that found any, in their order. */
export function countsBySource(diagnostics: readonly Diagnostic[]): Array<[DiagnosticSource, number]> {
  return SOURCES.map((s): [DiagnosticSource, number] => [s, diagnostics.filter((d) => fromSource(d, s)).length]).filter(
    ([, n]) => n > 0,
  );
}

export function countsBySeverity(diagnostics: readonly Diagnostic[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}
