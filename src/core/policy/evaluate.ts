import type { Diagnostic, DiagnosticCode, Severity, TextRange } from '../diagnostics';
import { blame } from './blame';
import type { CelInput } from '@bufbuild/cel';
import { celInput, compileCel, describeCelValue, type CelBindings } from './cel';
import { isRecord, type Data } from '../workload/values';
import type {
  AdmissionPolicy,
  MatchResources,
  ParamObject,
  PolicyBinding,
  PolicySet,
  PolicyValidation,
  ResourceRule,
  ValidationAction,
} from './admission';
import { matchLabelSelector, stringMap } from './label-selector';

/**
 * Admission policies evaluated against one object, as the API server would on its creation: for each
 * binding (in order) whose policy matches the object, with each of its params, the match conditions,
 * then every validation. A validation that is false — or fails to evaluate under failurePolicy Fail —
 * is a finding, reported with the binding's actions: Deny → error, Warn → warning, Audit → info.
 * Each finding is placed where the rule points (see blame.ts), mapped into the user's text by `place`.
 */
export interface PolicyTarget {
  /** The object as the API server would receive it. */
  object: Data;
  /** apiGroup/version/resource of the object, as resourceRules name them. */
  resource: { group: string; version: string; resource: string };
  /** The labels of the object's namespace; Kubernetes always sets kubernetes.io/metadata.name. */
  namespaceLabels?: Record<string, string>;
}

export interface PolicyFinding {
  policy: string;
  binding: string;
  actions: ValidationAction[];
  severity: Severity;
  code: DiagnosticCode;
  /** What the user reads: which policy, then its message. */
  message: string;
  /** The policy's own message, as Kubernetes would return it. */
  policyMessage: string;
  reason?: string;
  /** Where in the object it points (JSON Pointers; '' is the object). */
  pointers: string[];
}

export interface PolicySummary {
  /** Bindings whose policy applied to the object. */
  applied: number;
  denied: number;
  warned: number;
  audited: number;
}

export interface PolicyEvaluation {
  findings: PolicyFinding[];
  diagnostics: Diagnostic[];
  summary: PolicySummary;
}

/** Maps a pointer into the object to a place in the user's text. */
export type Placer = (pointer: string) => { path: string; range: TextRange };

const AT_START: Placer = (pointer) => ({ path: pointer, range: { line: 1, column: 1, endLine: 1, endColumn: 1 } });

export function evaluatePolicies(target: PolicyTarget, set: PolicySet, place: Placer = AT_START): PolicyEvaluation {
  const findings: PolicyFinding[] = [];
  let applied = 0;
  for (const binding of set.bindings) {
    const policy = set.policies.find((p) => p.name === binding.policyName);
    if (!policy || !applies(policy, binding, target)) continue;
    applied++;
    findings.push(...runBinding(policy, binding, target, set.params));
  }
  const diagnostics = findings.flatMap((f) =>
    (f.pointers.length > 0 ? f.pointers : ['']).map((pointer): Diagnostic => {
      const { path, range } = place(pointer);
      return { severity: f.severity, code: f.code, message: f.message, path, range, source: 'policy' };
    }),
  );
  const count = (action: ValidationAction) => findings.filter((f) => f.actions.includes(action)).length;
  return {
    findings,
    diagnostics,
    summary: { applied, denied: count('Deny'), warned: count('Warn'), audited: count('Audit') },
  };
}

function applies(policy: AdmissionPolicy, binding: PolicyBinding, target: PolicyTarget): boolean {
  // A policy without matchConstraints matches nothing in Kubernetes (the field is required).
  if (!policy.matchConstraints || !matches(policy.matchConstraints, target)) return false;
  return !binding.matchResources || matches(binding.matchResources, target, true);
}

function matches(match: MatchResources, target: PolicyTarget, rulesOptional = false): boolean {
  const labels = stringMap(isRecord(target.object.metadata) ? target.object.metadata.labels : undefined) ?? {};
  if (match.objectSelector && !matchLabelSelector(match.objectSelector, labels).matches) return false;
  if (match.namespaceSelector && !matchLabelSelector(match.namespaceSelector, target.namespaceLabels ?? {}).matches) {
    return false;
  }
  const name = isRecord(target.object.metadata) ? String(target.object.metadata.name ?? '') : '';
  if ((match.excludeResourceRules ?? []).some((r) => ruleMatches(r, target, name))) return false;
  if (match.resourceRules === undefined) return rulesOptional;
  return match.resourceRules.some((r) => ruleMatches(r, target, name));
}

