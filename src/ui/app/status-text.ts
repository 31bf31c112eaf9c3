import type { Diagnostic } from '../../core/diagnostics';
import { exportProblemCount, exportTargetOf } from '../../core/export/compose/problems';
import type { ValidationReport } from '../../core/validate';

/**
 * The one-line verdict of the top bar: "Valid", "Valid, 1 warning", "3 errors, 1 warning", and what
 * the export would make of the workload when it would refuse or change something: "Valid ·
 * Compose export: 2 problems" (or "Kubernetes export", the target readiness checks). A valid
 * workload that does not export must not read as done.
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
  if (exportProblems === 0) return verdict;
  return `${verdict} · ${exportTargetOf(diagnostics)} export: ${plural(exportProblems, 'problem')}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
