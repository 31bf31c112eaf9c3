import { compareDiagnostics, type Diagnostic, type DiagnosticCode } from '../../diagnostics';

/*
 * The export's problems in a report (readiness.ts finds them for Compose, k8s/readiness.ts for
 * Kubernetes; one target at a time). Apart from both so that the page, which shows and counts them,
 * does not load an exporter to do so: the worker runs it.
 */

/**
 * Where the export stops for a cause the catalog layer names already, at the same place (or inside
 * it: a file's content in the file the export names), the catalog's
 * diagnostic (with its did-you-mean and its quick fix) stands for both, and says so.
 */
const SAME_CAUSE: Partial<Record<DiagnosticCode, DiagnosticCode>> = {
  EXPORT_NO_PROVISIONER: 'NO_PROVISIONER',
  EXPORT_UNRESOLVED: 'UNKNOWN_OUTPUT',
};
/** What a folded problem adds to the catalog's message, in the words of the export's target. */
const stopsHere = (d: Diagnostic) => ` The ${d.exportTarget ? 'Kubernetes' : 'Compose'} export stops here.`;

/**
 * The report with the Compose export's problems in place of those it held (from an earlier text,
 * or none). The verdict (`valid`, `errors`, `warnings`) stays the validation's: the workload is valid
 * Score whether or not it exports, and the status says both (ui/app/status-text.ts).
 */
export function withExportReadiness<R extends { diagnostics: Diagnostic[] }>(
  report: R,
  found: readonly Diagnostic[],
): R {
  if (found.length === 0 && !report.diagnostics.some(isExportReadiness)) return report;
  const kept = report.diagnostics.filter((d) => !(d.source === 'export' && d.code.startsWith('EXPORT_'))).map(unfold);
  const listed: Diagnostic[] = [];
  for (const problem of found) {
    const cause = SAME_CAUSE[problem.code];
    const at =
      cause === undefined
        ? -1
        : kept.findIndex((d) => d.code === cause && (d.path === problem.path || d.path.startsWith(`${problem.path}/`)));
    if (at < 0) listed.push(problem);
    else kept[at] = { ...kept[at]!, message: kept[at]!.message + stopsHere(problem), exportProblem: problem };
  }
  return { ...report, diagnostics: [...kept, ...listed].sort(compareDiagnostics) };
}

/** A problem of the export readiness checks (not the orchestrator's, which shares the source), or one standing for it. */
export function isExportReadiness(d: Diagnostic): boolean {
  return (d.source === 'export' && d.code.startsWith('EXPORT_')) || d.exportProblem !== undefined;
}

/** The Compose export's own diagnostics in a report, as readiness found them. */
export function exportFindings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(isExportReadiness).map((d) => d.exportProblem ?? d);
}

/** How many of the report's problems (errors and warnings) are the Compose export's. */
export function exportProblemCount(diagnostics: readonly Diagnostic[]): number {
  return exportFindings(diagnostics).filter((d) => d.severity !== 'info').length;
}

/**
 * The export target the report's export problems are about, as the status names it: readiness
 * checks one target at a time, and only the Kubernetes export marks its problems.
 */
export function exportTargetOf(diagnostics: readonly Diagnostic[]): 'Compose' | 'Kubernetes' {
  return exportFindings(diagnostics)[0]?.exportTarget ? 'Kubernetes' : 'Compose';
}

/** The diagnostic as its layer reported it, without the export's problem folded into it. */
function unfold(d: Diagnostic): Diagnostic {
  if (d.exportProblem === undefined) return d;
  const { exportProblem: folded, ...own } = d;
  return { ...own, message: own.message.slice(0, -stopsHere(folded).length) };
}
