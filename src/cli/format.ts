import type { Diagnostic } from '../core/diagnostics';

/**
 * How the CLI prints validation results. Text is for people and editors' problem matchers
 * (FILE:LINE:COL like compilers); JSON is for scripts. FILE is always printed exactly as given.
 */
export interface FileReport {
  file: string;
  /** In document order, errors before warnings on the same spot. */
  diagnostics: Diagnostic[];
  valid: boolean;
  errors: number;
  warnings: number;
}

export interface JsonDiagnostic {
  path: string;
  code: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface JsonFileReport {
  file: string;
  valid: boolean;
  errors: JsonDiagnostic[];
  warnings: JsonDiagnostic[];
  /** Present only when the validator produced notes of severity info. */
  info?: JsonDiagnostic[];
}

/** One line per diagnostic: `FILE:LINE:COL: SEVERITY CODE message`. Empty when there is nothing to say. */
export function formatText(reports: readonly FileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const d of report.diagnostics) {
      lines.push(`${report.file}:${d.range.line}:${d.range.column}: ${d.severity} ${d.code} ${oneLine(d.message)}`);
    }
  }
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

export function formatJson(reports: readonly FileReport[]): string {
  return JSON.stringify(reports.map(toJson), null, 2) + '\n';
}

export function toJson(report: FileReport): JsonFileReport {
  const pick = (severity: Diagnostic['severity']) =>
    report.diagnostics.filter((d) => d.severity === severity).map(jsonDiagnostic);
  const info = pick('info');
  return {
    file: report.file,
    valid: report.valid,
    errors: pick('error'),
    warnings: pick('warning'),
    ...(info.length > 0 ? { info } : {}),
  };
}

function jsonDiagnostic(d: Diagnostic): JsonDiagnostic {
  const { line, column, endLine, endColumn } = d.range;
  return { path: d.path, code: d.code, message: d.message, line, column, endLine, endColumn };
}

/** e.g. `2 files: 1 valid, 1 with errors (3 errors, 1 warning)`, plus `, 1 unreadable` when some could not be read. */
export function formatSummary(reports: readonly FileReport[], unreadable: number): string {
  const valid = reports.filter((r) => r.valid).length;
  const withErrors = reports.length - valid;
  const errors = sum(reports.map((r) => r.errors));
  const warnings = sum(reports.map((r) => r.warnings));
  const files = reports.length + unreadable;
  const parts = [`${valid} valid`, `${withErrors} with errors`];
  if (unreadable > 0) parts.push(`${unreadable} unreadable`);
  return `${plural(files, 'file')}: ${parts.join(', ')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})\n`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Keeps one diagnostic on one line, whatever the message holds. */
function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ');
}
