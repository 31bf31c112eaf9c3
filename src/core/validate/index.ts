import { compareDiagnostics, type Diagnostic } from '../diagnostics';
import { parseWorkloadText, type ParsedDocument } from '../document/parse';
import { runRules } from './rules';
import { validateSchema } from './schema';

/**
 * Validation in layers, as the Score toolchain does it: YAML syntax → JSON Schema → semantic rules.
 * A syntax error stops the later layers (their input would be a guess); schema errors do not stop
 * the rules, so that the user sees every problem at once. Rules are written to tolerate any shape.
 */
export interface ValidationReport {
  parsed: ParsedDocument;
  /** Every diagnostic, in document order. */
  diagnostics: Diagnostic[];
  valid: boolean;
  errors: number;
  warnings: number;
}

export function validateParsed(parsed: ParsedDocument): ValidationReport {
  const diagnostics = [...parsed.syntax];
  if (!parsed.blocked) {
    diagnostics.push(...validateSchema(parsed));
    diagnostics.push(...runRules(parsed));
  }
  diagnostics.sort(compareDiagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return { parsed, diagnostics, valid: errors === 0, errors, warnings };
}

export function validateText(text: string): ValidationReport {
  return validateParsed(parseWorkloadText(text));
}
