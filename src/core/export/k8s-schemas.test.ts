import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { kubernetesProblems } from '../../../test/support/kubernetes-schemas';
import { templates } from '../templates';
import { exportKubernetes, type K8sExport, type K8sExportOptions } from './k8s';

/**
 * Every manifest the Kubernetes export writes for the templates, the Score samples and score-k8s's
 * goldens (both formats, both start orders) is read back from the file and checked against the
 * Kubernetes API schemas (Gateway API's for HTTPRoute) with the kubernetes-models packages, unknown
 * fields included. Workloads the export refuses are counted, with the reason, not checked.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const reference = path.resolve(repoRoot, '../shared/reference');
const haveReference = existsSync(reference);
if (!haveReference) console.log(`Kubernetes schema check: the reference folder ${reference} is absent; templates only`);

const tally = { exports: 0, manifests: 0, refused: 0 };
const kinds = new Set<string>();

/** Checks what one export wrote; returns whether it wrote anything. */
function check(label: string, out: K8sExport): boolean {
  if (out.files.length === 0) {
    tally.refused++;
    return false;
  }
  tally.exports++;
  for (const doc of parseAllDocuments(out.files[0]!.content)) {
    expect(doc.errors, label).toEqual([]);
    const manifest = doc.toJS() as Record<string, unknown>;
    kinds.add(`${String(manifest.apiVersion)}/${String(manifest.kind)}`);
    tally.manifests++;
    expect(
      kubernetesProblems(manifest),
      `${label}: ${String(manifest.kind)} ${JSON.stringify(manifest.metadata)}`,
    ).toEqual([]);
  }
  return true;
}

function variants(
  label: string,
  inputs: Array<{ text: string; file: string }>,
  options: K8sExportOptions = {},
): number {
  let wrote = 0;
  for (const startOrder of ['ignore', 'init-containers'] as const) {
    for (const format of ['yaml', 'kyaml'] as const) {
      const out = exportKubernetes(inputs, { seed: 3, startOrder, format, ...options });
      if (check(`${label} (${startOrder}, ${format})`, out)) wrote++;
    }
  }
  return wrote;
}

const showcase = `apiVersion: score.dev/v1b1
metadata:
  name: showcase
  annotations:
    k8s.score.dev/kind: StatefulSet
    team.example.com/owner: platform
containers:
  migrate:
    image: migrate:1
    command: ["migrate", "--up"]
    before:
      api: {ready: complete}
  proxy:
    image: envoy:1
    readinessProbe:
      httpGet: {path: /ready, port: 9901, httpHeaders: [{name: X-Probe, value: "1"}]}
    before:
      api: {ready: healthy}
  api:
    image: api:1
    args: ["--port", "8080"]
    variables:
      DB: "postgres://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}/\${resources.db.name}"
      PASSWORD: \${resources.db.password}
    files:
      /etc/api/a.conf: {content: "a=\${metadata.name}", mode: "0600"}
      /etc/api/b.conf: {binaryContent: aGVsbG8=}
      /etc/api/secret: {content: "\${resources.db.password}"}
    volumes:
      /data: {source: "\${resources.data}", readOnly: true}
      /claims: {source: "\${resources.claim}"}
    resources:
      requests: {cpu: "0.25", memory: 1.5Gi}
      limits: {cpu: "1", memory: 2048Mi}
    livenessProbe:
      exec: {command: ["/bin/check"]}
service:
  ports:
    http: {port: 80, targetPort: 8080}
    metrics: {port: 9090, protocol: UDP}
resources:
  db: {type: postgres}
  data: {type: volume}
  claim: {type: claim}
  dns: {type: dns}
  bucket: {type: s3}
  topic: {type: kafka-topic}
  route:
    type: route
    params: {host: "\${resources.dns.host}", path: /, port: 80}
`;

const claimProvisioner = `- uri: template://test/claim
  type: claim
  outputs: |
    claimSpec:
      accessModes: ["ReadWriteOnce"]
      resources: {requests: {storage: 2Gi}}
`;

describe('the schema check', () => {
  it('finds a wrong type, a missing required field and an unknown field, at any depth', () => {
    const deployment = (container: Record<string, unknown>) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { selector: {}, template: { spec: { containers: [{ name: 'c', ...container }] } } },
    });
    expect(kubernetesProblems(deployment({ image: 'i' }))).toEqual([]);
    expect(kubernetesProblems(deployment({ ports: [{ containerPort: 'http' }] })).join()).toContain('must be integer');
    expect(
      kubernetesProblems({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{}] } }).join(),
    ).toContain('data/spec/ports/0 must have required property port');
    expect(kubernetesProblems(deployment({ restartPolicy: 'Always', startupProbes: {} }))).toEqual([
      '/spec/template/spec/containers/0/startupProbes: not a field of IIoK8sApiCoreV1Container',
    ]);
  });
});

describe('exported manifests validate against the Kubernetes API schemas', () => {
  afterAll(() =>
    console.log(
      `Kubernetes schema check: ${tally.manifests} manifests from ${tally.exports} exports valid (${[...kinds].sort().join(', ')}); ${tally.refused} exports refused, not checked`,
    ),
  );

  it('of the templates', () => {
    let wrote = 0;
    for (const template of templates) wrote += variants(template.name, [{ text: template.text, file: 'score.yaml' }]);
    expect(wrote).toBeGreaterThan(0);
  });

  it('of a workload that uses every feature the export converts, with a namespace', async () => {
    const { loadK8sProvisioners, defaultK8sProvisioners } = await import('./k8s');
    const loaded = loadK8sProvisioners(claimProvisioner);
    if ('error' in loaded) throw new Error(loaded.error);
    const provisioners = [...loaded.provisioners, ...defaultK8sProvisioners()];
    const options = { provisioners, namespace: 'shop', generateNamespace: true };
    expect(variants('showcase', [{ text: showcase, file: 'score.yaml' }], options)).toBe(4);
  });

  it.skipIf(!haveReference)('of the Score samples', () => {
    const dir = path.join(reference, 'score-samples');
    let wrote = 0;
    for (const name of readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('DERIVED'))) {
      wrote += variants(name, [{ text: readFileSync(path.join(dir, name), 'utf8'), file: name }]);
    }
    expect(wrote).toBeGreaterThan(10);
  });

  it.skipIf(!haveReference)("of score-k8s's goldens", () => {
    const dir = path.join(reference, 'score-k8s/golden');
    for (const name of readdirSync(dir).filter((d) => existsSync(path.join(dir, d, 'score.yaml')))) {
      const inputs = [{ text: readFileSync(path.join(dir, name, 'score.yaml'), 'utf8'), file: 'score.yaml' }];
      const patches = readdirSync(path.join(dir, name))
        .filter((f) => f.endsWith('.tpl'))
        .sort()
        .map((f) => readFileSync(path.join(dir, name, f), 'utf8'));
      variants(name, inputs, { patchTemplates: patches });
    }
  });
});
