/**
 * A diagnostic is one problem found in a workload, in the shape every view shows it:
 * the Problems panel, a Monaco marker, a node badge, the line under a form field and the CLI.
 * Codes extend the workloads API's ValidationResult codes (PATTERN_MISMATCH, REQUIRED_FIELD, …).
 */
export type Severity = 'error' | 'warning' | 'info';

/**
 * Which validation layer found the problem; layers run in this order. `export` is what an export
 * target cannot hold or would refuse (the Compose export after each check, the orchestrator's
 * Workload resource); `policy` what the
 * platform's admission policies say of it; `orchestrator` what the platform would do with it
 * (profile and backend, claims, outputs), as its readiness preview shows; `import` what reading a
 * Docker Compose file as Score could not carry over.
 */
export type DiagnosticSource =
  'syntax' | 'schema' | 'rules' | 'catalog' | 'export' | 'policy' | 'orchestrator' | 'import';

/** A place in the text: 1-based lines and columns, end exclusive (as Monaco counts). */
export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export type DiagnosticCode =
  // syntax layer
  | 'SYNTAX_ERROR'
  | 'DUPLICATE_KEY'
  | 'MULTIPLE_DOCUMENTS'
  | 'EMPTY_DOCUMENT'
  | 'NOT_A_MAPPING'
  | 'TOO_MANY_ALIASES'
  | 'ALIAS_CYCLE'
  | 'UNKNOWN_ANCHOR'
  | 'NESTING_TOO_DEEP'
  | 'BINARY_CONTENT'
  | 'INVALID_ENCODING'
  | 'YAML_WARNING'
  // schema layer (the API's codes first)
  | 'REQUIRED_FIELD'
  | 'PATTERN_MISMATCH'
  | 'VALUE_OUT_OF_RANGE'
  | 'TYPE_MISMATCH'
  | 'UNKNOWN_FIELD'
  | 'INVALID_ENUM'
  | 'INVALID_NAME'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  | 'TOO_FEW_ITEMS'
  | 'AMBIGUOUS_FILE_SOURCE'
  | 'MISSING_FILE_SOURCE'
  | 'MISSING_PROBE_ACTION'
  | 'DEPRECATED_TARGET'
  | 'SCHEMA_VIOLATION'
  // semantic rules
  | 'INVALID_PLACEHOLDER'
  | 'UNKNOWN_PLACEHOLDER_ROOT'
  | 'UNKNOWN_METADATA_KEY'
  | 'UNKNOWN_RESOURCE'
  | 'MISSING_OUTPUT_KEY'
  | 'BEFORE_UNKNOWN_CONTAINER'
  | 'BEFORE_SELF_REFERENCE'
  | 'BEFORE_CYCLE'
  | 'HEALTHY_WITHOUT_PROBE'
  | 'DUPLICATE_PORT'
  | 'REQUEST_ABOVE_LIMIT'
  | 'DEPRECATED_ARRAY_FORM'
  | 'VOLUME_SOURCE_NOT_RESOURCE'
  | 'UNTERMINATED_PLACEHOLDER'
  | 'FILE_SOURCE_NOT_LOCAL'
  | 'FILE_MODE_NOT_READABLE'
  // catalog layer (what the loaded provisioners say)
  | 'NO_PROVISIONER'
  | 'UNKNOWN_OUTPUT'
  | 'UNSUPPORTED_PARAM'
  | 'MISSING_PARAM'
  | 'PROVISIONER_CANNOT_RUN'
  // export layer: the orchestrator's Workload resource
  | 'NOT_IN_WORKLOAD_RESOURCE'
  | 'TOO_MANY_ITEMS'
  | 'CEL_RULE_VIOLATION'
  | 'CEL_RULE_ERROR'
  // export layer: the Compose export, as score-compose would run it (export/compose/readiness.ts)
  | 'EXPORT_NO_PROVISIONER'
  | 'EXPORT_PROVISIONER_FAILED'
  | 'EXPORT_UNRESOLVED'
  | 'EXPORT_FAILS'
  | 'EXPORT_CHANGED'
  // policy layer: admission policies (ValidatingAdmissionPolicy)
  | 'POLICY_VIOLATION'
  | 'POLICY_EVALUATION_ERROR'
  | 'POLICY_PARAMS_NOT_FOUND'
  // orchestrator layer: the platform's readiness preview
  | 'PROFILE_NOT_FOUND'
  | 'NO_BACKEND'
  | 'CLAIM_NOT_PROVISIONED'
  | 'CLASS_NOT_OFFERED'
  | 'UNRESOLVED_PLACEHOLDER'
  // import (a Docker Compose file read as Score workloads)
  | 'COMPOSE_INVALID'
  | 'COMPOSE_NOT_CONVERTED'
  | 'COMPOSE_CHANGED';

export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  /** Names the field, says what is wrong and what would fix it. */
  message: string;
  /** JSON Pointer (RFC 6901) of the field concerned; '' is the whole document. */
  path: string;
  range: TextRange;
  source: DiagnosticSource;
  /**
   * The Compose export's problem this diagnostic also stands for, when the export stops where another
   * layer found the cause already (a resource no provisioner takes, an output its provisioner does not
   * give): one problem is listed, with its fix, and counted as the export's (export/compose/problems.ts).
   */
  exportProblem?: Diagnostic;
  /**
   * The export target an `export` problem is about, when it is not Compose: the Kubernetes export's
   * readiness (export/k8s/readiness.ts) marks its problems so that the status names its target.
   */
  exportTarget?: 'kubernetes';
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Document order, then errors before warnings: the order the Problems panel and CLI print. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    a.range.line - b.range.line ||
    a.range.column - b.range.column ||
    severityRank[a.severity] - severityRank[b.severity] ||
    a.path.localeCompare(b.path) ||
    a.code.localeCompare(b.code)
  );
}
