import { describe, expect, it } from 'vitest';
import { haveOrchestratorReference, referenceText } from '../../../test/support/orchestrator/reference';
import { fieldName, loadOrchestratorConfig } from './config';

const CONFIG = `apiVersion: score.dev/v1b1
kind: OrchestratorConfig
metadata:
  name: shop-platform
spec:
  profiles:
    - name: web
      backends:
        - backendId: k8s-web
          runtimeClass: kubernetes
          template: {kind: manifests, ref: registry.example.com/web:1}
          priority: 10
          version: 1.0.0
  provisioners:
    - type: postgres
      provisioner: pg-operator
      classes: [{name: small}, {name: large}]
      defaults: {class: small}
  defaults:
    profile: web
`;

function asConfigMap(config: string): string {
  const indented = config
    .split('\n')
    .map((line) => (line === '' ? '' : `    ${line}`))
    .join('\n');
  return `apiVersion: v1
kind: Namespace
metadata:
  name: score-system
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: orchestrator-config
  namespace: score-system
data:
  config.yaml: |
${indented}`;
}

function problems(text: string): string[] {
  return loadOrchestratorConfig(text, 'platform.yaml').problems.map(
    (p) => `${p.range.line}:${p.range.column} ${p.message}`,
  );
}

describe('loading an OrchestratorConfig', () => {
  it('reads the config itself, or the ConfigMap that holds it under config.yaml', () => {
    for (const text of [CONFIG, asConfigMap(CONFIG)]) {
      const loaded = loadOrchestratorConfig(text, 'platform.yaml');
      expect(loaded.problems).toEqual([]);
      expect(loaded.config).toMatchObject({
        name: 'shop-platform',
        profiles: [{ name: 'web', backends: [{ backendId: 'k8s-web', priority: 10, version: '1.0.0' }] }],
        provisioners: [{ type: 'postgres', provisioner: 'pg-operator', defaults: { class: 'small' } }],
        defaults: { profile: 'web', selectors: [] },
      });
    }
  });

  it.skipIf(!haveOrchestratorReference)("reads the orchestrator's sample and e2e configurations", () => {
    const sample = loadOrchestratorConfig(referenceText('config/samples/orchestrator-config.yaml'), 'sample.yaml');
    expect(sample.problems).toEqual([]);
    expect(sample.config!.profiles.map((p) => [p.name, p.backends.map((b) => b.backendId)])).toEqual([
      ['web-service', ['k8s-web-dev', 'k8s-web-prod']],
      ['batch-job', ['k8s-batch-standard']],
    ]);
    expect(sample.config!.defaults.selectors.map((s) => s.profile)).toEqual(['batch-job', 'batch-job']);
    const e2e = loadOrchestratorConfig(referenceText('test/e2e/fixtures/orchestrator-config.yaml'), 'e2e.yaml');
    expect(e2e.config!.provisioners.map((p) => p.type)).toEqual(['postgres', 'redis']);
  });

  it.skipIf(!haveOrchestratorReference)(
    'refuses the simple sample as the orchestrator would: template kind inline, and no ref',
    () => {
      const simple = loadOrchestratorConfig(
        referenceText('config/samples/simple-orchestrator-config.yaml'),
        'simple.yaml',
      );
      expect(simple.config).toBeUndefined();
      expect(simple.problems.map((p) => `${p.range.line} ${p.message}`)).toEqual([
        '21 Template kind "inline" is not supported; use manifests, helm, kustomize.',
        '20 The template needs a ref.',
      ]);
    },
  );

  it('places a problem inside config.yaml at its line and column in the file', () => {
    const broken = asConfigMap(CONFIG.replace('priority: 10', 'priority: high'));
    const line = broken.split('\n').findIndex((l) => l.includes('priority: high')) + 1;
    const column = broken.split('\n')[line - 1]!.indexOf('high') + 1;
    expect(problems(broken)).toEqual([
      `${line}:${column} spec.profiles[0].backends[0].priority must be a whole number.`,
    ]);
  });

  it("checks what the orchestrator's validator checks", () => {
    const config = CONFIG.replace('runtimeClass: kubernetes', 'runtimeClass: lambda')
      .replace('version: 1.0.0', 'version: ""')
      .replace('defaults: {class: small}', 'defaults: {class: medium}')
      .replace('profile: web\n', 'profile: api\n    selectors:\n      - profile: web\n');
    expect(problems(config).map((p) => p.replace(/^\d+:\d+ /, ''))).toEqual([
      'Runtime class "lambda" is not supported; use kubernetes, ecs, nomad.',
      'Backend "k8s-web" needs a version.',
      'The default class "medium" is not one of this provisioner\'s classes.',
      'The default profile "api" is not defined.',
      'A selector must give matchLabels or matchExpressions.',
    ]);
    expect(problems(CONFIG.replace('name: web\n', 'name: Web_Apps\n'))).toEqual([
      expect.stringContaining('Profile name "Web_Apps" must be a DNS label'),
      expect.stringContaining('The default profile "web" is not defined.'),
    ]);
    const twice = CONFIG.replace('  provisioners:', '  provisioners:\n    - {type: postgres, provisioner: other}');
    expect(problems(twice)).toEqual([expect.stringContaining('Two provisioners take type "postgres"')]);
    const range = CONFIG.replace('priority: 10', 'priority: 10\n          constraints: {resources: {cpu: "1 CPU"}}');
    expect(problems(range)).toEqual([expect.stringContaining('"1 CPU" is not a cpu range')]);
  });

  it('says what it needs when the file holds no configuration, and never throws on bad input', () => {
    expect(problems('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {other: y}')).toEqual([
      expect.stringContaining('No OrchestratorConfig here'),
    ]);
    expect(problems('a: [')[0]).toMatch(/^1:/);
    expect(problems('a: &a [*a, *a]\n')).toHaveLength(1);
    expect(problems(asConfigMap('kind: [')).join()).toContain('config.yaml could not be read');
    expect(loadOrchestratorConfig('\u0000', 'x').problems[0]!.message).toContain('binary');
  });

  it('names fields as the orchestrator does', () => {
    expect(fieldName('/spec/profiles/0/backends/1/priority')).toBe('spec.profiles[0].backends[1].priority');
  });
});
