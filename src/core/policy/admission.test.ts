import { describe, expect, it } from 'vitest';
import { loadPolicySet } from './admission';
import { evaluatePolicies, type PolicyTarget } from './evaluate';
import { matchLabelSelector } from './label-selector';

const RULES = `    resourceRules:
      - apiGroups: [score.dev]
        apiVersions: [v1b1]
        operations: [CREATE, UPDATE]
        resources: [workloads]`;

function policy(name: string, spec: string): string {
  return `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: ${name}
spec:
  matchConstraints:
${RULES}
${spec}`;
}

function binding(name: string, actions: string, extra = ''): string {
  return `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: ${name}-binding
spec:
  policyName: ${name}
  validationActions: [${actions}]
${extra}`;
}

const NAME_RULE = `  validations:
    - expression: object.metadata.name.startsWith('shop-')
      message: names start with shop-`;

function target(metadata: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): PolicyTarget {
  return {
    object: {
      apiVersion: 'score.dev/v1b1',
      kind: 'Workload',
      metadata: { name: 'web', namespace: 'default', ...metadata },
      spec: { containers: { app: { image: 'nginx:1' } }, ...spec },
    },
    resource: { group: 'score.dev', version: 'v1b1', resource: 'workloads' },
    namespaceLabels: { 'kubernetes.io/metadata.name': 'default' },
  };
}

function evaluate(text: string, t = target()) {
  const set = loadPolicySet([{ file: 'policies.yaml', text }]);
  return { set, result: evaluatePolicies(t, set) };
}

describe('reading admission policy files', () => {
  it('reads policies, bindings and params from one multi-document file', () => {
    const { set } = evaluate(
      [
        policy('names', NAME_RULE),
        binding('names', 'Deny'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: rules}\ndata: {a: b}',
      ].join('\n---\n'),
    );
    expect(set.problems).toEqual([]);
    expect(set.policies.map((p) => p.name)).toEqual(['names']);
    expect(set.bindings.map((b) => [b.name, b.validationActions])).toEqual([['names-binding', ['Deny']]]);
    expect(set.params.map((p) => `${p.kind}/${p.name}`)).toEqual(['ConfigMap/rules']);
  });

  it('reports what Kubernetes would refuse, at its line, and leaves that part out', () => {
    const text = [
      policy('broken', '  validations:\n    - expression: object.metadata.name ==\n    - expression: "true"'),
      binding('broken', 'Deny, Warn'),
      binding('other', 'Block'),
      binding('missing', 'Audit'),
      'apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: nothing}\nspec: {policyName: broken}',
    ].join('\n---\n');
    const { set } = evaluate(text);
    expect(set.problems.map((p) => `${p.severity} ${p.range.line} ${p.message.split(':')[0]}`)).toEqual([
      'error 13 This validation does not compile, so Kubernetes would refuse the policy',
      'error 22 Deny and Warn together are refused by Kubernetes (Deny already reports the failure); use Deny, or Warn with Audit.',
      'error 31 Unknown validation action "Block"',
      'error 46 Binding "nothing" needs spec.validationActions (Deny, Warn and/or Audit).',
      'warning 39 Binding "missing-binding" names policy "missing", which no file given defines; the binding does nothing (as in Kubernetes).',
    ]);
    expect(set.policies[0]!.validations.map((v) => v.expression)).toEqual(['true']);
    expect(set.bindings.map((b) => b.name)).toEqual(['missing-binding']);
  });

  it('warns about a policy without matchConstraints, which Kubernetes applies to nothing', () => {
    const text = policy('loose', NAME_RULE).replace(/ {2}matchConstraints:\n(.*\n){5}/, '');
    const { set, result } = evaluate(`${text}\n---\n${binding('loose', 'Deny')}`);
    expect(set.problems.map((p) => p.message)).toEqual([
      'Policy "loose" has no matchConstraints; Kubernetes requires them, so it applies to nothing.',
    ]);
    expect(result.summary.applied).toBe(0);
  });

  it('says so when a file is not YAML, and reads the other files', () => {
    const set = loadPolicySet([
      { file: 'bad.yaml', text: 'a: [' },
      { file: 'good.yaml', text: policy('names', NAME_RULE) },
    ]);
    expect(set.problems.map((p) => p.file)).toEqual(['bad.yaml']);
    expect(set.policies).toHaveLength(1);
  });
});

