import { catalogRules } from '../catalog/validate';
import type { Catalog } from '../catalog/types';
import { compareDiagnostics, type Diagnostic } from '../diagnostics';
import { capRepeated } from './capped';
import { reparseWorkloadText } from '../document/incremental';
import type { ParsedDocument } from '../document/parse';
import { runRules } from './rules';
import { validateSchema } from './schema';

/**
 * Validation in layers, as the Score toolchain does it: YAML syntax → JSON Schema → semantic rules,
 * then (when a resource catalog is given) what its provisioners say about the resources.
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

export interface ValidationOptions {
  /** The active resource catalog: adds the 'catalog' layer (warnings about provisioners, params, outputs). */
  catalog?: Catalog;
  /**
   * The reading of an earlier version of the text (the last one checked): the parts the edit did not
   * touch are reused instead of parsed again (see document/incremental.ts). The report is the same.
   */
  previous?: ParsedDocument;
}

export function validateParsed(parsed: ParsedDocument, options: ValidationOptions = {}): ValidationReport {
  const diagnostics = [...parsed.syntax];
  if (!parsed.blocked) {
    diagnostics.push(...validateSchema(parsed));
    diagnostics.push(...runRules(parsed));
    if (options.catalog) diagnostics.push(...catalogLayer(parsed, options.catalog));
  }
  diagnostics.sort(compareDiagnostics);
  // Counted whole, listed capped: the verdict says how many there are, the list shows each kind's first ones.
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return { parsed, diagnostics: capRepeated(diagnostics), valid: errors === 0, errors, warnings };
}

export function validateText(text: string, options: ValidationOptions = {}): ValidationReport {
  return validateParsed(reparseWorkloadText(options.previous, text), options);
}

/** Like a rule, the catalog layer must not hide the other layers' findings if it has a bug. */
function catalogLayer(parsed: ParsedDocument, catalog: Catalog): Diagnostic[] {
  try {
    return catalogRules(parsed, catalog);
  } catch {
    return [];
  }
}
