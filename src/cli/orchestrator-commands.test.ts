import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { validateWorkloadResource } from '../core/orchestrator/workload-resource';
import { parseArgs, usageText } from './args';

/** `score-designer workload` and `score-designer status`, run as a user runs them. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/score-designer.mjs');
const examplePolicies = path.join(repoRoot, 'examples/policies/platform-basics.yaml');

function cli(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: dir, input, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const SHOP = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: registry.example.com/shop:1.2
    variables:
      DB_HOST: \${resources.db.host}
    resources:
      limits: {cpu: 500m, memory: 256Mi}
service:
  ports:
    www: {port: 8080}
resources:
  db:
    type: postgres
`;

const PLATFORM = `apiVersion: v1
kind: ConfigMap
metadata:
  name: orchestrator-config
  namespace: score-system
data:
  config.yaml: |
    apiVersion: score.dev/v1b1
    kind: OrchestratorConfig
    metadata:
      name: shop-platform
    spec:
      profiles:
        - name: web-service
          backends:
            - backendId: k8s-web
              runtimeClass: kubernetes
              template: {kind: manifests, ref: web:1}
              priority: 1
              version: 1.0.0
      provisioners:
        - {type: postgres, provisioner: pg-operator, classes: [{name: small}], defaults: {class: small}}
      defaults:
        profile: web-service
`;

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-orchestrator-'));
  writeFileSync(file('shop.yaml'), SHOP);
  writeFileSync(
    file('latest.yaml'),
    SHOP.replace('shop:1.2', 'shop:latest').replace('name: shop', 'name: shop-latest'),
  );
  writeFileSync(
    file('volume.yaml'),
    SHOP.replace('    variables:', '    volumes:\n      /data: {source: "${resources.db}"}\n    variables:'),
  );
  writeFileSync(file('refused.yaml'), SHOP.replace('shop:1.2', 'shop-'));
  writeFileSync(file('platform.yaml'), PLATFORM);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parsing the orchestrator commands', () => {
  it('reads workload FILE... [--namespace NS]', () => {
    expect(parseArgs(['workload', 'a.yaml', '--namespace', 'shop', 'b.yaml'])).toEqual({
      kind: 'workload',
      files: ['a.yaml', 'b.yaml'],
      namespace: 'shop',
    });
    expect(parseArgs(['workload', '-'])).toEqual({ kind: 'workload', files: ['-'] });
  });

  it('reads status FILE... [--config FILE] [--policy FILE]... [--format text|json] [--namespace NS]', () => {
    expect(
      parseArgs([
        'status',
        'a.yaml',
        '--config=p.yaml',
        '--policy',
        'x.yaml',
        '--policy',
        'y.yaml',
        '--format',
        'json',
      ]),
    ).toEqual({
      kind: 'status',
      files: ['a.yaml'],
      config: 'p.yaml',
      policies: ['x.yaml', 'y.yaml'],
      format: 'json',
    });
    expect(parseArgs(['status', 'a.yaml'])).toEqual({
      kind: 'status',
      files: ['a.yaml'],
      policies: [],
      format: 'text',
    });
  });

  it('refuses what makes no sense, with the command named', () => {
    const error = (argv: string[]) => {
      const request = parseArgs(argv);
      return request.kind === 'usage-error' ? `${request.command} ${request.message}` : request.kind;
    };
    expect(error(['workload'])).toBe('workload workload needs at least one Score FILE (or - for standard input).');
    expect(error(['workload', 'a.yaml', '--namespace', 'Bad_NS'])).toContain('is not a namespace name');
    expect(error(['status', 'a.yaml', '--config', 'x', '--config', 'y'])).toBe('status Give --config only once.');
    expect(error(['status', 'a.yaml', '--format', 'xml'])).toBe(
      'status Unknown format "xml"; use --format text or --format json.',
    );
    expect(error(['status', 'a.yaml', '--policy', '-'])).toBe(
      'status --config and --policy need files; standard input is for Score files.',
    );
    expect(error(['status', 'a.yaml', '--seed', '1'])).toBe('status Unknown option "--seed" for status.');
    expect(error(['status', 'a.yaml', '--policy'])).toBe('status --policy needs a value.');
  });

  it('lists both commands in the general help, and has their own', () => {
    expect(usageText()).toMatch(/workload {9}Convert Score workloads to the score-orchestrator's Workload resource/);
    expect(usageText()).toMatch(/status {11}Preview the status/);
    expect(usageText('status')).toContain('--policy FILE');
  });
});

describe('score-designer workload', () => {
  it('prints each Workload resource as a YAML document, valid for the API server', () => {
    const run = cli(['workload', 'shop.yaml', 'latest.yaml', '--namespace', 'shop']);
    expect(run.status).toBe(0);
    const documents = parseAllDocuments(run.stdout).map(
      (d) => d.toJS() as Record<string, { name: string; namespace: string }>,
    );
    expect(documents.map((d) => `${d.metadata!.namespace}/${d.metadata!.name}`)).toEqual([
      'shop/shop',
      'shop/shop-latest',
    ]);
    for (const resource of documents) expect(validateWorkloadResource(resource)).toEqual([]);
    expect(run.stderr).toContain(
      'shop.yaml:15:5: info NOT_IN_WORKLOAD_RESOURCE Port "www" keeps its number but not its name',
    );
  });

  it('warns about what it leaves out, and refuses, with exit status 1, what the API server would refuse', () => {
    const volume = cli(['workload', 'volume.yaml']);
    expect(volume.status).toBe(0);
    expect(volume.stderr).toContain(
      'volume.yaml:9:5: warning NOT_IN_WORKLOAD_RESOURCE The Workload resource has no volumes',
    );
    const refused = cli(['workload', 'refused.yaml', 'shop.yaml']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "refused.yaml:8:12: error CEL_RULE_VIOLATION The orchestrator would refuse this Workload: spec.containers.web.image: image must be '.'",
    );
    expect(parseAllDocuments(refused.stdout)).toHaveLength(1);
  });

  it('reads standard input, and exits 2 for a file it cannot read', () => {
    expect(cli(['workload', '-'], SHOP).status).toBe(0);
    const missing = cli(['workload', 'shop.yaml', 'missing.yaml']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('missing.yaml: no such file.');
  });
});

describe('score-designer status', () => {
  it('prints the conditions, claims and endpoint, and exits 0 when the workload would be Ready', () => {
    const run = cli(['status', 'shop.yaml', '--config', 'platform.yaml', '--policy', examplePolicies]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^shop\.yaml: Workload shop in namespace default\n {2}Ready {9}True {5}Succeeded {2}The workload is ready/,
    );
    expect(run.stdout).toContain(
      '  claims:\n    db: Bound - Provisioned by pg-operator in class "small" (its default)',
    );
    expect(run.stdout).toContain('  endpoint: http://localhost:8080\n');
    expect(run.stdout).toContain('    backend k8s-web: chosen\n');
    expect(run.stdout).toContain('  policies: 4 applied, 0 denied, 0 warned, 0 audited\n');
    expect(run.stderr).toBe('1 workload: 1 would be Ready, 0 would not\n');
  });

  it('exits 1 when a workload would not be Ready, and says why at its place', () => {
    const run = cli(['status', 'shop.yaml', 'latest.yaml', '--config', 'platform.yaml', '--policy', examplePolicies]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  Ready         False    PolicyViolation');
    expect(run.stdout).toContain('latest.yaml:8:12: error POLICY_VIOLATION Policy "score-no-latest-tag"');
    expect(run.stderr).toBe('2 workloads: 1 would be Ready, 1 would not\n');
    expect(cli(['status', 'shop.yaml']).status).toBe(1); // no configuration: no backend can be chosen
  });

  it('prints {file, workload, status, diagnostics} per file as JSON', () => {
    const run = cli([
      'status',
      'latest.yaml',
      '--config',
      'platform.yaml',
      '--policy',
      examplePolicies,
      '--format',
      'json',
    ]);
    const [report] = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(Object.keys(report!)).toEqual(['file', 'workload', 'status', 'diagnostics']);
    const workload = report!.workload as Record<string, unknown>;
    expect(Object.keys(workload)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    const status = report!.status as {
      conditions: Array<Record<string, string>>;
      claims: unknown[];
      endpoint: unknown;
    };
    expect(status.conditions.map((c) => `${c.type} ${c.status} ${c.reason}`)).toEqual([
      'InputsValid False PolicyViolation',
      'ClaimsReady True Succeeded',
      'RuntimeReady True Succeeded',
      'Ready False PolicyViolation',
    ]);
    expect(status.claims).toEqual([
      { key: 'db', phase: 'Bound', reason: 'Succeeded', message: expect.any(String), outputsAvailable: true },
    ]);
    expect(status.endpoint).toBe('http://localhost:8080');
    expect(report!.diagnostics).toContainEqual({
      severity: 'error',
      source: 'policy',
      code: 'POLICY_VIOLATION',
      message: expect.stringContaining('score-no-latest-tag'),
      path: '/containers/web/image',
      line: 8,
      column: 12,
      endLine: 8,
      endColumn: 44,
    });
  });

  it('reports problems in the configuration and policy files at their lines, on stderr', () => {
    writeFileSync(file('broken-platform.yaml'), PLATFORM.replace('priority: 1', 'priority: first'));
    writeFileSync(
      file('broken-policy.yaml'),
      'apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\nmetadata: {name: b}\nspec: {policyName: p}\n',
    );
    const run = cli(['status', 'shop.yaml', '--config', 'broken-platform.yaml', '--policy', 'broken-policy.yaml']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'broken-platform.yaml:19:25: error spec.profiles[0].backends[0].priority must be a whole number.',
    );
    expect(run.stderr).toContain('broken-policy.yaml:4:7: error Binding "b" needs spec.validationActions');
    expect(run.stdout).toContain('RuntimeSelecting  The platform configuration would be refused');
  });

  it('exits 2 when a configuration or policy file cannot be read', () => {
    const run = cli(['status', 'shop.yaml', '--config', 'nowhere.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('nowhere.yaml: no such file.');
  });
});
