import { describe, expect, it, vi } from 'vitest';
import { builtinCatalog } from '../../core/catalog';
import { exportCompose } from '../../core/export/compose';
import {
  allowedCatalogUrl,
  catalogUrlFromAddress,
  createCatalogStore,
  loadCatalogFromAddress,
  openCatalogStore,
} from './store';
import { validationWithCatalog } from '../document/check/validation';

const ACME =
  '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://acme-queue"\n';
const PAGE = 'http://127.0.0.1:4173/?catalog=/catalogs/acme.provisioners.yaml';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function fakeFetch(files: Record<string, string>) {
  const calls: Array<{ url: string; credentials: RequestCredentials | undefined }> = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    calls.push({ url, credentials: init?.credentials });
    const text = files[url];
    return Promise.resolve(text === undefined ? new Response('no', { status: 404 }) : new Response(text));
  };
  return { fn: fn as typeof fetch, calls };
}

const workload = `apiVersion: score.dev/v1b1
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

describe('catalog store', () => {
  it('starts with the built-in catalog, and a loaded file comes first in what export runs', async () => {
    const store = createCatalogStore();
    expect(store.getState().catalog.entries).toHaveLength(builtinCatalog().entries.length);
    expect(
      exportCompose([{ text: workload }], { provisioners: store.getState().activeProvisioners() }).errors.join(),
    ).toMatch(/not supported by any provisioner/);
    expect(await store.getState().addFile({ name: 'acme.provisioners.yaml', text: ACME })).toEqual({
      ok: true,
      name: 'acme.provisioners.yaml',
      entries: 1,
    });
    const out = exportCompose([{ text: workload }], { provisioners: store.getState().activeProvisioners() });
    expect(out.compose).toContain('Q: amqp://acme-queue');
    expect(store.getState().catalog.entries[0]!.type).toBe('queue');
  });

  it('refuses a file that does not load, keeping what was there, and says why', async () => {
    const store = createCatalogStore();
    await store.getState().addFile({ name: 'a.yaml', text: ACME });
    const result = await store
      .getState()
      .addFile({ name: 'b.yaml', text: '- uri: template://x\n  type: t\n  bogus: 1\n' });
    expect(result).toEqual({ error: expect.stringContaining('field bogus not found') as string });
    expect(store.getState().files.map((f) => f.name)).toEqual(['a.yaml']);
  });

  it('replaces a file of the same name, removes files, and clears back to the built-ins', async () => {
    const store = createCatalogStore();
    await store.getState().addFile({ name: 'a.yaml', text: ACME });
    await store.getState().addFile({ name: 'a.yaml', text: ACME.replace('type: queue', 'type: stream') });
    expect(store.getState().catalog.entries[0]!.type).toBe('stream');
    expect(store.getState().catalog.files).toEqual([{ name: 'a.yaml', entries: 1 }]);
    await store.getState().addFile({ name: 'b.yaml', text: ACME });
    store.getState().removeFile('a.yaml');
    expect(store.getState().files.map((f) => f.name)).toEqual(['b.yaml']);
    store.getState().clear();
    expect(store.getState().catalog.entries).toHaveLength(builtinCatalog().entries.length);
  });

  it('keeps loaded files across visits', async () => {
    const storage = memoryStorage();
    await createCatalogStore({ storage }).getState().addFile({ name: 'a.yaml', text: ACME });
    expect((await openCatalogStore({ storage })).getState().catalog.entries[0]!.type).toBe('queue');
    storage.data.set('score-designer.catalog.v1', '{not json');
    expect((await openCatalogStore({ storage })).getState().files).toEqual([]);
  });

  it('reads stored files before the first check when opened; made at once, it reads them when the reader arrives', async () => {
    const storage = memoryStorage();
    await createCatalogStore({ storage }).getState().addFile({ name: 'a.yaml', text: ACME });
    // A first visit's module: the file reader (template engine) is not downloaded yet.
    vi.resetModules();
    const fresh = await import('./store');
    const early = fresh.createCatalogStore({ storage });
    expect(early.getState().files.map((f) => f.name)).toEqual(['a.yaml']);
    expect(early.getState().catalog.entries[0]!.type).not.toBe('queue');
    await vi.waitFor(() => expect(early.getState().catalog.entries[0]!.type).toBe('queue'));
    vi.resetModules();
    const opened = await (await import('./store')).openCatalogStore({ storage });
    expect(opened.getState().catalog.entries[0]!.type).toBe('queue');
    expect(opened.getState().problems).toEqual([]);
  });
});

describe('catalog from the address', () => {
  it('fetches ?catalog= from the page’s own site, and adds it with its address', async () => {
    const { fn, calls } = fakeFetch({ 'http://127.0.0.1:4173/catalogs/acme.provisioners.yaml': ACME });
    const store = createCatalogStore({ fetch: fn, pageUrl: PAGE });
    const result = await loadCatalogFromAddress(store, PAGE);
    expect(result).toEqual({ ok: true, name: 'acme.provisioners.yaml', entries: 1 });
    expect(calls).toEqual([
      { url: 'http://127.0.0.1:4173/catalogs/acme.provisioners.yaml', credentials: 'same-origin' },
    ]);
    expect(store.getState().catalog.entries[0]!.source).toEqual({
      kind: 'file',
      file: 'acme.provisioners.yaml',
      url: 'http://127.0.0.1:4173/catalogs/acme.provisioners.yaml',
    });
  });

  it('never fetches from another site unless it is the configured address', async () => {
    const { fn, calls } = fakeFetch({ 'https://platform.example/catalog.yaml': ACME });
    const page = 'http://127.0.0.1:4173/?catalog=https://evil.example/x.yaml';
    const store = createCatalogStore({
      fetch: fn,
      pageUrl: page,
      configuredUrl: 'https://platform.example/catalog.yaml',
    });
    const refused = await loadCatalogFromAddress(store, page);
    expect(refused).toEqual({ error: expect.stringContaining('is on another site') as string });
    expect(calls).toEqual([]);
    const ok = await store.getState().loadFromUrl('https://platform.example/catalog.yaml');
    expect(ok).toMatchObject({ ok: true });
    expect(calls).toEqual([{ url: 'https://platform.example/catalog.yaml', credentials: 'omit' }]);
  });

  it('does nothing without ?catalog=, and reports HTTP errors and bad addresses', async () => {
    const { fn } = fakeFetch({});
    const store = createCatalogStore({ fetch: fn, pageUrl: PAGE });
    expect(loadCatalogFromAddress(store, 'http://127.0.0.1:4173/')).toBeUndefined();
    expect(await store.getState().loadFromUrl('/missing.yaml')).toEqual({
      error: 'The catalog at http://127.0.0.1:4173/missing.yaml could not be fetched: HTTP 404.',
    });
    expect(store.getState().fetching).toBeNull();
    expect(allowedCatalogUrl('javascript:alert(1)', PAGE, undefined)).toEqual({
      error: expect.stringContaining('http or https only') as string,
    });
    expect(catalogUrlFromAddress('not a url')).toBeUndefined();
  });
});

describe('validation with the catalog', () => {
  it('adds the catalog layer, and is recomputed when the catalog changes', async () => {
    const store = createCatalogStore();
    const validate = validationWithCatalog(() => store.getState().catalog);
    const before = validate(workload);
    expect(before.diagnostics.map((d) => d.code)).toEqual(['NO_PROVISIONER']);
    expect(validate(workload)).toBe(before);
    await store.getState().addFile({ name: 'a.yaml', text: ACME });
    expect(validate(workload).diagnostics).toEqual([]);
  });
});
