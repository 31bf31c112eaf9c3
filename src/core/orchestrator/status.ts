import { isRecord } from '../workload/values';
import type { ClaimPhase } from './claims';

/**
 * The status a Workload shows its user, in the orchestrator's abstract vocabulary: four conditions
 * (InputsValid, ClaimsReady, RuntimeReady, Ready), a summary per claim, one endpoint. The vocabulary
 * was renamed once (ADR-0003): ClaimsReady was BindingsReady, ClaimPending/ClaimFailed were
 * BindingPending/BindingFailed, the claims summary was `bindings[]` and the phase Claiming was
 * Binding. A status in either vocabulary is read here (normalizeStatus), as are the runtime's own
 * condition names the orchestrator maps when it mirrors them (Available → RuntimeReady, …).
 */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface Condition {
  type: string;
  status: ConditionStatus;
  reason: string;
  message: string;
}

export interface ClaimSummary {
  key: string;
  phase: ClaimPhase;
  reason?: string;
  message?: string;
  outputsAvailable?: boolean;
}

export interface WorkloadStatus {
  conditions: Condition[];
  claims: ClaimSummary[];
  endpoint?: string;
}

export const CONDITION = {
  inputsValid: 'InputsValid',
  claimsReady: 'ClaimsReady',
  runtimeReady: 'RuntimeReady',
  ready: 'Ready',
} as const;

/** Older and runtime condition types → the abstract ones (types not listed are kept as they are). */
const TYPES: Record<string, string> = {
  BindingsReady: 'ClaimsReady',
  Available: 'RuntimeReady',
  Deployed: 'RuntimeReady',
  Active: 'RuntimeReady',
  Healthy: 'RuntimeReady',
  Running: 'RuntimeReady',
  Progressing: 'RuntimeReady',
  Valid: 'InputsValid',
  Validated: 'InputsValid',
  SpecValid: 'InputsValid',
  Bound: 'ClaimsReady',
  Provisioned: 'ClaimsReady',
  ResourceReady: 'ClaimsReady',
};

/** The renamed reasons (a claim's own reasons are otherwise its provisioner's, kept as they are). */
const RENAMED_REASONS: Record<string, string> = { BindingPending: 'ClaimPending', BindingFailed: 'ClaimFailed' };

/** Older and runtime reasons of conditions → the abstract ones (reasons not listed are kept as they are). */
const REASONS: Record<string, string> = {
  ...RENAMED_REASONS,
  Pending: 'ClaimPending',
  Waiting: 'ClaimPending',
  Provisioning: 'ClaimPending',
  ProvisioningFailed: 'ClaimFailed',
  ResourceUnavailable: 'ClaimFailed',
  Ready: 'Succeeded',
  Available: 'Succeeded',
  Deployed: 'Succeeded',
  Active: 'Succeeded',
  Healthy: 'Succeeded',
  Running: 'Succeeded',
  InvalidSpec: 'SpecInvalid',
  ValidationError: 'SpecInvalid',
  SchemaViolation: 'SpecInvalid',
  InvalidConfiguration: 'SpecInvalid',
  SecurityViolation: 'PolicyViolation',
  ComplianceFailure: 'PolicyViolation',
  AdmissionDenied: 'PolicyViolation',
  TransformationError: 'ProjectionError',
  MappingError: 'ProjectionError',
  Selecting: 'RuntimeSelecting',
  Degraded: 'RuntimeDegraded',
  Unavailable: 'RuntimeDegraded',
  Failed: 'RuntimeDegraded',
  ResourceQuotaExceeded: 'QuotaExceeded',
  LimitExceeded: 'QuotaExceeded',
  Forbidden: 'PermissionDenied',
  Unauthorized: 'PermissionDenied',
  AccessDenied: 'PermissionDenied',
  NetworkError: 'NetworkUnavailable',
  ConnectivityError: 'NetworkUnavailable',
  DNSError: 'NetworkUnavailable',
};

const PHASES: Record<string, ClaimPhase> = {
  Pending: 'Pending',
  Claiming: 'Claiming',
  Binding: 'Claiming',
  Bound: 'Bound',
  Failed: 'Failed',
};

export function normalizeCondition(condition: Condition): Condition {
  return {
    ...condition,
    type: TYPES[condition.type] ?? condition.type,
    reason: REASONS[condition.reason] ?? condition.reason,
  };
}

/**
 * A status as a cluster returned it (`kubectl get workload -o yaml`), in either vocabulary, read into
 * the current one. What is not a condition or a claim is left out.
 */
export function normalizeStatus(status: unknown): WorkloadStatus {
  const data = isRecord(status) ? status : {};
  const conditions = (Array.isArray(data.conditions) ? data.conditions : []).filter(isRecord).map((c) =>
    normalizeCondition({
      type: String(c.type ?? ''),
      status: c.status === 'True' || c.status === 'False' ? c.status : 'Unknown',
      reason: String(c.reason ?? ''),
      message: String(c.message ?? ''),
    }),
  );
  const summaries = Array.isArray(data.claims) ? data.claims : Array.isArray(data.bindings) ? data.bindings : [];
  const claims = summaries.filter(isRecord).map((c): ClaimSummary => ({
    key: String(c.key ?? ''),
    // An empty phase reads as Pending, as the orchestrator summarises it.
    phase: PHASES[String(c.phase ?? '')] ?? 'Pending',
    ...(typeof c.reason === 'string' ? { reason: RENAMED_REASONS[c.reason] ?? c.reason } : {}),
    ...(typeof c.message === 'string' ? { message: c.message } : {}),
    ...(typeof c.outputsAvailable === 'boolean' ? { outputsAvailable: c.outputsAvailable } : {}),
  }));
  return { conditions, claims, ...(typeof data.endpoint === 'string' ? { endpoint: data.endpoint } : {}) };
}

/**
 * Ready = InputsValid ∧ ClaimsReady ∧ RuntimeReady, the orchestrator's rule: the first of the three
 * (in that order) that is not True decides. One that is False passes on its reason; one that is
 * missing or Unknown gives the waiting reason of its stage (SpecInvalid, ClaimPending,
 * RuntimeProvisioning). Conditions in the older vocabulary are read too.
 */
export function computeReady(conditions: readonly Condition[]): Condition {
  const current = conditions.map(normalizeCondition);
  const find = (type: string) => current.find((c) => c.type === type);
  const stages = [
    {
      type: CONDITION.inputsValid,
      waiting: 'SpecInvalid',
      pending: 'The workload has not been validated yet.',
      failed: 'The workload is not valid',
    },
    {
      type: CONDITION.claimsReady,
      waiting: 'ClaimPending',
      pending: 'Resource claims are being provisioned.',
      failed: 'Resource claims are not ready',
    },
    {
      type: CONDITION.runtimeReady,
      waiting: 'RuntimeProvisioning',
      pending: 'The runtime is being provisioned.',
      failed: 'The runtime is not ready',
    },
  ];
  for (const stage of stages) {
    const condition = find(stage.type);
    if (condition?.status === 'True') continue;
    if (condition?.status === 'False') {
      return {
        type: CONDITION.ready,
        status: 'False',
        reason: condition.reason,
        message: `${stage.failed}: ${condition.message}`,
      };
    }
    return { type: CONDITION.ready, status: 'False', reason: stage.waiting, message: stage.pending };
  }
  return {
    type: CONDITION.ready,
    status: 'True',
    reason: 'Succeeded',
    message: 'The workload is ready and operational.',
  };
}