function ruleMatches(rule: ResourceRule, target: PolicyTarget, name: string): boolean {
  const among = (list: string[], value: string) => list.includes('*') || list.includes(value);
  const { group, version, resource } = target.resource;
  return (
    among(rule.apiGroups, group) &&
    among(rule.apiVersions, version) &&
    among(rule.operations, 'CREATE') &&
    (rule.resources.includes('*') || rule.resources.includes(resource) || rule.resources.includes(`${resource}/*`)) &&
    (rule.resourceNames.length === 0 || rule.resourceNames.includes(name))
  );
}

function runBinding(
  policy: AdmissionPolicy,
  binding: PolicyBinding,
  target: PolicyTarget,
  params: readonly ParamObject[],
): PolicyFinding[] {
  const finding = (message: string, pointers: string[], code: DiagnosticCode, reason?: string): PolicyFinding => ({
    policy: policy.name,
    binding: binding.name,
    actions: binding.validationActions,
    severity: severityOf(binding.validationActions),
    code,
    message: `Policy "${policy.name}" (binding "${binding.name}") ${verb(binding.validationActions)}: ${message}`,
    policyMessage: message,
    ...(reason !== undefined ? { reason } : {}),
    pointers,
  });
  const paramSets = policy.paramKind ? paramsFor(policy, binding, target, params) : [null];
  if (paramSets === 'missing' || paramSets === 'unreferenced') {
    const why =
      paramSets === 'missing'
        ? `no params object (${policy.paramKind!.kind}) matches the binding's paramRef, and its parameterNotFoundAction is Deny.`
        : `the policy takes params (${policy.paramKind!.kind}) but the binding has no paramRef, so Kubernetes counts it as misconfigured.`;
    return [finding(why, [], 'POLICY_PARAMS_NOT_FOUND')];
  }
  const out: PolicyFinding[] = [];
  for (const param of paramSets) {
    const bindings = baseBindings(target, param);
    const failed = (what: string, error: string) =>
      policy.failurePolicy === 'Fail'
        ? [
            finding(
              `${what} could not be evaluated (${error}); failurePolicy Fail counts that as a failure.`,
              [],
              'POLICY_EVALUATION_ERROR',
            ),
          ]
        : [];

    const conditions = matchConditions(policy, bindings);
    if (conditions !== true) {
      if (conditions !== false) out.push(...failed(`match condition "${conditions.name}"`, conditions.error));
      continue;
    }
    const broken = new Map<string, string>();
    bindings.variables = variables(policy, bindings, broken);
    for (const validation of policy.validations) {
      const uses = [...broken.keys()].find((v) => readsVariable(validation.expression, v));
      if (uses !== undefined) {
        out.push(...failed(`variable "${uses}"`, broken.get(uses)!));
        continue;
      }
      const result = validate(validation, bindings);
      if (result.kind === 'pass') continue;
      if (result.kind === 'error') {
        out.push(...failed(`expression ${JSON.stringify(validation.expression)}`, result.error));
        continue;
      }
      out.push(finding(messageOf(validation, bindings), result.pointers, 'POLICY_VIOLATION', validation.reason));
    }
  }
  return out;
}

function baseBindings(target: PolicyTarget, param: ParamObject | null): CelBindings {
  const metadata = isRecord(target.object.metadata) ? target.object.metadata : {};
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  return {
    object: celInput(target.object),
    oldObject: null,
    params: param ? celInput(param.value) : null,
    namespaceObject: celInput({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace, labels: target.namespaceLabels ?? {} },
    }),
    request: celInput({
      operation: 'CREATE',
      name: metadata.name ?? '',
      namespace,
      kind: { group: target.resource.group, version: target.resource.version, kind: target.object.kind ?? '' },
      resource: target.resource,
      dryRun: true,
    }),
    variables: new Map(),
  };
}

