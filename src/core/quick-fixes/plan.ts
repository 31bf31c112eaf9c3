import { builtinCatalog } from '../catalog/catalog';
import type { Diagnostic } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { parsePointer } from '../document/pointer';
import { asRecord } from '../workload/values';
import { noProvisionerFixes, unsupportedParamFixes } from './catalog-fixes';
import {
  metadataKeyFixes,
  rootFixes,
  unknownOutputFixes,
  unknownResourceFixes,
  unterminatedFixes,
} from './placeholder-fixes';
import {
  arrayFormFixes,
  cycleFixes,
  healthyFixes,
  requestAboveLimitFixes,
  selfReferenceFixes,
  unknownTargetFixes,
  unreadableModeFixes,
} from './rule-fixes';
import {
  deprecatedTargetFixes,
  enumFixes,
  nameFixes,
  patternFixes,
  requiredFixes,
  typeFixes,
  unknownFieldFixes,
} from './schema-fixes';
import { hasFixes, type FixableCode } from './codes';
import type { FixOptions, PlannedFix, Planner } from './types';

/**
 * Which diagnostics have fixes, and who plans them. A code that is not here has no fix whose intent
 * is clear: a syntax error (the document does not read, and commands edit only what reads), a
 * duplicate port, a file with two sources, a missing image or name (the value is the user's to choose).
 */
const PLANNERS: Record<FixableCode, Planner> = {
  PATTERN_MISMATCH: patternFixes,
  INVALID_NAME: nameFixes,
  UNKNOWN_FIELD: unknownFieldFixes,
  TYPE_MISMATCH: typeFixes,
  INVALID_ENUM: enumFixes,
  REQUIRED_FIELD: requiredFixes,
  DEPRECATED_TARGET: deprecatedTargetFixes,
  DEPRECATED_ARRAY_FORM: arrayFormFixes,
  HEALTHY_WITHOUT_PROBE: healthyFixes,
  BEFORE_SELF_REFERENCE: selfReferenceFixes,
  BEFORE_UNKNOWN_CONTAINER: unknownTargetFixes,
  BEFORE_CYCLE: cycleFixes,
  REQUEST_ABOVE_LIMIT: requestAboveLimitFixes,
  FILE_MODE_NOT_READABLE: unreadableModeFixes,
  UNKNOWN_RESOURCE: unknownResourceFixes,
  UNKNOWN_PLACEHOLDER_ROOT: rootFixes,
  UNKNOWN_METADATA_KEY: metadataKeyFixes,
  UNTERMINATED_PLACEHOLDER: unterminatedFixes,
  UNKNOWN_OUTPUT: unknownOutputFixes,
  NO_PROVISIONER: noProvisionerFixes,
  UNSUPPORTED_PARAM: unsupportedParamFixes,
};

/**
 * The fixes planned for one diagnostic, likeliest first, not yet run. `taken` collects the names
 * the planned fixes give, so that fixes planned together (fix all) never give the same one twice.
 */
export function planFixes(
  parsed: ParsedDocument,
  diagnostic: Diagnostic,
  options: FixOptions,
  taken: Set<string>,
): PlannedFix[] {
  const planner = hasFixes(diagnostic) ? PLANNERS[diagnostic.code as FixableCode] : undefined;
  const workload = asRecord(parsed.value);
  if (!planner || !workload || parsed.blocked) return [];
  try {
    return planner({
      parsed,
      workload,
      diagnostic,
      segments: parsePointer(diagnostic.path),
      catalog: options.catalog ?? builtinCatalog(),
      taken,
    });
  } catch {
    return []; // a planner's fault costs its fixes, never the problem list
  }
}
