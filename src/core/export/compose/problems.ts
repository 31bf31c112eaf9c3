import { compareDiagnostics, type Diagnostic } from '../../diagnostics';

/*
 * The Compose export's problems in a report (readiness.ts finds them). Apart from readiness.ts so
 * that the page, which shows and counts them, does not load the exporter to do so: the worker runs it.
 */

/**
 * The report with the Compose export's problems in place of those it held (from an earlier text,
 * or none). The verdict (`valid`, `errors`, `warnings`) stays the validation's: the workload is valid
 * Score whether or not it exports, and the status says both (ui/app/status-text.ts).
 */
export function withExportReadiness<R extends { diagnostics: Diagnostic[] }>(
  report: R,
  found: readonly Diagnostic[],
): R {
  const kept = report.diagnostics.filter((d) => !isExportReadiness(d));
  if (kept.length === report.diagnostics.length && found.length === 0) return report;
  return { ...report, diagnostics: [...kept, ...found].sort(compareDiagnostics) };
}

/** A problem the Compose export's readiness reported (not the orchestrator's, which shares the source). */
export function isExportReadiness(d: Diagnostic): boolean {
  return d.source === 'export' && d.code.startsWith('EXPORT_');
}

/** How many of the report's problems (errors and warnings) are the Compose export's. */
export function exportProblemCount(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.filter((d) => isExportReadiness(d) && d.severity !== 'info').length;
}
