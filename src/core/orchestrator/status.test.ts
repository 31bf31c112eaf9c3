import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../catalog/catalog';
import { parseWorkloadText } from '../document/parse';
import { loadPolicySet } from '../policy/admission';
import { loadOrchestratorConfig, type LoadedConfig } from './config';
import { previewWorkload, type PreviewOptions } from './preview';
import { computeReady, normalizeStatus, type Condition } from './status';

const PLATFORM = `apiVersion: score.dev/v1b1
kind: OrchestratorConfig
metadata: {name: shop-platform}
spec:
  profiles:
    - name: web-service
      backends:
        - {backendId: k8s-web, runtimeClass: kubernetes, template: {kind: manifests, ref: web:1}, priority: 1, version: 1.0.0}
    - name: batch-job
      backends:
        - {backendId: nomad-batch, runtimeClass: nomad, template: {kind: helm, ref: batch:1}, priority: 1, version: 1.0.0}
  provisioners:
    - type: postgres
      provisioner: pg-operator
      classes: [{name: small}, {name: large}]
      defaults: {class: small}
  defaults: {profile: web-service}
`;

const platform: LoadedConfig = loadOrchestratorConfig(PLATFORM, 'platform.yaml');

const WEB = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: shop:1.0
    variables:
      DB_HOST: \${resources.db.host}
service:
  ports:
    www: {port: 8080, targetPort: 80}
    admin: {port: 9000}
resources:
  db: {type: postgres}
`;

function preview(text: string, options: PreviewOptions = { config: platform, catalog: builtinCatalog() }) {
  return previewWorkload(parseWorkloadText(text), options);
}

function conditions(text: string, options?: PreviewOptions): Record<string, string> {
  return Object.fromEntries(preview(text, options).status.conditions.map((c) => [c.type, `${c.status} ${c.reason}`]));
}

function condition(text: string, type: string, options?: PreviewOptions): Condition {
  return preview(text, options).status.conditions.find((c) => c.type === type)!;
}

describe('the readiness preview', () => {
  it('is Ready, with the backend named and the endpoint, when everything can be made', () => {
    const result = preview(WEB);
    expect(result.status.conditions.map((c) => `${c.type} ${c.status} ${c.reason}`)).toEqual([
      'InputsValid True Succeeded',
      'ClaimsReady True Succeeded',
      'RuntimeReady True Succeeded',
      'Ready True Succeeded',
    ]);
    expect(condition(WEB, 'RuntimeReady').message).toBe(
      'Runtime provisioned on backend k8s-web (runtime kubernetes, template manifests web:1) of profile "web-service", chosen because the workload has service ports, and it is the first profile whose name contains "web" or "service".',
    );
    expect(result.status.claims).toEqual([
      {
        key: 'db',
        phase: 'Bound',
        reason: 'Succeeded',
        message: 'Provisioned by pg-operator in class "small" (its default), from the platform configuration.',
        outputsAvailable: true,
      },
    ]);
    expect(result.status.endpoint).toBe('http://localhost:8080');
  });

  describe('InputsValid', () => {
    it('is False, SpecInvalid, when the workload has errors', () => {
      const broken = WEB.replace('image: shop:1.0', 'image: ""');
      expect(conditions(broken)).toMatchObject({ InputsValid: 'False SpecInvalid', Ready: 'False SpecInvalid' });
      expect(condition(broken, 'InputsValid').message).toMatch(/^The workload has 1 error; the first: /);
    });

    it('is False, SpecInvalid, when the API server would refuse the Workload', () => {
      const refused = WEB.replace('image: shop:1.0', 'image: shop-');
      expect(conditions(refused)).toMatchObject({ InputsValid: 'False SpecInvalid' });
      expect(condition(refused, 'InputsValid').message).toBe(
        "The orchestrator would refuse this Workload: spec.containers.web.image: image must be '.' for build-from-source or a valid image reference",
      );
    });

    it('is False, PolicyViolation, when a Deny policy fails, and True with a Warn one', () => {
      const policies = (action: string) =>
        loadPolicySet([
          {
            file: 'p.yaml',
            text: `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: owner}