describe('hostile policy files', () => {
  it('refuses alias bombs, deep nesting and binary data in words, and keeps __proto__ as data', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`,
      ),
    ].join('\n');
    const problems = (text: string) => loadPolicySet([{ file: 'p.yaml', text }]).problems.map((p) => p.message);
    expect(problems(bomb)).toEqual([expect.stringContaining('anchors and aliases')]);
    expect(problems(`${'['.repeat(2000)}${']'.repeat(2000)}`)[0]).toMatch(/nest|could not/);
    expect(problems('kind: \u0000')).toEqual([expect.stringContaining('binary')]);
    const proto = loadPolicySet([
      {
        file: 'p.yaml',
        text: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p, labels: {__proto__: x}}\ndata: {__proto__: y}',
      },
    ]);
    expect(proto.params[0]!.labels).toEqual(JSON.parse('{"__proto__": "x"}'));
    expect(Object.getPrototypeOf(proto.params[0]!.labels)).toBe(Object.prototype);
  });
});

describe('evaluating admission policies against a Workload', () => {
  it('gives each action its severity: Deny → error, Warn → warning, Audit → info', () => {
    for (const [actions, severity, verb] of [
      ['Deny', 'error', 'denies this workload'],
      ['Deny, Audit', 'error', 'denies this workload'],
      ['Warn', 'warning', 'warns'],
      ['Warn, Audit', 'warning', 'warns'],
      ['Audit', 'info', 'would record in the audit log'],
    ] as const) {
      const { result } = evaluate(`${policy('names', NAME_RULE)}\n---\n${binding('names', actions)}`);
      expect(result.findings.map((f) => [f.severity, f.message])).toEqual([
        [severity, `Policy "names" (binding "names-binding") ${verb}: names start with shop-`],
      ]);
      expect(result.diagnostics.map((d) => [d.severity, d.source, d.code, d.path])).toEqual([
        [severity, 'policy', 'POLICY_VIOLATION', '/metadata/name'],
      ]);
    }
  });

  it('passes a workload the rule accepts, and counts what applied', () => {
    const { result } = evaluate(
      `${policy('names', NAME_RULE)}\n---\n${binding('names', 'Deny')}`,
      target({ name: 'shop-web' }),
    );
    expect(result.findings).toEqual([]);
    expect(result.summary).toEqual({ applied: 1, denied: 0, warned: 0, audited: 0 });
  });

  it('applies a policy only to what its matchConstraints and the binding match', () => {
    const other = policy('names', NAME_RULE).replace('resources: [workloads]', 'resources: [deployments]');
    expect(evaluate(`${other}\n---\n${binding('names', 'Deny')}`).result.summary.applied).toBe(0);
    const scoped = binding('names', 'Deny', '  matchResources:\n    objectSelector:\n      matchLabels: {tier: prod}');
    expect(evaluate(`${policy('names', NAME_RULE)}\n---\n${scoped}`).result.summary.applied).toBe(0);
    expect(
      evaluate(`${policy('names', NAME_RULE)}\n---\n${scoped}`, target({ labels: { tier: 'prod' } })).result.summary
        .applied,
    ).toBe(1);
    const namespaced = binding(
      'names',
      'Deny',
      '  matchResources:\n    namespaceSelector:\n      matchLabels: {kubernetes.io/metadata.name: shop}',
    );
    expect(evaluate(`${policy('names', NAME_RULE)}\n---\n${namespaced}`).result.summary.applied).toBe(0);
  });

  it('skips a workload its match conditions leave out', () => {
    const spec = `  matchConditions:\n    - name: not-sandbox\n      expression: "!has(object.metadata.labels) || object.metadata.labels['tier'] != 'sandbox'"\n${NAME_RULE}`;
    const text = `${policy('names', spec)}\n---\n${binding('names', 'Deny')}`;
    expect(evaluate(text).result.findings).toHaveLength(1);
    expect(evaluate(text, target({ labels: { tier: 'sandbox' } })).result.findings).toHaveLength(0);
  });

  it('reads params by name or selector, and follows parameterNotFoundAction', () => {
    const spec = `  paramKind: {apiVersion: v1, kind: ConfigMap}\n  validations:\n    - expression: object.metadata.name.startsWith(params.data.prefix)\n      messageExpression: "'names start with ' + params.data.prefix"`;
    const params = (name: string, prefix: string, labels = '{}') =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: default, labels: ${labels}}\ndata: {prefix: ${prefix}}`;
    const byName = binding('names', 'Deny', '  paramRef: {name: rules, parameterNotFoundAction: Deny}');
    expect(
      evaluate([policy('names', spec), byName, params('rules', 'shop-')].join('\n---\n')).result.findings.map(
        (f) => f.policyMessage,
      ),
    ).toEqual(['names start with shop-']);
    expect(evaluate([policy('names', spec), byName, params('rules', 'we')].join('\n---\n')).result.findings).toEqual(
      [],
    );
    expect(evaluate([policy('names', spec), byName].join('\n---\n')).result.findings.map((f) => f.code)).toEqual([
      'POLICY_PARAMS_NOT_FOUND',
    ]);
    const allow = binding('names', 'Deny', '  paramRef: {name: rules, parameterNotFoundAction: Allow}');
    expect(evaluate([policy('names', spec), allow].join('\n---\n')).result.findings).toEqual([]);
    const unreferenced = evaluate(
      [policy('names', spec), binding('names', 'Warn'), params('rules', 'x')].join('\n---\n'),
    );
    expect(unreferenced.result.findings.map((f) => [f.code, f.severity, f.policyMessage])).toEqual([
      [
        'POLICY_PARAMS_NOT_FOUND',
        'warning',
        'the policy takes params (ConfigMap) but the binding has no paramRef, so Kubernetes counts it as misconfigured.',
      ],
    ]);
    const bySelector = binding('names', 'Deny', '  paramRef:\n    selector: {matchLabels: {set: a}}');
    const both = [
      policy('names', spec),
      bySelector,
      params('one', 'shop-', '{set: a}'),
      params('two', 'web', '{set: a}'),
      params('three', 'x', '{set: b}'),
    ];
    expect(evaluate(both.join('\n---\n')).result.findings.map((f) => f.policyMessage)).toEqual([
      'names start with shop-',
    ]);
  });

  it('evaluates variables in order and uses them in validations', () => {
    const spec = `  variables:\n    - name: images\n      expression: object.spec.containers.map(c, object.spec.containers[c].image)\n    - name: untagged\n      expression: variables.images.filter(i, !i.contains(':'))\n  validations:\n    - expression: size(variables.untagged) == 0\n      messageExpression: "'untagged: ' + variables.untagged.join(', ')"`;
    const t = target({}, { containers: { a: { image: 'nginx' }, b: { image: 'redis:7' } } });
    expect(
      evaluate(`${policy('tags', spec)}\n---\n${binding('tags', 'Warn')}`, t).result.findings.map(
        (f) => f.policyMessage,
      ),
    ).toEqual(['untagged: nginx']);
  });

  it('reports a validation that reads a variable which failed, and only such a validation', () => {
    const spec = `  variables:\n    - name: port\n      expression: object.spec.service.ports[0].port\n    - name: portable\n      expression: "true"\n  validations:\n    - expression: variables.portable\n    - expression: variables.port > 1024`;
    const findings = evaluate(`${policy('ports', spec)}\n---\n${binding('ports', 'Deny')}`).result.findings;
    expect(findings.map((f) => f.code)).toEqual(['POLICY_EVALUATION_ERROR']);
    expect(findings[0]!.policyMessage).toMatch(/^variable "port" could not be evaluated/);
  });

  it('counts an expression that fails to evaluate as a failure under failurePolicy Fail, not under Ignore', () => {
    const spec = `  validations:\n    - expression: object.spec.service.ports.size() > 0`;
    const failing = evaluate(`${policy('ports', spec)}\n---\n${binding('ports', 'Deny')}`).result;
    expect(failing.findings.map((f) => [f.code, f.severity])).toEqual([['POLICY_EVALUATION_ERROR', 'error']]);
    expect(failing.findings[0]!.policyMessage).toContain('could not be evaluated');
    const ignored = evaluate(
      `${policy('ports', `  failurePolicy: Ignore\n${spec}`)}\n---\n${binding('ports', 'Deny')}`,
    ).result;
    expect(ignored.findings).toEqual([]);
  });

  it("falls back from messageExpression to message to Kubernetes' default", () => {
    const spec = (extra: string) => `  validations:\n    - expression: "false"\n${extra}`;
    const message = (extra: string) =>
      evaluate(`${policy('p', spec(extra))}\n---\n${binding('p', 'Deny')}`).result.findings[0]!.policyMessage;
    expect(message('      messageExpression: "\'computed\'"\n      message: fixed')).toBe('computed');
    expect(message('      messageExpression: "\'\'"\n      message: fixed')).toBe('fixed');
    expect(message('')).toBe('failed expression: false');
  });

  it('places each finding with the placer given', () => {
    const set = loadPolicySet([
      { file: 'p.yaml', text: `${policy('names', NAME_RULE)}\n---\n${binding('names', 'Deny')}` },
    ]);
    const range = { line: 7, column: 3, endLine: 7, endColumn: 9 };
    const result = evaluatePolicies(target(), set, (pointer) => ({ path: `/score${pointer}`, range }));
    expect(result.diagnostics.map((d) => [d.path, d.range])).toEqual([['/score/metadata/name', range]]);
  });
});

