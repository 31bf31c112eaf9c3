import { isMap, isNode } from 'yaml';
import type { Catalog } from '../catalog/types';
import { compareDiagnostics, type Diagnostic, type TextRange } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { rangeOf } from '../document/source-map';
import { EMPTY_POLICY_SET, type PolicySet } from '../policy/admission';
import { isRecord } from '../workload/values';
import { evaluatePolicies, type PolicyFinding, type PolicySummary } from '../policy/evaluate';
import { validateParsed } from '../validate';
import { previewClaims, type ClaimPreview } from './claims';
import type { LoadedConfig } from './config';
import { projectVariables, type Placeholder } from './projection';
import { selectBackend, type Selection } from './selection';
import { computeReady, CONDITION, type Condition, type WorkloadStatus } from './status';
import { WORKLOAD_RESOURCE } from './workload-crd';
import { exportWorkloadResource, type WorkloadResource } from './workload-resource';

/**
 * The readiness preview: the status the orchestrator would write for this workload, before it is
 * submitted, from the workload itself, the platform's admission policies, its configuration and the
 * provisioners. Where the orchestrator would refuse the Workload at admission (schema, CEL rules,
 * a Deny policy) there would be no object to carry a status; the preview says so in InputsValid
 * (SpecInvalid, PolicyViolation). Where it would wait or fail later, ClaimsReady and RuntimeReady say
 * why. The runtime itself is assumed to succeed once a plan can be made: RuntimeReady is then True,
 * naming the backend, and the endpoint is the one the reference Kubernetes runtime reports
 * (`http://localhost:<first service port>`, from a ClusterIP Service).
 */
export interface PreviewOptions {
  /** The namespace the Workload would be created in (default: its metadata.namespace, else "default"). */
  namespace?: string;
  /** The workload's own validation (syntax, schema, rules, catalog); run here when not given. */
  validation?: readonly Diagnostic[];
  /** The loaded platform configuration; without one, no profile or backend can be chosen. */
  config?: LoadedConfig;
  policies?: PolicySet;
  /** Provisioners known besides the configuration's, with the outputs they give. */
  catalog?: Catalog;
}

export interface WorkloadPreview {
  resource: WorkloadResource | undefined;
  status: WorkloadStatus;
  selection?: Selection;
  claims: ClaimPreview[];
  policy: PolicySummary;
  /** What the export, the policies and the orchestrator say, placed in the workload's text (document order). */
  diagnostics: Diagnostic[];
}

