import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { loadPolicySet } from '../policy/admission';
import { loadOrchestratorConfig } from './config';
import { previewWorkload } from './preview';

/**
 * The orchestrator's view runs in the browser as it does in Node: the CEL evaluator (CRD rules and
 * admission policies), the configuration and the preview, in Chromium.
 */
const WORKLOAD = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: shop:latest
    files:
      - target: /etc/a
service:
  ports:
    www: {port: 8080}
`;

const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: no-latest}
spec:
  matchConstraints:
    resourceRules: [{apiGroups: [score.dev], apiVersions: [v1b1], operations: [CREATE], resources: [workloads]}]
  validations:
    - expression: "object.spec.containers.all(c, !object.spec.containers[c].image.endsWith(':latest'))"
      message: name a version
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: no-latest}
spec: {policyName: no-latest, validationActions: [Deny]}
`;

const CONFIG = `apiVersion: score.dev/v1b1
kind: OrchestratorConfig
metadata: {name: p}
spec:
  profiles:
    - name: web
      backends: [{backendId: k8s, runtimeClass: kubernetes, template: {kind: manifests, ref: web}, priority: 1, version: 1.0.0}]
  defaults: {profile: web}
`;

describe('the readiness preview in a browser', () => {
  it('evaluates CRD rules and policies with CEL, and chooses a backend', () => {
    expect(typeof window).toBe('object');
    const preview = previewWorkload(parseWorkloadText(WORKLOAD), {
      config: loadOrchestratorConfig(CONFIG, 'platform.yaml'),
      policies: loadPolicySet([{ file: 'policy.yaml', text: POLICY }]),
    });
    expect(
      preview.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.source} ${d.code} ${d.path}`),
    ).toEqual(['policy POLICY_VIOLATION /containers/web/image', 'export CEL_RULE_VIOLATION /containers/web/files/0']);
    expect(preview.selection?.backend?.backendId).toBe('k8s');
    expect(preview.status.conditions.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'SpecInvalid',
    });
  });
});