spec:
  matchConstraints:
    resourceRules: [{apiGroups: [score.dev], apiVersions: [v1b1], operations: [CREATE], resources: [workloads]}]
  validations:
    - expression: has(object.metadata.annotations)
      message: say who owns it
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: owner}
spec: {policyName: owner, validationActions: [${action}]}
`,
          },
        ]);
      const denied = preview(WEB, { config: platform, policies: policies('Deny') });
      expect(denied.status.conditions[0]).toEqual({
        type: 'InputsValid',
        status: 'False',
        reason: 'PolicyViolation',
        message: 'Admission would be denied by policy "owner": say who owns it',
      });
      expect(denied.status.conditions[3]).toMatchObject({ status: 'False', reason: 'PolicyViolation' });
      expect(denied.diagnostics.filter((d) => d.source === 'policy').map((d) => [d.severity, d.path])).toEqual([
        ['error', '/metadata/annotations'],
      ]);
      const warned = preview(WEB, { config: platform, policies: policies('Warn') });
      expect(warned.status.conditions[0]).toMatchObject({
        status: 'True',
        message: 'Workload specification is valid (with 1 policy warning).',
      });
    });
  });

  describe('ClaimsReady and the claims', () => {
    it('is True with no resources', () => {
      const alone = 'apiVersion: score.dev/v1b1\nmetadata: {name: solo}\ncontainers: {app: {image: solo:1}}\n';
      expect(condition(alone, 'ClaimsReady')).toMatchObject({ status: 'True', message: 'No resource dependencies.' });
      expect(preview(alone).status.claims).toEqual([]);
    });

    it('binds a type the catalog provisions, with the catalog’s outputs', () => {
      const result = preview(
        WEB.replace('type: postgres', 'type: redis').replace('resources.db.host', 'resources.db.port'),
      );
      expect(result.claims[0]).toMatchObject({ phase: 'Bound', provisioner: { from: 'catalog' } });
      expect(result.claims[0]!.outputs).toContain('port');
    });

    it('leaves a claim Pending, ClaimPending, when nobody provisions its type', () => {
      const text = WEB.replace('type: postgres', 'type: quantum-db');
      expect(conditions(text)).toMatchObject({
        ClaimsReady: 'False ClaimPending',
        RuntimeReady: 'False RuntimeSelecting',
        Ready: 'False ClaimPending',
      });
      expect(preview(text).status.claims[0]).toMatchObject({
        phase: 'Pending',
        reason: 'ClaimPending',
        outputsAvailable: false,
      });
      expect(condition(text, 'RuntimeReady').message).toMatch(
        /^The plan waits for the resource claims; then backend k8s-web/,
      );
      expect(
        preview(text)
          .diagnostics.filter((d) => d.source === 'orchestrator')
          .map((d) => [d.code, d.path]),
      ).toEqual([['CLAIM_NOT_PROVISIONED', '/resources/db/type']]);
    });

    it('fails a claim, ClaimFailed, in a class its provisioner does not offer', () => {
      const text = WEB.replace('type: postgres', 'type: postgres, class: huge');
      expect(conditions(text)).toMatchObject({ ClaimsReady: 'False ClaimFailed', Ready: 'False ClaimFailed' });
      expect(preview(text).status.claims[0]).toMatchObject({
        phase: 'Failed',
        message: 'Provisioner pg-operator (type "postgres") has no class "huge"; it offers "small", "large".',
      });
      expect(preview(text).diagnostics.find((d) => d.code === 'CLASS_NOT_OFFERED')?.path).toBe('/resources/db/class');
    });
  });

  describe('RuntimeReady', () => {
    it('is RuntimeSelecting without a platform configuration, or with one the orchestrator would refuse', () => {
      expect(condition(WEB, 'RuntimeReady', { catalog: builtinCatalog() })).toMatchObject({
        status: 'False',
        reason: 'RuntimeSelecting',
        message:
          'No platform configuration is loaded, so no profile or backend can be chosen. Load an OrchestratorConfig.',
      });
      const refused = loadOrchestratorConfig(PLATFORM.replace('runtimeClass: nomad', 'runtimeClass: lambda'), 'p.yaml');
      expect(condition(WEB, 'RuntimeReady', { config: refused }).message).toBe(
        'The platform configuration would be refused: Runtime class "lambda" is not supported; use kubernetes, ecs, nomad..',
      );
    });

    it('is RuntimeSelecting when the profile or backend cannot be chosen', () => {
      const hinted = WEB.replace('  name: shop\n', '  name: shop\n  annotations: {score.dev/profile: gpu}\n');
      expect(conditions(hinted)).toMatchObject({
        RuntimeReady: 'False RuntimeSelecting',
        Ready: 'False RuntimeSelecting',
      });
      expect(preview(hinted).diagnostics.find((d) => d.code === 'PROFILE_NOT_FOUND')?.path).toBe(
        '/metadata/annotations/score.dev~1profile',
      );
      const picky = loadOrchestratorConfig(
        PLATFORM.replace(
          'priority: 1, version: 1.0.0}',
          'priority: 1, version: 1.0.0, constraints: {features: [gpu]}}',
        ),
        'p.yaml',
      );
      expect(condition(WEB, 'RuntimeReady', { config: picky }).message).toMatch(
        /^Backend selection failed: no backend of profile "web-service"/,
      );
    });

    it('is ProjectionError, naming each placeholder the orchestrator could not fill in', () => {
      // A function, so that replace() reads no $$ in the new text as its own escape.
      const text = WEB.replace(
        'DB_HOST: ${resources.db.host}',
        () => `DB_HOST: \${resources.db.hostname}
      NAME: \${metadata.name}
      MIXED: \${resources.db.outputs.host}:\${resources.db.port}
      CACHE: \${resources.cache.host}
      LITERAL: $\${HOME}`,
      );
      const runtime = condition(
        text.replace('NAME: ${metadata.name}\n      ', '').replace('CACHE: ${resources.cache.host}\n      ', ''),
        'RuntimeReady',
      );
      expect(runtime.reason).toBe('ProjectionError');
      const result = preview(text);
      expect(
        result.diagnostics.filter((d) => d.code === 'UNRESOLVED_PLACEHOLDER').map((d) => `${d.path} ${d.message}`),
      ).toEqual([
        '/containers/web/variables/DB_HOST ${resources.db.hostname} in variable DB_HOST of container "web" would stay unresolved: resource "db" gives no output "hostname" (it gives host, port, name, database, username, password).',
        '/containers/web/variables/NAME ${metadata.name} in variable NAME of container "web" would stay unresolved: the orchestrator fills in only ${resources.…} placeholders, not metadata.',
        '/containers/web/variables/MIXED ${resources.db.port} in variable MIXED of container "web" would stay unresolved: this value also uses the long form ${resources.KEY.outputs.NAME}, and then the orchestrator leaves the short form as written.',
        '/containers/web/variables/CACHE ${resources.cache.host} in variable CACHE of container "web" would stay unresolved: the workload has no resource "cache".',
        '/containers/web/variables/LITERAL ${HOME} in variable LITERAL of container "web" would stay unresolved: the orchestrator does not read $$ as an escape, so it sees a placeholder here.',
      ]);
    });

    it('accepts any output of a claim whose outputs no catalog lists', () => {
      const text = WEB.replace('resources.db.host', 'resources.db.whatever');
      expect(condition(text, 'RuntimeReady', { config: platform }).status).toBe('True');
    });
  });

  describe('the endpoint', () => {
    it('is the first service port on the Kubernetes runtime, and none otherwise', () => {
      expect(preview(WEB).status.endpoint).toBe('http://localhost:8080');
      const noPorts = WEB.replace(/service:\n(.*\n){3}/, '');
      expect(preview(noPorts).status.endpoint).toBeUndefined();
      const nomad = WEB.replace('  name: shop\n', '  name: shop\n  annotations: {score.dev/profile: batch-job}\n');
      expect(condition(nomad, 'RuntimeReady').status).toBe('True');
      expect(preview(nomad).status.endpoint).toBeUndefined();
      expect(preview(WEB.replace('type: postgres', 'type: quantum-db')).status.endpoint).toBeUndefined();
    });
  });

  it('says the workload could not be read, and evaluates nothing else', () => {
    const result = preview('containers: [');
    expect(result.resource).toBeUndefined();
    expect(result.status.conditions.map((c) => `${c.type} ${c.status} ${c.reason}`)).toEqual([
      'InputsValid False SpecInvalid',
      'ClaimsReady Unknown ClaimPending',
      'RuntimeReady Unknown RuntimeSelecting',
      'Ready False SpecInvalid',
    ]);
  });
});

describe('Ready, from the three conditions (both vocabularies)', () => {
  const c = (type: string, status: Condition['status'], reason = 'Succeeded'): Condition => ({
    type,
    status,
    reason,
    message: `${type} says so`,
  });
  const ok = [c('InputsValid', 'True'), c('ClaimsReady', 'True'), c('RuntimeReady', 'True')];

  it('is True when all three are True', () => {
    expect(computeReady(ok)).toEqual({
      type: 'Ready',
      status: 'True',
      reason: 'Succeeded',
      message: 'The workload is ready and operational.',
    });
  });

  it('takes the first condition, in order, that is not True', () => {
    const ready = (conditions: Condition[]) => `${computeReady(conditions).status} ${computeReady(conditions).reason}`;
    expect(ready([c('InputsValid', 'False', 'PolicyViolation'), c('ClaimsReady', 'False', 'ClaimFailed')])).toBe(
      'False PolicyViolation',
    );
    expect(
      ready([
        c('InputsValid', 'True'),
        c('ClaimsReady', 'False', 'ClaimFailed'),
        c('RuntimeReady', 'False', 'RuntimeDegraded'),
      ]),
    ).toBe('False ClaimFailed');
    expect(
      ready([c('InputsValid', 'True'), c('ClaimsReady', 'True'), c('RuntimeReady', 'False', 'ProjectionError')]),
    ).toBe('False ProjectionError');
    expect(computeReady([c('InputsValid', 'False', 'SpecInvalid')]).message).toBe(
      'The workload is not valid: InputsValid says so',
    );
  });

  it('gives the waiting reason of a stage whose condition is missing or Unknown', () => {
    expect(computeReady([]).reason).toBe('SpecInvalid');
    expect(computeReady([c('InputsValid', 'True'), c('ClaimsReady', 'Unknown')]).reason).toBe('ClaimPending');
    expect(computeReady([c('InputsValid', 'True'), c('ClaimsReady', 'True')]).reason).toBe('RuntimeProvisioning');
  });

  it('reads the older vocabulary: BindingsReady, BindingPending, BindingFailed', () => {
    expect(computeReady([c('InputsValid', 'True'), c('BindingsReady', 'True'), c('RuntimeReady', 'True')]).status).toBe(
      'True',
    );
    expect(computeReady([c('InputsValid', 'True'), c('BindingsReady', 'False', 'BindingPending')]).reason).toBe(
      'ClaimPending',
    );
    expect(computeReady([c('InputsValid', 'True'), c('BindingsReady', 'False', 'BindingFailed')]).reason).toBe(
      'ClaimFailed',
    );
  });
});

describe('a status as a cluster returned it', () => {
  it('reads the older vocabulary into the current one', () => {
    const status = normalizeStatus({
      conditions: [
        { type: 'BindingsReady', status: 'False', reason: 'BindingPending', message: 'waiting' },
        { type: 'InputsValid', status: 'True', reason: 'Succeeded', message: '' },
      ],
      bindings: [
        { key: 'db', phase: 'Binding', reason: 'BindingPending', outputsAvailable: false },
        { key: 'cache', phase: '' },
        { key: 'queue', phase: 'Bound', outputsAvailable: true },
        { key: 'blob', phase: 'Failed', reason: 'BindingFailed', message: 'quota' },
      ],
      endpoint: 'http://localhost:8080',
    });
    expect(status.conditions.map((c) => `${c.type} ${c.reason}`)).toEqual([
      'ClaimsReady ClaimPending',
      'InputsValid Succeeded',
    ]);
    expect(status.claims.map((c) => `${c.key} ${c.phase} ${c.reason ?? ''}`)).toEqual([
      'db Claiming ClaimPending',
      'cache Pending ',
      'queue Bound ',
      'blob Failed ClaimFailed',
    ]);
    expect(status.endpoint).toBe('http://localhost:8080');
  });

  it("reads the runtime's condition names as the orchestrator mirrors them", () => {
    const status = normalizeStatus({
      conditions: [
        { type: 'Available', status: 'True', reason: 'Deployed' },
        { type: 'Validated', status: 'False', reason: 'AdmissionDenied' },
        { type: 'Provisioned', status: 'False', reason: 'ProvisioningFailed' },
      ],
      claims: [{ key: 'db', phase: 'Claiming' }],
    });
    expect(status.conditions.map((c) => `${c.type} ${c.status} ${c.reason}`)).toEqual([
      'RuntimeReady True Succeeded',
      'InputsValid False PolicyViolation',
      'ClaimsReady False ClaimFailed',
    ]);
    expect(status.claims).toEqual([{ key: 'db', phase: 'Claiming' }]);
    expect(normalizeStatus('nonsense')).toEqual({ conditions: [], claims: [] });
  });
});
