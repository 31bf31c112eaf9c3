import type { Diagnostic, DiagnosticCode, Severity } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { rangeOf, type RangePart } from '../../document/source-map';

/** Helpers the semantic rules share. */

export function ruleDiagnostic(
  parsed: ParsedDocument,
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  pointer: string,
  part: RangePart = 'value',
): Diagnostic {
  return { severity, code, message, path: pointer, range: rangeOf(parsed, pointer, part), source: 'rules' };
}
