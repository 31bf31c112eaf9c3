import { describe, expect, it } from 'vitest';
import { exportKubernetes, loadK8sProvisioners, type K8sExport, type K8sExportOptions, type Manifest } from './index';

/** The Kubernetes export's behaviour a user notices: what each field becomes, and each refusal at its place. */
function run(text: string, options: K8sExportOptions = {}): K8sExport {
  return exportKubernetes([{ text, file: 'score.yaml' }], { seed: 5, ...options });
}

function workload(body: string, name = 'shop'): string {
  return `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\n${body}`;
}

function find(out: K8sExport, kind: string, name?: string): Manifest {
  const m = out.manifests.find(
    (x) => x.kind === kind && (name === undefined || (x.metadata as { name: string }).name === name),
  );
  if (!m) throw new Error(`no ${kind} ${name ?? ''} in ${out.manifests.map((x) => x.kind).join(', ')}`);
  return m;
}

function podOf(out: K8sExport): {
  containers: Array<Record<string, unknown>>;
  volumes?: Array<Record<string, unknown>>;
} {
  // The workload's own (provisioners add StatefulSets of their own).
  const owner = out.manifests.find(
    (m) => (m.kind === 'Deployment' || m.kind === 'StatefulSet') && (m.metadata as { name: string }).name === 'shop',
  )!;
  return (owner.spec as { template: { spec: never } }).template.spec;
}

const errorsOf = (out: K8sExport) => out.diagnostics.filter((d) => d.severity === 'error');