export function previewWorkload(parsed: ParsedDocument, options: PreviewOptions = {}): WorkloadPreview {
  const exported = exportWorkloadResource(
    parsed,
    options.namespace !== undefined ? { namespace: options.namespace } : {},
  );
  const validation = options.validation ?? validateParsed(parsed).diagnostics;
  const resource = exported.resource;
  if (!resource) {
    const notRead = 'Not evaluated: the workload could not be read.';
    return {
      resource,
      status: status([
        condition(
          CONDITION.inputsValid,
          'False',
          'SpecInvalid',
          `The workload could not be read: ${firstError(validation) ?? 'it is not a mapping'}.`,
        ),
        condition(CONDITION.claimsReady, 'Unknown', 'ClaimPending', notRead),
        condition(CONDITION.runtimeReady, 'Unknown', 'RuntimeSelecting', notRead),
      ]),
      claims: [],
      policy: { applied: 0, denied: 0, warned: 0, audited: 0 },
      diagnostics: exported.diagnostics,
    };
  }

  const place = (pointer: string): { path: string; range: TextRange } => {
    if (pointer === '') return { path: '', range: rootRange(parsed) };
    const path = exported.origin(pointer);
    return { path, range: rangeOf(parsed, path) };
  };
  const diagnostics: Diagnostic[] = [...exported.diagnostics];
  const namespace = typeof resource.metadata.namespace === 'string' ? resource.metadata.namespace : 'default';
  const policy = evaluatePolicies(
    {
      object: resource as unknown as Record<string, unknown>,
      resource: WORKLOAD_RESOURCE,
      namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
    },
    options.policies ?? EMPTY_POLICY_SET,
    place,
  );
  diagnostics.push(...policy.diagnostics);

  const config = options.config?.config;
  const claims = previewClaims(resource, config, options.catalog);
  const selection = config ? selectBackend(resource, config) : undefined;
  const projection = projectVariables(resource, claims);
  const orchestrator = (code: Diagnostic['code'], message: string, pointer: string): Diagnostic => ({
    severity: 'warning',
    code,
    message,
    ...place(pointer),
    source: 'orchestrator',
  });
  for (const claim of claims) {
    if (claim.problem)
      diagnostics.push(
        orchestrator(claim.problem.code, `Claim "${claim.key}": ${claim.message}`, claim.problem.pointer),
      );
  }
  if (selection?.error) {
    diagnostics.push(orchestrator(selection.error.code, selection.error.message, selection.error.pointer));
  }
  for (const p of projection.unresolved) {
    diagnostics.push(
      orchestrator(
        'UNRESOLVED_PLACEHOLDER',
        `${p.text} in variable ${p.variable} of container "${p.container}" would stay unresolved: ${p.why}.`,
        p.pointer,
      ),
    );
  }

  const runtime = runtimeReady(options.config, selection, projection.unresolved, claims);
  const conditions = [inputsValid(validation, exported.diagnostics, policy.findings), claimsReady(claims), runtime];
  const endpoint = runtime.status === 'True' ? endpointOf(resource, selection) : undefined;
  return {
    resource,
    status: { ...status(conditions, claims), ...(endpoint !== undefined ? { endpoint } : {}) },
    ...(selection ? { selection } : {}),
    claims,
    policy: policy.summary,
    diagnostics: diagnostics.sort(compareDiagnostics),
  };
}

function condition(type: string, state: Condition['status'], reason: string, message: string): Condition {
  return { type, status: state, reason, message };
}

/** The four conditions: the three given and Ready, computed from them. */
function status(conditions: Condition[], claims: ClaimPreview[] = []): WorkloadStatus {
  return {
    conditions: [...conditions, computeReady(conditions)],
    claims: claims.map((c) => ({
      key: c.key,
      phase: c.phase,
      reason: c.reason,
      message: c.message,
      outputsAvailable: c.outputsAvailable,
    })),
  };
}

function inputsValid(
  validation: readonly Diagnostic[],
  exported: readonly Diagnostic[],
  findings: readonly PolicyFinding[],
): Condition {
  const own = validation.filter((d) => d.severity === 'error');
  if (own.length > 0) {
    return condition(
      CONDITION.inputsValid,
      'False',
      'SpecInvalid',
      `The workload has ${count(own.length, 'error')}; the first: ${own[0]!.message}`,
    );
  }
  const refused = exported.filter((d) => d.severity === 'error');
  if (refused.length > 0) {
    return condition(
      CONDITION.inputsValid,
      'False',
      'SpecInvalid',
      `${refused[0]!.message}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''}`,
    );
  }
  const denied = findings.filter((f) => f.actions.includes('Deny'));
  if (denied.length > 0) {
    const first = denied[0]!;
    const more = denied.length > 1 ? ` (and ${count(denied.length - 1, 'more denial', 'more denials')})` : '';
    return condition(
      CONDITION.inputsValid,
      'False',
      'PolicyViolation',
      `Admission would be denied by policy "${first.policy}": ${first.policyMessage}${more}`,
    );
  }
  const warned = findings.filter((f) => !f.actions.includes('Deny') && f.actions.includes('Warn')).length;
  return condition(
    CONDITION.inputsValid,
    'True',
    'Succeeded',
    `Workload specification is valid${warned > 0 ? ` (with ${count(warned, 'policy warning')})` : ''}.`,
  );
}

