import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { loadPolicySet } from '../policy/admission';
import { previewWorkload } from './preview';

/**
 * The example policy set (examples/policies/platform-basics.yaml): every rule passes a workload that
 * keeps it and fails, at the right place and with its binding's severity, one that breaks it.
 */
const POLICY_TEXT = readFileSync(new URL('../../../examples/policies/platform-basics.yaml', import.meta.url), 'utf8');
const policies = loadPolicySet([{ file: 'platform-basics.yaml', text: POLICY_TEXT }]);

const COMPLIANT = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: registry.example.com/shop/web:1.4.2
    resources:
      limits:
        cpu: 500m
        memory: 256Mi
resources:
  db:
    type: postgres
`;

function findings(text: string, set = policies): string[] {
  const preview = previewWorkload(parseWorkloadText(text), { policies: set });
  return preview.diagnostics
    .filter((d) => d.source === 'policy')
    .map((d) => `${d.severity} ${d.code} ${d.path} ${d.message.slice(0, d.message.indexOf('(binding') - 1)}`);
}

describe('the example policy set', () => {
  it('reads without problems: four policies, four bindings, one params object', () => {
    expect(policies.problems).toEqual([]);
    expect(policies.policies.map((p) => p.name)).toEqual([
      'score-allowed-resource-types',
      'score-required-annotations',
      'score-limits-required',
      'score-no-latest-tag',
    ]);
    expect(policies.bindings.map((b) => `${b.policyName} ${b.validationActions.join('+')}`)).toEqual([
      'score-allowed-resource-types Deny',
      'score-required-annotations Warn+Audit',
      'score-limits-required Deny',
      'score-no-latest-tag Deny',
    ]);
    expect(policies.params.map((p) => p.name)).toEqual(['score-platform-rules']);
  });

  it('passes a workload that keeps every rule', () => {
    expect(findings(COMPLIANT)).toEqual([]);
    const preview = previewWorkload(parseWorkloadText(COMPLIANT), { policies });
    expect(preview.policy).toEqual({ applied: 4, denied: 0, warned: 0, audited: 0 });
  });

  describe('allowed resource types (Deny, with params)', () => {
    it('denies a type the platform does not provision, at that type, naming it', () => {
      const text = COMPLIANT.replace('type: postgres', 'type: kafka-topic');
      expect(findings(text)).toEqual([
        'error POLICY_VIOLATION /resources/db/type Policy "score-allowed-resource-types"',
      ]);
      const preview = previewWorkload(parseWorkloadText(text), { policies });
      expect(preview.diagnostics.find((d) => d.source === 'policy')?.message).toContain(
        'this platform does not provision db (type kafka-topic); use one of postgres,redis,',
      );
    });

    it('passes a workload without resources', () => {
      expect(findings(COMPLIANT.replace(/resources:\n {2}db:\n {4}type: postgres\n/, ''))).toEqual([]);
    });

    it('denies everything when its params are missing (parameterNotFoundAction: Deny)', () => {
      const withoutParams = loadPolicySet([
        { file: 'p.yaml', text: POLICY_TEXT.replace(/kind: ConfigMap[\s\S]*?environment\n/, 'kind: Secret\n') },
      ]);
      expect(findings(COMPLIANT, withoutParams)).toEqual([
        'error POLICY_PARAMS_NOT_FOUND  Policy "score-allowed-resource-types"',
      ]);
    });
  });

  describe('required annotations (Warn and Audit)', () => {
    it('warns, at the metadata, when the owner is missing or blank', () => {
      const missing = COMPLIANT.replace(/ {2}annotations:\n {4}example\.com\/owner: team-shop\n/, '');
      expect(findings(missing)).toEqual([
        'warning POLICY_VIOLATION /metadata/annotations Policy "score-required-annotations"',
      ]);
      const blank = COMPLIANT.replace('example.com/owner: team-shop', 'example.com/owner: " "');
      expect(findings(blank)).toEqual([
        'warning POLICY_VIOLATION /metadata/annotations/example.com~1owner Policy "score-required-annotations"',
      ]);
      expect(previewWorkload(parseWorkloadText(missing), { policies }).status.conditions[0]).toMatchObject({
        status: 'True',
        message: 'Workload specification is valid (with 1 policy warning).',
      });
    });
  });

  describe('limits required (Deny, except sandboxes)', () => {
    it('denies a container without a memory limit, at its limits', () => {
      const text = COMPLIANT.replace('        memory: 256Mi\n', '');
      expect(findings(text)).toEqual([
        'error POLICY_VIOLATION /containers/web/resources/limits Policy "score-limits-required"',
      ]);
      expect(previewWorkload(parseWorkloadText(text), { policies }).status.conditions[0]).toMatchObject({
        status: 'False',
        reason: 'PolicyViolation',
      });
    });

    it('denies a container without resources, at the container', () => {
      const text = `${COMPLIANT}`.replace('containers:\n', 'containers:\n  side:\n    image: side:2\n');
      expect(findings(text)).toEqual([
        'error POLICY_VIOLATION /containers/side/resources Policy "score-limits-required"',
      ]);
    });

    it('lets a sandbox run without limits', () => {
      const sandbox = COMPLIANT.replace('        memory: 256Mi\n', '').replace(
        '  name: shop\n',
        '  name: shop\n  labels:\n    example.com/tier: sandbox\n',
      );
      expect(findings(sandbox)).toEqual([]);
    });
  });

  describe('no latest tags (Deny)', () => {
    const image = (name: string) => COMPLIANT.replace('registry.example.com/shop/web:1.4.2', name);
    for (const name of ['shop:latest', 'shop', 'registry.example.com:5000/shop/web']) {
      it(`denies "${name}", at the image`, () => {
        expect(findings(image(name))).toEqual([
          'error POLICY_VIOLATION /containers/web/image Policy "score-no-latest-tag"',
        ]);
      });
    }
    for (const name of ['registry.example.com:5000/shop/web:2.0', 'shop@sha256:' + 'a'.repeat(64), '.']) {
      it(`passes "${name.slice(0, 30)}"`, () => {
        expect(findings(image(name))).toEqual([]);
      });
    }
  });
});
