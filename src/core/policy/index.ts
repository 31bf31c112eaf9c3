/**
 * Platform policy: Kubernetes admission policies (ValidatingAdmissionPolicy and their bindings)
 * evaluated with CEL against an object, each failed rule a diagnostic at the place it points to.
 * The CEL evaluator and the label selectors here serve the orchestrator's CRD rules and
 * configuration as well.
 */
export {
  EMPTY_POLICY_SET,
  loadPolicySet,
  type AdmissionPolicy,
  type ParamObject,
  type PolicyBinding,
  type PolicySet,
  type PolicyValidation,
  type ValidationAction,
} from './admission';
export {
  evaluatePolicies,
  type Placer,
  type PolicyEvaluation,
  type PolicyFinding,
  type PolicySummary,
  type PolicyTarget,
} from './evaluate';
export { blame } from './blame';
export { celInput, compileCel, jsonFromCel, runCelExpr, type CelOutcome, type CompiledCel } from './cel';
export { matchLabelSelector, type LabelSelector } from './label-selector';
export type { FileProblem } from './manifests';
