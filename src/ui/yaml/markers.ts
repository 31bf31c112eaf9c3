import type { Diagnostic, Severity } from '../../core/diagnostics';

/** The shape of a Monaco marker (IMarkerData), kept free of Monaco so that it can be tested in Node. */
export interface MarkerData {
  severity: number;
  message: string;
  code: string;
  source: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** The markers owner: our diagnostics are the only markers in the YAML pane (monaco-yaml's validation is off). */
export const MARKER_OWNER = 'score';

/**
 * Our diagnostics as Monaco markers, at their exact ranges (both count 1-based, end exclusive, in
 * UTF-16 units). An empty range is widened to one character so that the squiggle is visible.
 */
export function toMarkers(
  diagnostics: readonly Diagnostic[],
  severities: Record<Severity, number>,
  lineLength: (line: number) => number,
): MarkerData[] {
  return diagnostics.map((d) => {
    const { line, column, endLine, endColumn } = d.range;
    const empty = line === endLine && column === endColumn;
    const widened = empty && column <= lineLength(line) ? column + 1 : endColumn;
    return {
      severity: severities[d.severity],
      message: d.message,
      code: d.code,
      source: 'Score',
      startLineNumber: line,
      startColumn: column,
      endLineNumber: endLine,
      endColumn: widened,
    };
  });
}
