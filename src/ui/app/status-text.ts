import type { Diagnostic } from '../../core/diagnostics';
import { exportProblemCount, exportTargetOf } from '../../core/export/compose/problems';
import type { ValidationReport } from '../../core/validate';

/**
 * The one-line verdict of the top bar: "Valid", "Valid, 1 warning", "3 errors, 1 warning", and what
 * the export would make of the workload when it would refuse or change something: "Valid ·
 * Compose export: 2 problems" (or "Kubernetes export", the target readiness checks), and what the
 * platform's policies say: "Valid · Policy: 1 error". A valid workload that does not export, or that
 * the platform would refuse, must not read as done.
 */
export function statusText({
  errors,
  warnings,
  diagnostics = [],
}: Pick<ValidationReport, 'errors' | 'warnings'> & { diagnostics?: readonly Diagnostic[] }): string {
  const warningText = warnings > 0 ? plural(warnings, 'warning') : '';
  const verdict =
    errors === 0
      ? warningText
        ? `Valid, ${warningText}`
        : 'Valid'
      : [plural(errors, 'error'), warningText].filter(Boolean).join(', ');
  const exportProblems = exportProblemCount(diagnostics);
  const withExport =
    exportProblems > 0
      ? `${verdict} · ${exportTargetOf(diagnostics)} export: ${plural(exportProblems, 'problem')}`
      : verdict;
  return withPolicy(withExport, diagnostics);
}

/** What the platform's admission policies say (while the orchestrator's view is on): "· Policy: 1 error, 1 warning". */
function withPolicy(text: string, diagnostics: readonly Diagnostic[]): string {
  const said = (['error', 'warning'] as const).flatMap((severity) => {
    const n = diagnostics.filter((d) => d.source === 'policy' && d.severity === severity).length;
    return n > 0 ? [plural(n, severity)] : [];
  });
  return said.length > 0 ? `${text} · Policy: ${said.join(', ')}` : text;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
