import { describe, expect, it } from 'vitest';
import { exportCompose } from '../../core/export/compose';
import { createCatalogStore } from '../catalog/store';
import { exportOf, k8sExportOf } from './actions';
import { recordManifests, setK8sSettings, setTarget } from './choices';
import { exportWorkload, workloadKey, workloadProjectName } from './compose';
import { lastManifestsOf } from './k8s';
import { createExportStore, lastExportOf, MAX_REMEMBERED_EXPORTS, seedOf } from './store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

function counter(start = 100) {
  let next = start;
  return () => next++;
}

const withPostgres = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_PASSWORD: \${resources.db.password}
resources:
  db:
    type: postgres
`;

const ACME =
  '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://acme-queue"\n';
const withQueue = `apiVersion: score.dev/v1b1
metadata:
  name: app
containers:
  main:
    image: busybox
    variables:
      Q: \${resources.jobs.url}
resources:
  jobs:
    type: queue
`;

describe('export store: seeds', () => {
  it('keeps one seed per workload, the same until it is regenerated, and across a reload', async () => {
    const storage = memoryStorage();
    const store = createExportStore({ storage, newSeed: counter() });
    const shop = store.getState().ensureSeed('shop');
    expect(store.getState().ensureSeed('shop')).toBe(shop);
    const other = store.getState().ensureSeed('other');
    expect(other).not.toBe(shop);

    const reloaded = createExportStore({ storage, newSeed: counter(900) });
    expect(reloaded.getState().ensureSeed('shop')).toBe(shop);
    expect(reloaded.getState().ensureSeed('other')).toBe(other);

    const fresh = reloaded.getState().regenerateSeed('shop');
    expect(fresh).not.toBe(shop);
    expect(seedOf(reloaded.getState(), 'shop')).toBe(fresh);
    expect(seedOf(createExportStore({ storage }).getState(), 'shop')).toBe(fresh);
  });

  it('gives the same passwords for the same seed, and new ones after regenerating', async () => {
    const store = createExportStore({ newSeed: counter() });
    const seed = store.getState().ensureSeed('shop');
    const first = await exportOf(store, { text: withPostgres, workload: 'shop', seed });
    const again = await exportOf(createExportStore({ newSeed: counter() }), {
      text: withPostgres,
      workload: 'shop',
      seed,
    });
    expect(again.compose).toBe(first.compose);
    const regenerated = await exportOf(store, {
      text: withPostgres,
      workload: 'shop',
      seed: store.getState().regenerateSeed('shop'),
    });
    expect(regenerated.errors).toEqual([]);
    expect(regenerated.compose).not.toBe(first.compose);
    expect(regenerated.compose.split('\n').length).toBe(first.compose.split('\n').length);
  });

  it('makes seeds from a random source by default', async () => {
    const a = createExportStore().getState().ensureSeed('shop');
    const b = createExportStore().getState().ensureSeed('shop');
    const c = createExportStore().getState().ensureSeed('shop');
    expect(new Set([a, b, c]).size).toBeGreaterThan(1);
    for (const seed of [a, b, c]) expect(seed >>> 0).toBe(seed);
  });

  it('treats names such as __proto__ as plain workload names, and ignores stored junk', async () => {
    const storage = memoryStorage({
      'score-designer.export.v1': JSON.stringify({ seeds: { good: 7, bad: 'x', neg: -1 }, lastExported: { good: 1 } }),
    });
    const store = createExportStore({ storage, newSeed: counter(5) });
    expect(seedOf(store.getState(), 'good')).toBe(7);
    expect(seedOf(store.getState(), 'bad')).toBeUndefined();
    expect(seedOf(store.getState(), '__proto__')).toBeUndefined();
    expect(store.getState().ensureSeed('__proto__')).toBe(5);
    expect(seedOf(createExportStore({ storage }).getState(), '__proto__')).toBe(5);
    expect(lastExportOf(store.getState(), 'good')).toBeUndefined();
    expect(
      createExportStore({ storage: memoryStorage({ 'score-designer.export.v1': '{not json' }) }).getState().seeds,
    ).toEqual({});
  });
});

describe('export store: last export', () => {
  it('remembers the last exported compose.yaml per workload, across a reload', async () => {
    const storage = memoryStorage();
    const store = createExportStore({ storage });
    expect(lastExportOf(store.getState(), 'shop')).toBeUndefined();
    store.getState().recordExport('shop', 'services: {}\n');
    store.getState().recordExport('shop', 'services:\n  a: {}\n');
    expect(lastExportOf(createExportStore({ storage }).getState(), 'shop')).toBe('services:\n  a: {}\n');
  });

  it('keeps only the most recently exported workloads', async () => {
    const store = createExportStore();
    for (let i = 0; i <= MAX_REMEMBERED_EXPORTS; i++) store.getState().recordExport(`w${i}`, `${i}\n`);
    expect(lastExportOf(store.getState(), 'w0')).toBeUndefined();
    store.getState().recordExport('w1', 'again\n'); // exporting again makes it the most recent
    store.getState().recordExport('new', 'new\n');
    expect(lastExportOf(store.getState(), 'w2')).toBeUndefined();
    expect(lastExportOf(store.getState(), 'w1')).toBe('again\n');
    expect(Object.keys(store.getState().lastExported)).toHaveLength(MAX_REMEMBERED_EXPORTS);
  });
});

describe('export store: provisioners', () => {
  it("runs the catalog's provisioners, and follows the catalog when a file is loaded", async () => {
    const catalog = createCatalogStore();
    const store = createExportStore({ catalog });
    const before = await exportOf(store, { text: withQueue, workload: 'app', seed: 1 });
    expect(before.errors.join()).toMatch(/not supported by any provisioner/);
    await catalog.getState().addFile({ name: 'acme.provisioners.yaml', text: ACME });
    const after = await exportOf(store, { text: withQueue, workload: 'app', seed: 1 });
    expect(after.errors).toEqual([]);
    expect(after.compose).toContain('Q: amqp://acme-queue');
  });

  it('uses the default provisioners without a catalog', async () => {
    const out = await exportOf(createExportStore(), { text: withPostgres, workload: 'shop', seed: 3 });
    expect(out.compose).toBe(exportCompose([{ text: withPostgres }], { seed: 3, projectName: 'shop' }).compose);
  });

  it('exports once per input: the same text and seed give the same object', async () => {
    const store = createExportStore();
    const a = await exportOf(store, { text: withPostgres, workload: 'shop', seed: 3 });
    expect(await exportOf(store, { text: withPostgres, workload: 'shop', seed: 3 })).toBe(a);
    expect(await exportOf(store, { text: withPostgres, workload: 'shop', seed: 4 })).not.toBe(a);
  });
});

describe('exportWorkload', () => {
  it("names the compose project after the workload, cleaned as score-compose cleans a directory's name", async () => {
    const out = exportWorkload({ text: withPostgres, workload: 'shop', seed: 1 });
    expect(out.errors).toEqual([]);
    expect(out.compose.startsWith('name: shop\n')).toBe(true);
    expect(out.projectName).toBe('shop');
    expect(workloadProjectName('My.Shop')).toBe('myshop');
    expect(workloadProjectName('---')).toBeUndefined();
    expect(workloadProjectName(undefined)).toBeUndefined();
  });

  it('says what to do when a file source cannot be read in the browser', async () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: app
containers:
  main:
    image: busybox
    files:
      /etc/app.conf:
        source: ./app.conf
`;
    const out = exportWorkload({ text, workload: 'app', seed: 1 });
    expect(out.compose).toBe('');
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatch(/source: failed to read/);
    expect(out.errors[0]).toMatch(/put the file's text in `content`/);
  });

  it('reports what score-compose does not convert as warnings', async () => {
    const text = withPostgres.replace(
      '    image: nginx\n',
      '    image: nginx\n    resources:\n      limits:\n        cpu: "1"\n',
    );
    expect(exportWorkload({ text, workload: 'shop', seed: 1 }).warnings.join('\n')).toMatch(/limits: not supported/);
  });

  it('keys workloads by metadata.name', async () => {
    expect(workloadKey({ metadata: { name: 'shop' } })).toBe('shop');
    expect(workloadKey({ metadata: { name: 3 } })).toBe('');
    expect(workloadKey(null)).toBe('');
  });
});

