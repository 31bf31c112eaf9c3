import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportCompose } from '../../core/export/compose';
import { exportKubernetes } from '../../core/export/k8s';
import { createCatalogStore } from '../catalog/store';
import { createDocumentStore } from '../document/store';
import { prepareExport } from './actions';
import { setK8sSettings } from './choices';
import { createExportStore } from './store';

// Authored with a comment, odd spacing and quoting: score.yaml must come out exactly like this.
const authored = `# the shop's web tier
apiVersion: score.dev/v1b1
metadata:
  name: shop   # keep me
containers:
  web:
    image: "nginx:1.27"
    variables:
      DB_PASSWORD: \${resources.db.password}
    resources:
      limits:
        memory: 128Mi
    files:
      /etc/shop/app.conf:
        content: |
          db=\${resources.db.host}
resources:
  db:
    type: postgres
`;

function stores(text: string, catalog?: ReturnType<typeof createCatalogStore>) {
  let next = 1000;
  return {
    document: createDocumentStore({ text, origin: 'test' }, { delayMs: 10_000 }),
    exports: createExportStore({ newSeed: () => next++, ...(catalog ? { catalog } : {}) }),
  };
}

describe('prepareExport', () => {
  it('score.yaml is the text exactly as authored, including what was typed a moment ago', async () => {
    const { document, exports } = stores(authored);
    const typed = `${authored}# a last comment\n`;
    document.getState().typeText(typed); // not yet checked: the export must not lag behind
    const out = await prepareExport('score', document, exports);
    expect(out).toMatchObject({ ok: true, fileName: 'score.yaml', content: typed });
  });

  it('score.yaml with errors is still saved as written, with a word about them', async () => {
    const { document, exports } = stores('apiVersion: score.dev/v1b1\nmetadata:\n  name: x\n');
    const out = await prepareExport('score', document, exports);
    expect(out.ok && out.content).toBe('apiVersion: score.dev/v1b1\nmetadata:\n  name: x\n');
    expect(out.ok && out.notice).toMatch(/as written, with its \d+ errors?/);
  });

  it('compose.yaml is exportCompose of the same text with the workload’s seed, and says what is not converted', async () => {
    const { document, exports } = stores(authored);
    const out = await prepareExport('compose', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    const seed = exports.getState().seeds.shop!;
    expect(out.content).toBe(exportCompose([{ text: authored }], { seed, projectName: 'shop' }).compose);
    expect(out.warnings.join('\n')).toMatch(/limits: not supported/);
    expect(out.info.join('\n')).toMatch(/To connect to postgres/);
    // The same seed next time: the same passwords.
    const again = await prepareExport('compose', document, exports);
    expect(again.ok && again.content).toBe(out.content);
  });

  it('the bundle holds compose.yaml and the mounted files', async () => {
    const { document, exports } = stores(authored);
    const out = await prepareExport('bundle', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    expect(out.fileName).toBe('shop.zip');
    const files = unzipSync(out.content as Uint8Array);
    expect(strFromU8(files['compose.yaml']!)).toBe(out.compose);
    expect(strFromU8(files['.score-compose/mounts/files/shop-files-app.conf']!)).toMatch(/^db=pg-/);
  });

  it('says why compose.yaml cannot be made: a syntax error, or what score-compose refuses', async () => {
    const broken = stores('apiVersion: score.dev/v1b1\nmetadata: [\n');
    const syntax = await prepareExport('compose', broken.document, broken.exports);
    expect(syntax).toMatchObject({ ok: false });
    expect(!syntax.ok && syntax.errors[0]).toMatch(/does not parse/);

    const unknown = stores(authored.replace('type: postgres', 'type: no-such-type'));
    const refused = await prepareExport('bundle', unknown.document, unknown.exports);
    expect(!refused.ok && refused.errors.join()).toMatch(/not supported by any provisioner/);
  });
});

describe('prepareExport: Kubernetes and complete downloads', () => {
  it('manifests.yaml is exportKubernetes of the same text with the workload’s seed and the export’s options', async () => {
    const { document, exports } = stores(authored);
    setK8sSettings(exports, { namespace: 'shop-ns' });
    const out = await prepareExport('k8s', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    const seed = exports.getState().seeds.shop!;
    const expected = exportKubernetes([{ text: authored, file: 'score.yaml' }], { seed, namespace: 'shop-ns' });
    expect(out).toMatchObject({ fileName: 'manifests.yaml', mimeType: 'application/yaml' });
    expect(out.content).toBe(expected.files[0]!.content);
    expect(out.manifests).toBe(out.content);
    expect(out.compose).toBeUndefined();
  });

  it('says why manifests.yaml cannot be made, in score-k8s’s words with the line', async () => {
    const { document, exports } = stores(authored.replace('type: postgres', 'type: no-such-type'));
    const out = await prepareExport('k8s', document, exports);
    expect(out.ok).toBe(false);
    expect(!out.ok && out.errors.join()).toMatch(/^line 19: .*not supported by any provisioner/);
  });

  it('compose.yaml alone warns that it mounts files it does not hold, and offers the bundle', async () => {
    const { document, exports } = stores(authored);
    const out = await prepareExport('compose', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    expect(out.warnings[0]).toMatch(
      /^compose\.yaml mounts 2 files from \.score-compose\/mounts\/ that it does not hold/,
    );
    expect(out.offerBundle).toBe(true);

    const plain = stores(
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: plain\ncontainers:\n  web:\n    image: nginx\n',
    );
    const alone = await prepareExport('compose', plain.document, plain.exports);
    expect(alone.ok && alone.offerBundle).toBeFalsy();
    expect(alone.ok && alone.warnings.join()).not.toMatch(/mounts/);
  });

  it('the bundle holds score.yaml byte for byte, compose.yaml, its mounts, manifests.yaml, the provisioner files used and a README', async () => {
    const queue =
      '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://acme-queue"\n';
    const unused = '- uri: template://acme/bus\n  type: bus\n  outputs: "url: amqp://acme-bus"\n';
    const catalog = createCatalogStore();
    await catalog.getState().addFile({ name: 'acme.provisioners.yaml', text: queue });
    await catalog.getState().addFile({ name: 'bus.yaml', text: unused });
    const text = authored.replace('resources:\n  db:', 'resources:\n  jobs:\n    type: queue\n  db:');
    const { document, exports } = stores(text, catalog);
    const out = await prepareExport('bundle', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    const files = unzipSync(out.content as Uint8Array);
    expect(files['score.yaml']).toEqual(new TextEncoder().encode(text));
    expect(strFromU8(files['compose.yaml']!)).toBe(out.compose);
    expect(strFromU8(files['manifests.yaml']!)).toBe(out.manifests);
    expect(out.manifests).toMatch(/kind: Deployment/);
    expect(files['.score-compose/mounts/files/shop-files-app.conf']).toBeDefined();
    // The file that provisioned `queue`, where score-compose and score-k8s read provisioner files; not the unused one.
    expect(strFromU8(files['.score-compose/acme.provisioners.yaml']!)).toBe(queue);
    expect(strFromU8(files['.score-k8s/acme.provisioners.yaml']!)).toBe(queue);
    expect(Object.keys(files).filter((p) => p.includes('bus'))).toEqual([]);
    const readme = strFromU8(files['README.md']!);
    expect(readme).toContain('docker compose up');
    expect(readme).toContain('kubectl apply -f manifests.yaml');
    expect(readme).toContain(`--seed ${exports.getState().seeds.shop!}`);
  });

  it('a bundle of the export that works says what is left out, and none is made when neither works', async () => {
    // Built from source: the Kubernetes export has an image for it (its option), the Compose export here none.
    const text = authored.replace('image: "nginx:1.27"', 'image: .');
    const { document, exports } = stores(text);
    setK8sSettings(exports, { image: 'registry.example/shop:1' });
    const out = await prepareExport('bundle', document, exports);
    if (!out.ok) throw new Error(out.errors.join());
    const files = unzipSync(out.content as Uint8Array);
    expect(files['compose.yaml']).toBeUndefined();
    expect(files['.score-compose/mounts/files/shop-files-app.conf']).toBeUndefined();
    expect(strFromU8(files['manifests.yaml']!)).toContain('image: registry.example/shop:1');
    expect(out.warnings[0]).toMatch(/^compose\.yaml is not in the bundle: .*has no image/);
    expect(strFromU8(files['README.md']!)).toMatch(/`compose\.yaml` is not included: /);

    setK8sSettings(exports, { image: '' });
    const neither = await prepareExport('bundle', document, exports);
    expect(neither.ok).toBe(false);
    expect(!neither.ok && neither.errors.map((e) => e.split(':')[0])).toEqual(['compose.yaml', 'manifests.yaml']);
  });
});
