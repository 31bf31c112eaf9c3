/**
 * The orchestrator's view of a workload (cappyzawa/score-orchestrator): the Workload resource it
 * takes, the platform configuration that chooses a profile and backend for it, and the readiness
 * preview — the status it would write — with every problem placed in the workload's text.
 */
export {
  exportWorkloadResource,
  validateWorkloadResource,
  type WorkloadResource,
  type WorkloadResourceExport,
  type WorkloadResourceOptions,
} from './workload-resource';
export {
  WORKLOAD_API_VERSION,
  WORKLOAD_KIND,
  WORKLOAD_RESOURCE,
  WORKLOAD_SCHEMA,
  type StructuralSchema,
} from './workload-crd';
export { validateAgainstSchema, type SchemaProblem } from './crd-schema';
export { loadOrchestratorConfig, type LoadedConfig, type OrchestratorConfig } from './config';
export { selectBackend, type Selection } from './selection';
export { previewClaims, type ClaimPhase, type ClaimPreview } from './claims';
export { projectVariables, type Projection } from './projection';
export {
  computeReady,
  normalizeCondition,
  normalizeStatus,
  CONDITION,
  type Condition,
  type ClaimSummary,
  type WorkloadStatus,
} from './status';
export { previewWorkload, type PreviewOptions, type WorkloadPreview } from './preview';