/** True when every match condition holds; false when one is false; the failing one when one errs. */
function matchConditions(policy: AdmissionPolicy, bindings: CelBindings): boolean | { name: string; error: string } {
  for (const condition of policy.matchConditions) {
    const compiled = compileCel(condition.expression);
    if (!compiled.ok) continue; // reported when the file was read
    const result = compiled.compiled.run(bindings);
    if (!result.ok) return { name: condition.name, error: result.error };
    if (result.value !== true) return false;
  }
  return true;
}

/** Variables in order (each may read the ones before); the ones that fail are kept aside with why. */
function variables(policy: AdmissionPolicy, bindings: CelBindings, broken: Map<string, string>): Map<string, CelInput> {
  const values = new Map<string, CelInput>();
  for (const variable of policy.variables) {
    const compiled = compileCel(variable.expression);
    if (!compiled.ok) continue;
    const result = compiled.compiled.run({ ...bindings, variables: values });
    if (result.ok) values.set(variable.name, result.value as CelInput);
    else broken.set(variable.name, result.error);
  }
  return values;
}

type Outcome = { kind: 'pass' } | { kind: 'fail'; pointers: string[] } | { kind: 'error'; error: string };

function validate(validation: PolicyValidation, bindings: CelBindings): Outcome {
  const compiled = compileCel(validation.expression);
  if (!compiled.ok) return { kind: 'pass' }; // reported when the file was read; Kubernetes would refuse the policy
  const result = compiled.compiled.run(bindings);
  if (!result.ok) return { kind: 'error', error: result.error };
  if (result.value === true) return { kind: 'pass' };
  if (result.value !== false)
    return { kind: 'error', error: `it gave ${describeCelValue(result.value)}, not true or false` };
  return { kind: 'fail', pointers: blame(compiled.compiled.parsed, bindings, new Map([['object', '']])) };
}

/** messageExpression when it gives a non-empty string, else message, else Kubernetes' default. */
function messageOf(validation: PolicyValidation, bindings: CelBindings): string {
  if (validation.messageExpression !== undefined) {
    const compiled = compileCel(validation.messageExpression);
    const result = compiled.ok ? compiled.compiled.run(bindings) : undefined;
    if (result?.ok && typeof result.value === 'string' && result.value.trim() !== '') return result.value;
  }
  if (validation.message !== undefined && validation.message.trim() !== '') return validation.message;
  return `failed expression: ${validation.expression}`;
}

/**
 * The params a binding names: by name (in the paramRef's namespace, or the object's), or every one a
 * selector matches. 'missing' when none is found and the binding says Deny; [] when it says Allow;
 * 'unreferenced' when the binding names none.
 */
function paramsFor(
  policy: AdmissionPolicy,
  binding: PolicyBinding,
  target: PolicyTarget,
  params: readonly ParamObject[],
): ParamObject[] | 'missing' | 'unreferenced' {
  const ref = binding.paramRef;
  if (!ref) return 'unreferenced';
  const kind = policy.paramKind!;
  const metadata = isRecord(target.object.metadata) ? target.object.metadata : {};
  const objectNamespace = typeof metadata.namespace === 'string' ? metadata.namespace : undefined;
  const found = params.filter((p) => {
    if (p.kind !== kind.kind || (kind.apiVersion !== '' && p.apiVersion !== kind.apiVersion)) return false;
    const namespace = ref.namespace ?? objectNamespace;
    if (p.namespace !== undefined && namespace !== undefined && p.namespace !== namespace) return false;
    if (ref.name !== undefined) return p.name === ref.name;
    return ref.selector ? matchLabelSelector(ref.selector, p.labels).matches : false;
  });
  if (found.length > 0) return found;
  return ref.parameterNotFoundAction === 'Deny' ? 'missing' : [];
}

/** Whether an expression reads `variables.NAME` (and not a longer name that starts the same). */
function readsVariable(expression: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\bvariables\\.${escaped}(?![A-Za-z0-9_])`).test(expression);
}

function severityOf(actions: readonly ValidationAction[]): Severity {
  if (actions.includes('Deny')) return 'error';
  if (actions.includes('Warn')) return 'warning';
  return 'info';
}

function verb(actions: readonly ValidationAction[]): string {
  if (actions.includes('Deny')) return 'denies this workload';
  if (actions.includes('Warn')) return 'warns';
  return 'would record in the audit log';
}
