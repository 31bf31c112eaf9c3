import type { Diagnostic, DiagnosticCode } from '../diagnostics';

/**
 * The codes of the diagnostics that have quick fixes (plan.ts gives each its planner; the types hold
 * the two lists equal). Apart from the planners, so that a view can mark a fixable problem without
 * loading them: the app's first page shows the Problems panel, and the planners load with the fixes.
 */
export const FIXABLE_CODES = [
  'PATTERN_MISMATCH',
  'INVALID_NAME',
  'UNKNOWN_FIELD',
  'TYPE_MISMATCH',
  'INVALID_ENUM',
  'REQUIRED_FIELD',
  'DEPRECATED_TARGET',
  'DEPRECATED_ARRAY_FORM',
  'HEALTHY_WITHOUT_PROBE',
  'BEFORE_SELF_REFERENCE',
  'BEFORE_UNKNOWN_CONTAINER',
  'BEFORE_CYCLE',
  'REQUEST_ABOVE_LIMIT',
  'FILE_MODE_NOT_READABLE',
  'UNKNOWN_RESOURCE',
  'UNKNOWN_PLACEHOLDER_ROOT',
  'UNKNOWN_METADATA_KEY',
  'UNTERMINATED_PLACEHOLDER',
  'UNKNOWN_OUTPUT',
  'NO_PROVISIONER',
  'UNSUPPORTED_PARAM',
] as const satisfies readonly DiagnosticCode[];

export type FixableCode = (typeof FIXABLE_CODES)[number];

const fixable: ReadonlySet<string> = new Set(FIXABLE_CODES);

/** Whether a diagnostic's code has fixes at all (a cheap test, for a lightbulb; fixesFor says which). */
export function hasFixes(diagnostic: Pick<Diagnostic, 'code'>): boolean {
  return fixable.has(diagnostic.code);
}
