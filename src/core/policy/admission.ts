import type { TextRange } from '../diagnostics';
import { childPointer } from '../document/pointer';
import { compileCel } from './cel';
import { isRecord, type Data } from '../workload/values';
import { readLabelSelector, stringMap, type LabelSelector } from './label-selector';
import {
  fileProblem,
  placeInManifest,
  readManifests,
  type FileProblem,
  type ManifestDocument,
  type ManifestFile,
} from './manifests';

/**
 * Kubernetes admission policies, read from files: ValidatingAdmissionPolicy (CEL validations,
 * match conditions, variables, a param kind), ValidatingAdmissionPolicyBinding (which policy, with
 * which validation actions Deny / Warn / Audit, which params), and the param objects themselves
 * (any other object, usually a ConfigMap or a custom resource). Reading checks what the API server
 * would refuse when the policy is created (a CEL expression that does not compile, a binding
 * without actions, Deny with Warn); such a part is reported and left out, the rest still applies.
 */
export type ValidationAction = 'Deny' | 'Warn' | 'Audit';

export interface AdmissionPolicy {
  name: string;
  failurePolicy: 'Fail' | 'Ignore';
  paramKind?: { apiVersion: string; kind: string };
  matchConstraints?: MatchResources;
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
  validations: PolicyValidation[];
  origin: Origin;
}

export interface NamedExpression {
  name: string;
  expression: string;
}

export interface PolicyValidation {
  expression: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  /** Where it stands in its policy, e.g. /spec/validations/2. */
  pointer: string;
}

export interface PolicyBinding {
  name: string;
  policyName: string;
  validationActions: ValidationAction[];
  paramRef?: ParamRef;
  matchResources?: MatchResources;
  origin: Origin;
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction: 'Allow' | 'Deny';
}

export interface MatchResources {
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  resourceRules?: ResourceRule[];
  excludeResourceRules?: ResourceRule[];
}

export interface ResourceRule {
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  operations: string[];
  resourceNames: string[];
}

/** An object a binding's paramRef may name. */
export interface ParamObject {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  value: Data;
}

/** Which file and document a policy or binding came from, and where its name stands there. */
export interface Origin {
  file: string;
  document: number;
  range: TextRange;
}

export interface PolicySet {
  policies: AdmissionPolicy[];
  bindings: PolicyBinding[];
  params: ParamObject[];
  /** Problems in the files themselves; the parts concerned are left out. */
  problems: FileProblem[];
}

export const EMPTY_POLICY_SET: PolicySet = { policies: [], bindings: [], params: [], problems: [] };

const ADMISSION_API = /^admissionregistration\.k8s\.io\/v1(alpha1|beta1)?$/;
const ACTIONS: readonly ValidationAction[] = ['Deny', 'Warn', 'Audit'];

/** Reads policy files into one set, in the order given (bindings apply in that order). */
export function loadPolicySet(files: ReadonlyArray<{ file: string; text: string }>): PolicySet {
  const set: PolicySet = { policies: [], bindings: [], params: [], problems: [] };
  for (const { file, text } of files) {
    const manifests = readManifests(text, file);
    set.problems.push(...manifests.problems);
    for (const document of manifests.documents) readObject(manifests, document, set);
  }
  for (const binding of set.bindings) {
    if (!set.policies.some((p) => p.name === binding.policyName)) {
      set.problems.push({
        severity: 'warning',
        message: `Binding "${binding.name}" names policy "${binding.policyName}", which no file given defines; the binding does nothing (as in Kubernetes).`,
        file: binding.origin.file,
        path: '/spec/policyName',
        range: binding.origin.range,
      });
    }
  }
  return set;
}