describe('exportKubernetes', () => {
  it('turns secret outputs into secretKeyRefs, and text around them into hidden variables', () => {
    const out = run(
      workload(`containers:
  web:
    image: nginx
    variables:
      PASSWORD: \${resources.db.password}
      URL: "postgres://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}"
resources:
  db:
    type: postgres
`),
    );
    expect(errorsOf(out)).toEqual([]);
    const env = podOf(out).containers[0]!.env as Array<Record<string, unknown>>;
    const secret = (find(out, 'Secret').metadata as { name: string }).name;
    const ref = { secretKeyRef: { name: secret, key: 'password' } };
    expect(env[0]).toMatchObject({ name: expect.stringMatching(/^__ref_/), valueFrom: ref });
    expect(env.find((e) => e.name === 'PASSWORD')).toEqual({ name: 'PASSWORD', valueFrom: ref });
    expect(env.find((e) => e.name === 'URL')!.value).toMatch(
      new RegExp(`^postgres://user-\\w+:\\$\\(${env[0]!.name}\\)@${secret}$`),
    );
  });

  it('mounts a file that is one secret from the Secret, and refuses a file that mixes one with text', () => {
    const files = (content: string) =>
      workload(`containers:
  web:
    image: nginx
    files:
      - target: /etc/app/password
        content: ${JSON.stringify(content)}
resources:
  db:
    type: postgres
`);
    const whole = run(files('${resources.db.password}'));
    expect(podOf(whole).volumes).toMatchObject([
      { secret: { secretName: expect.stringMatching(/^pg-shop-/), items: [{ key: 'password', path: 'password' }] } },
    ]);
    const mixed = run(files('password=${resources.db.password}'));
    expect(mixed.files).toEqual([]);
    // The list-form file is upgraded to a map keyed by target; the problem points at the list item.
    expect(errorsOf(mixed)).toMatchObject([
      {
        path: '/containers/web/files/0',
        range: { line: 8 },
        message:
          'workload: shop: failed to convert: containers.web.files./etc/app/password: failed to convert: content: contained a mix of secret references and raw content',
      },
    ]);
  });

  it('writes a StatefulSet with its headless Service and claim templates when the workload asks for one', () => {
    const claims = loadK8sProvisioners(`- uri: template://test/claim
  type: claim
  outputs: |
    claimSpec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
`);
    if ('error' in claims) throw new Error(claims.error);
    const body = (kind: string) =>
      workload(`  annotations:
    k8s.score.dev/kind: ${kind}
containers:
  db:
    image: postgres
    volumes:
      /data:
        source: \${resources.data}
resources:
  data:
    type: claim
`);
    const statefulSet = run(body('StatefulSet'), { provisioners: claims.provisioners });
    expect(statefulSet.manifests.map((m) => m.kind)).toEqual(['Service', 'StatefulSet']);
    expect(find(statefulSet, 'StatefulSet').spec).toMatchObject({
      serviceName: 'shop-headless-svc',
      volumeClaimTemplates: [
        { metadata: { name: expect.stringMatching(/^vol-/) }, spec: { accessModes: ['ReadWriteOnce'] } },
      ],
    });
    const deployment = run(body('Deployment'), { provisioners: claims.provisioners });
    expect(errorsOf(deployment)).toMatchObject([
      {
        path: '/containers/db/volumes/~1data',
        message: expect.stringContaining('volume claims can only be set on stateful sets'),
      },
    ]);
    expect(errorsOf(run(body('DaemonSet'), { provisioners: claims.provisioners }))).toMatchObject([
      {
        path: '/metadata/annotations/k8s.score.dev~1kind',
        message: expect.stringContaining("unsupported workload kind 'DaemonSet'"),
      },
    ]);
  });

  it('writes service ports in name order, TCP unless told, target port defaulting to the port', () => {
    const out = run(
      workload(`containers:
  web:
    image: nginx
service:
  ports:
    www: {port: 80, targetPort: 8080}
    dns: {port: 53, protocol: UDP}
`),
    );
    expect((find(out, 'Service').spec as { ports: unknown }).ports).toEqual([
      { name: 'dns', port: 53, targetPort: 53, protocol: 'UDP' },
      { name: 'www', port: 80, targetPort: 8080, protocol: 'TCP' },
    ]);
  });

  it('keeps one volume that two containers mount alike, and refuses two different volumes of one name', () => {
    const shared = run(
      workload(`containers:
  aa: {image: a, volumes: {/data: {source: "\${resources.data}"}}}
  bb: {image: b, volumes: {/data: {source: "\${resources.data}"}}}
resources:
  data: {type: volume}
`),
    );
    expect(podOf(shared).volumes).toHaveLength(1);
    const clash = run(
      workload(`containers:
  aa: {image: a, files: {/etc/x: {content: one}}}
  bb: {image: b, files: {/etc/x: {content: two}}}
`),
    );
    expect(errorsOf(clash)).toMatchObject([
      { path: '/containers/bb', message: expect.stringContaining("volume 'file-") },
    ]);
  });

  it("uses --image for a container whose image is '.', and otherwise refuses it at its place", () => {
    const text = workload(`containers:\n  web:\n    image: .\n`);
    expect(podOf(run(text, { image: 'nginx:1' })).containers[0]!.image).toBe('nginx:1');
    expect(errorsOf(run(text))).toMatchObject([
      {
        path: '/containers/web/image',
        range: { line: 6 },
        message: expect.stringContaining('--image was not provided'),
      },
    ]);
  });

  it('sets the namespace on every manifest and writes the Namespace first when asked', () => {
    const out = run(workload(`containers:\n  web:\n    image: nginx\nresources:\n  db: {type: redis}\n`), {
      namespace: 'prod',
      generateNamespace: true,
    });
    expect(out.manifests[0]).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'prod', labels: { 'app.kubernetes.io/managed-by': 'score-k8s' } },
    });
    for (const m of out.manifests.slice(1)) expect((m.metadata as { namespace: string }).namespace).toBe('prod');
    expect(
      errorsOf(run(workload('containers:\n  web:\n    image: nginx\n'), { generateNamespace: true })),
    ).toHaveLength(1);
  });

  it('names every resource no provisioner takes, each at its place, and writes nothing', () => {
    const out = run(
      workload(`containers:
  web:
    image: nginx
resources:
  queue: {type: sqs}
  cache: {type: memcached}
`),
    );
    expect(out.files).toEqual([]);
    expect(errorsOf(out).map((d) => [d.path, d.range?.line])).toEqual([
      ['/resources/cache', 9],
      ['/resources/queue', 8],
    ]);
    expect(errorsOf(out)[0]!.message).toBe(
      "failed to provision resources: resource 'memcached.default#shop.cache' is not supported by any provisioner. Please implement a custom resource provisioner to support this resource type.",
    );
  });

  it('refuses a provisioner manifest that keeps a secret reference', () => {
    const leaky = loadK8sProvisioners(`- uri: template://test/leaky
  type: leaky
  manifests: |
    - apiVersion: v1
      kind: ConfigMap
      metadata: {name: leak}
      data: {password: {{ encodeSecretRef "s" "k" }}}
`);
    if ('error' in leaky) throw new Error(leaky.error);
    const out = run(workload('containers:\n  web:\n    image: nginx\nresources:\n  db: {type: leaky}\n'), {
      provisioners: leaky.provisioners,
    });
    expect(errorsOf(out)).toMatchObject([
      { path: '/resources/db', message: 'unresolved secret ref in manifest: .data.password' },
    ]);
  });

  it('reports a patch template that fails, and applies one that floats numbers as score-k8s does', () => {
    const text = workload('containers:\n  web:\n    image: nginx\n');
    expect(errorsOf(run(text, { patchTemplates: ['- op: move\n  path: 0'] }))).toMatchObject([
      {
        message: "failed to patch template 1: failed to perform patch operation 1: 'move '0': unknown operation: move",
      },
    ]);
    expect(errorsOf(run(text, { patchTemplates: ['{{ .Nope'] }))[0]!.message).toMatch(
      /^failed to patch template 1: failed to parse template/,
    );
    const patched = run(text, { patchTemplates: ['- op: set\n  path: 0.spec.replicas\n  value: 1000000'] });
    expect(patched.files[0]!.content).toContain('replicas: 1e+06\n');
  });

  it('keeps every generated value under a seed when another workload or resource is added', () => {
    const shop = workload(`containers:\n  web:\n    image: nginx\nresources:\n  db: {type: postgres}\n`);
    const more = workload(
      `containers:\n  web:\n    image: nginx\nresources:\n  db: {type: postgres}\n  dns: {type: dns}\n`,
    );
    const other = { text: workload('containers:\n  api:\n    image: busybox\n', 'other'), file: 'other.yaml' };
    const alone = exportKubernetes([{ text: shop, file: 'shop.yaml' }], { seed: 9 });
    const together = exportKubernetes([{ text: more, file: 'shop.yaml' }, other], { seed: 9 });
    expect(together.instanceSuffixes.shop).toBe(alone.instanceSuffixes.shop);
    const db = (out: K8sExport) => out.resources.find((r) => r.uid === 'postgres.default#shop.db')!;
    expect(db(together).guid).toBe(db(alone).guid);
    expect(db(together).state).toEqual(db(alone).state);
    expect(exportKubernetes([{ text: shop, file: 'shop.yaml' }], { seed: 10 }).instanceSuffixes.shop).not.toBe(
      alone.instanceSuffixes.shop,
    );
  });

  it('answers garbage with an error, never an exception', () => {
    for (const text of ['', '- a list', 'key: [unclosed', '\u0000\u0001binary', 'metadata: {name: 5}']) {
      const out = run(text);
      expect(out.files).toEqual([]);
      expect(errorsOf(out).length).toBeGreaterThan(0);
    }
  });
});
