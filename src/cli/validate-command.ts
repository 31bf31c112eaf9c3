import type { Diagnostic } from '../core/diagnostics';
import { MAX_TEXT_LENGTH } from '../core/document/parse';
import { validateText } from '../core/validate/index';
import type { OutputFormat } from './args';
import { decodeUtf8 } from './decode';
import { formatJson, formatSummary, formatText, type FileReport } from './format';
import type { CliIo } from './io';
import { readInput } from './read-input';
import { EXIT } from './exit-codes';

/**
 * `score-designer validate FILE...`: every file is read and checked, even after a failure, so that
 * one run shows every problem. Unreadable files are reported on stderr and make the exit status 2.
 */
export async function validateCommand(files: readonly string[], format: OutputFormat, io: CliIo): Promise<number> {
  const reports: FileReport[] = [];
  let unreadable = 0;
  for (const file of files) {
    const input = await readInput(file, io.stdin);
    if (!input.ok) {
      io.stderr.write(`score-designer: ${input.message}\n`);
      unreadable++;
      continue;
    }
    reports.push(input.tooLarge ? fileReport(file, [tooLarge(input.size)]) : validateBytes(file, input.bytes));
  }

  io.stdout.write(format === 'json' ? formatJson(reports) : formatText(reports));
  io.stderr.write(formatSummary(reports, unreadable));
  if (unreadable > 0) return EXIT.usage;
  return reports.every((r) => r.valid) ? EXIT.ok : EXIT.invalid;
}

export function validateBytes(file: string, bytes: Uint8Array): FileReport {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return fileReport(file, [decoded.diagnostic]);
  const report = validateText(decoded.text);
  return {
    file,
    diagnostics: report.diagnostics,
    valid: report.valid,
    errors: report.errors,
    warnings: report.warnings,
  };
}

function fileReport(file: string, diagnostics: Diagnostic[]): FileReport {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return { file, diagnostics, valid: errors === 0, errors, warnings };
}

function tooLarge(size: number): Diagnostic {
  return {
    severity: 'error',
    code: 'SYNTAX_ERROR',
    message: `The file is ${(size / 1048576).toFixed(1)} MB or more; a workload must be under ${MAX_TEXT_LENGTH / 1048576} MB. It was not read.`,
    path: '',
    range: { line: 1, column: 1, endLine: 1, endColumn: 1 },
    source: 'syntax',
  };
}