function claimsReady(claims: readonly ClaimPreview[]): Condition {
  if (claims.length === 0) return condition(CONDITION.claimsReady, 'True', 'Succeeded', 'No resource dependencies.');
  const failed = claims.filter((c) => c.phase === 'Failed');
  if (failed.length > 0) {
    return condition(
      CONDITION.claimsReady,
      'False',
      'ClaimFailed',
      failed.map((c) => `Claim "${c.key}" failed: ${c.message}`).join(' '),
    );
  }
  const waiting = claims.filter((c) => c.phase !== 'Bound' || !c.outputsAvailable);
  if (waiting.length > 0) {
    return condition(
      CONDITION.claimsReady,
      'False',
      'ClaimPending',
      waiting.map((c) => `Claim "${c.key}" is ${c.phase.toLowerCase()}: ${c.message}`).join(' '),
    );
  }
  const by = claims.map((c) => `${c.key} by ${c.provisioner?.name ?? 'its provisioner'}`).join(', ');
  return condition(CONDITION.claimsReady, 'True', 'Succeeded', `All resource claims are ready (${by}).`);
}

function runtimeReady(
  loaded: LoadedConfig | undefined,
  selection: Selection | undefined,
  unresolved: readonly Placeholder[],
  claims: readonly ClaimPreview[],
): Condition {
  const selecting = (message: string) => condition(CONDITION.runtimeReady, 'False', 'RuntimeSelecting', message);
  if (!loaded)
    return selecting(
      'No platform configuration is loaded, so no profile or backend can be chosen. Load an OrchestratorConfig.',
    );
  if (!loaded.config) {
    const first = loaded.problems.find((p) => p.severity === 'error');
    return selecting(`The platform configuration would be refused${first ? `: ${first.message}` : ''}.`);
  }
  if (!selection || selection.error || !selection.backend)
    return selecting(selection?.error?.message ?? 'No backend was chosen.');
  if (unresolved.length > 0) {
    const list = unresolved
      .map((p) => `${p.text} (variable ${p.variable} of container "${p.container}": ${p.why})`)
      .join('; ');
    return condition(
      CONDITION.runtimeReady,
      'False',
      'ProjectionError',
      `One or more required outputs are not resolved: ${list}.`,
    );
  }
  const backend = selection.backend;
  const chosen = `backend ${backend.backendId} (runtime ${backend.runtimeClass}, template ${backend.template.kind} ${backend.template.ref}) of profile "${selection.profile!.name}", chosen because ${selection.profile!.why}`;
  if (claims.some((c) => c.phase !== 'Bound' || !c.outputsAvailable)) {
    return selecting(`The plan waits for the resource claims; then ${chosen}.`);
  }
  return condition(CONDITION.runtimeReady, 'True', 'Succeeded', `Runtime provisioned on ${chosen}.`);
}

/**
 * The endpoint the reference Kubernetes runtime reports: a ClusterIP Service for the workload's
 * ports, read as `http://localhost:<first port>`. Other runtimes have no reference to follow.
 */
function endpointOf(resource: WorkloadResource, selection: Selection | undefined): string | undefined {
  if (selection?.backend?.runtimeClass !== 'kubernetes') return undefined;
  const service = isRecord(resource.spec.service) ? resource.spec.service : {};
  const first: unknown = Array.isArray(service.ports) ? service.ports[0] : undefined;
  return isRecord(first) && typeof first.port === 'number' ? `http://localhost:${first.port}` : undefined;
}

function firstError(diagnostics: readonly Diagnostic[]): string | undefined {
  return diagnostics.find((d) => d.severity === 'error')?.message;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The workload as a whole: its first key's line (the text as a whole would underline everything). */
export function rootRange(parsed: ParsedDocument): TextRange {
  const root = parsed.doc?.contents;
  const first = isMap(root) ? root.items[0]?.key : undefined;
  if (isNode(first) && first.range) return parsed.lines.range(first.range[0], first.range[1]);
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}