function readObject(file: ManifestFile, document: ManifestDocument, set: PolicySet): void {
  const value = document.value;
  if (value === null || value === undefined) return;
  const problem = (pointer: string, message: string, severity: 'error' | 'warning' = 'error') =>
    set.problems.push(fileProblem(file, document, severity, pointer, message));
  if (!isRecord(value)) {
    problem('', 'A document here is not a Kubernetes object (a mapping with apiVersion and kind).');
    return;
  }
  const apiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const metadata = isRecord(value.metadata) ? value.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  if (!apiVersion || !kind) {
    problem('', 'This object has no apiVersion or kind; it is left out.');
    return;
  }
  const spec = isRecord(value.spec) ? value.spec : {};
  const isBinding = kind === 'ValidatingAdmissionPolicyBinding';
  const origin: Origin = {
    file: file.file,
    document: document.index,
    range: placeInManifest(file, document, isBinding ? '/spec/policyName' : '/metadata/name'),
  };
  if (ADMISSION_API.test(apiVersion) && kind === 'ValidatingAdmissionPolicy') {
    if (!name) {
      problem('/metadata', 'The policy has no metadata.name; bindings find a policy by its name.');
      return;
    }
    set.policies.push(readPolicy(name, spec, origin, problem));
  } else if (ADMISSION_API.test(apiVersion) && isBinding) {
    if (!name) {
      problem('/metadata', 'The binding has no metadata.name.');
      return;
    }
    const binding = readBinding(name, spec, origin, problem);
    if (binding) set.bindings.push(binding);
  } else {
    if (!name) return; // not something a paramRef could name
    set.params.push({
      apiVersion,
      kind,
      name,
      ...(typeof metadata.namespace === 'string' ? { namespace: metadata.namespace } : {}),
      labels: stringMap(metadata.labels) ?? {},
      value,
    });
  }
}

type Report = (pointer: string, message: string, severity?: 'error' | 'warning') => void;

function readPolicy(name: string, spec: Data, origin: Origin, problem: Report): AdmissionPolicy {
  const compiles = (pointer: string, expression: unknown, what: string): expression is string => {
    if (typeof expression !== 'string' || expression.trim() === '') {
      problem(pointer, `${what} needs an expression (CEL text).`);
      return false;
    }
    const result = compileCel(expression);
    if (!result.ok)
      problem(pointer, `${what} does not compile, so Kubernetes would refuse the policy: ${result.error}`);
    return result.ok;
  };
  const named = (key: 'matchConditions' | 'variables'): NamedExpression[] => {
    const out: NamedExpression[] = [];
    for (const { item, pointer } of listAt(spec, key)) {
      const itemName = typeof item.name === 'string' ? item.name : '';
      const what = `${key === 'variables' ? 'Variable' : 'Match condition'} "${itemName}"`;
      if (!itemName) problem(pointer, `Each of ${key} needs a name.`);
      else if (compiles(childPointer(pointer, 'expression'), item.expression, what)) {
        out.push({ name: itemName, expression: item.expression });
      }
    }
    return out;
  };
  const validations = listAt(spec, 'validations').flatMap(({ item, pointer }) => {
    if (!compiles(childPointer(pointer, 'expression'), item.expression, 'This validation')) return [];
    let messageExpression = typeof item.messageExpression === 'string' ? item.messageExpression : undefined;
    if (messageExpression !== undefined && !compileCel(messageExpression).ok) {
      problem(
        childPointer(pointer, 'messageExpression'),
        'messageExpression does not compile; message is used instead.',
        'warning',
      );
      messageExpression = undefined;
    }
    return [
      {
        expression: item.expression,
        pointer,
        ...(typeof item.message === 'string' ? { message: item.message } : {}),
        ...(typeof messageExpression === 'string' ? { messageExpression } : {}),
        ...(typeof item.reason === 'string' ? { reason: item.reason } : {}),
      },
    ];
  });
  if (!isRecord(spec.matchConstraints)) {
    problem(
      '/spec',
      `Policy "${name}" has no matchConstraints; Kubernetes requires them, so it applies to nothing.`,
      'warning',
    );
  }
  if (validations.length === 0 && !Array.isArray(spec.auditAnnotations)) {
    problem('/spec', `Policy "${name}" has no validations that can run; it checks nothing.`, 'warning');
  }
  const paramKind = isRecord(spec.paramKind) ? spec.paramKind : undefined;
  return {
    name,
    failurePolicy: spec.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    ...(paramKind && typeof paramKind.kind === 'string'
      ? { paramKind: { apiVersion: String(paramKind.apiVersion ?? ''), kind: paramKind.kind } }
      : {}),
    ...(isRecord(spec.matchConstraints)
      ? { matchConstraints: readMatch(spec.matchConstraints, '/spec/matchConstraints') }
      : {}),
    matchConditions: named('matchConditions'),
    variables: named('variables'),
    validations,
    origin,
  };
}