describe('label selectors', () => {
  const labels = { app: 'shop', tier: 'web' };
  it('matches as Kubernetes does', () => {
    expect(matchLabelSelector({}, labels).matches).toBe(true);
    expect(matchLabelSelector({ matchLabels: { app: 'shop' } }, labels).matches).toBe(true);
    expect(matchLabelSelector({ matchLabels: { app: 'other' } }, labels).matches).toBe(false);
    const expression = (operator: string, values?: string[], key = 'tier') => ({
      matchExpressions: [{ key, operator, ...(values ? { values } : {}) }],
    });
    expect(matchLabelSelector(expression('In', ['web', 'api']), labels).matches).toBe(true);
    expect(matchLabelSelector(expression('NotIn', ['web']), labels).matches).toBe(false);
    expect(matchLabelSelector(expression('NotIn', ['web'], 'zone'), labels).matches).toBe(true);
    expect(matchLabelSelector(expression('Exists'), labels).matches).toBe(true);
    expect(matchLabelSelector(expression('DoesNotExist'), labels).matches).toBe(false);
  });

  it('matches nothing when malformed, and says why', () => {
    expect(matchLabelSelector({ matchExpressions: [{ key: 'a', operator: 'In' }] }, {})).toEqual({
      matches: false,
      error: 'operator In on "a" needs values',
    });
    expect(matchLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Like' }] }, {}).error).toContain('"Like"');
  });
});