describe('export store: the Kubernetes export and the target readiness checks', () => {
  it('remembers the Kubernetes options, the target and the last manifests.yaml, across a reload', async () => {
    const storage = memoryStorage();
    const store = createExportStore({ storage });
    expect(store.getState().target).toBe('compose');
    expect(store.getState().k8s).toEqual({ namespace: '', image: '', startOrder: 'ignore' });
    setK8sSettings(store, { namespace: 'shop', startOrder: 'init-containers' });
    setTarget(store, 'kubernetes');
    recordManifests(store, 'shop', 'kind: Deployment\n');
    store.getState().recordExport('shop', 'services: {}\n');

    const reloaded = createExportStore({ storage }).getState();
    expect(reloaded.k8s).toEqual({ namespace: 'shop', image: '', startOrder: 'init-containers' });
    expect(reloaded.target).toBe('kubernetes');
    expect(lastManifestsOf(reloaded, 'shop')).toBe('kind: Deployment\n');
    expect(lastExportOf(reloaded, 'shop')).toBe('services: {}\n');
  });

  it('reads a stored target and options it does not know as the defaults', async () => {
    const storage = memoryStorage({
      'score-designer.export.v1': JSON.stringify({ target: 'swarm', k8s: { startOrder: 'later', namespace: 3 } }),
    });
    const state = createExportStore({ storage }).getState();
    expect(state.target).toBe('compose');
    expect(state.k8s).toEqual({ namespace: '', image: '', startOrder: 'ignore' });
  });

  it('changes nothing (and tells no one) when the options set are the ones it has', async () => {
    const store = createExportStore();
    let changes = 0;
    store.subscribe(() => changes++);
    setK8sSettings(store, { namespace: '' });
    setTarget(store, 'compose');
    expect(changes).toBe(0);
  });

  it("follows the catalog's files and entries, and runs the Kubernetes export with the files that are score-k8s files", async () => {
    const catalog = createCatalogStore();
    const store = createExportStore({ catalog });
    const before = await k8sExportOf(store, { text: withQueue, seed: 1 });
    expect(before.errors.join()).toMatch(/not supported by any provisioner/);
    await catalog.getState().addFile({ name: 'acme.provisioners.yaml', text: ACME });
    const after = await k8sExportOf(store, { text: withQueue, seed: 1 });
    expect(after.errors).toEqual([]);
    expect(after.usedFiles).toEqual(['acme.provisioners.yaml']);
  });
});