function readBinding(name: string, spec: Data, origin: Origin, problem: Report): PolicyBinding | undefined {
  const refuse = (pointer: string, message: string) => {
    problem(pointer, message);
    return undefined;
  };
  const policyName = typeof spec.policyName === 'string' ? spec.policyName : '';
  if (!policyName) return refuse('/spec', `Binding "${name}" has no spec.policyName; it binds nothing.`);
  const given: unknown[] = Array.isArray(spec.validationActions) ? spec.validationActions : [];
  const actions = ACTIONS.filter((a) => given.includes(a));
  const unknown = given.filter((a) => !ACTIONS.includes(a as ValidationAction));
  if (unknown.length > 0) {
    const names = unknown.map((a) => `"${String(a)}"`).join(', ');
    return refuse('/spec/validationActions', `Unknown validation action ${names}: use Deny, Warn or Audit.`);
  }
  if (actions.length === 0) {
    return refuse('/spec', `Binding "${name}" needs spec.validationActions (Deny, Warn and/or Audit).`);
  }
  if (actions.includes('Deny') && actions.includes('Warn')) {
    return refuse(
      '/spec/validationActions',
      'Deny and Warn together are refused by Kubernetes (Deny already reports the failure); use Deny, or Warn with Audit.',
    );
  }
  const ref = isRecord(spec.paramRef) ? spec.paramRef : undefined;
  return {
    name,
    policyName,
    validationActions: actions,
    ...(ref
      ? {
          paramRef: {
            ...(typeof ref.name === 'string' ? { name: ref.name } : {}),
            ...(typeof ref.namespace === 'string' ? { namespace: ref.namespace } : {}),
            ...(isRecord(ref.selector) ? { selector: readLabelSelector(ref.selector) } : {}),
            parameterNotFoundAction: ref.parameterNotFoundAction === 'Deny' ? 'Deny' : 'Allow',
          },
        }
      : {}),
    ...(isRecord(spec.matchResources)
      ? { matchResources: readMatch(spec.matchResources, '/spec/matchResources') }
      : {}),
    origin,
  };
}

function readMatch(data: Data, base: string): MatchResources {
  const rules = (key: string) =>
    listAt(data, key, base).map(({ item }) => ({
      apiGroups: strings(item.apiGroups),
      apiVersions: strings(item.apiVersions),
      resources: strings(item.resources),
      operations: strings(item.operations),
      resourceNames: strings(item.resourceNames),
    }));
  return {
    ...(isRecord(data.namespaceSelector) ? { namespaceSelector: readLabelSelector(data.namespaceSelector) } : {}),
    ...(isRecord(data.objectSelector) ? { objectSelector: readLabelSelector(data.objectSelector) } : {}),
    ...(Array.isArray(data.resourceRules) ? { resourceRules: rules('resourceRules') } : {}),
    ...(Array.isArray(data.excludeResourceRules) ? { excludeResourceRules: rules('excludeResourceRules') } : {}),
  };
}

function listAt(data: Data, key: string, base = '/spec'): Array<{ item: Data; pointer: string }> {
  const list = data[key];
  if (!Array.isArray(list)) return [];
  const at = childPointer(base, key);
  return list.flatMap((item, i) => (isRecord(item) ? [{ item, pointer: childPointer(at, i) }] : []));
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
