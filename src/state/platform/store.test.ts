import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addPlatformFile, loadExamplePlatform, loadPlatformFromUrl, removePlatformFile, sameSiteUrl } from './load';
import { createPlatformStore, platformHook } from './store';

const example = (path: string) => readFileSync(new URL(`../../../examples/${path}`, import.meta.url), 'utf8');
const CONFIG = example('platform/orchestrator-config.yaml');
const POLICIES = example('policies/platform-basics.yaml');
const PAGE = 'http://127.0.0.1:4173/';

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
  const asked: string[] = [];
  const fn = (input: RequestInfo | URL): Promise<Response> => {
    asked.push(String(input));
    const text = files[String(input)];
    return Promise.resolve(text === undefined ? new Response('no', { status: 404 }) : new Response(text));
  };
  return { fn: fn as typeof fetch, asked };
}

describe('the platform store', () => {
  it('takes a configuration and policy files, tells them apart, and turns the orchestrator view on', async () => {
    const store = createPlatformStore();
    expect(store.getState().on).toBe(false);
    expect(addPlatformFile(store, { name: 'platform.yaml', text: CONFIG })).toEqual({
      ok: true,
      message: 'Loaded platform.yaml: OrchestratorConfig example-platform: 2 profiles, 2 provisioners.',
    });
    expect(addPlatformFile(store, { name: 'rules.yaml', text: POLICIES })).toEqual({
      ok: true,
      message: 'Loaded rules.yaml: 4 policies, 4 bindings, 1 params object.',
    });
    const state = store.getState();
    expect(state.on).toBe(true);
    expect(state.config).toMatchObject({ name: 'platform.yaml', kind: 'config', warnings: [] });
    expect(state.policies.map((p) => [p.name, p.kind])).toEqual([['rules.yaml', 'policies']]);
    expect(state.files).toEqual({
      config: { name: 'platform.yaml', text: CONFIG },
      policies: [{ name: 'rules.yaml', text: POLICIES }],
    });
  });

  it('refuses a malformed file with its line and keeps what it had', async () => {
    const store = createPlatformStore();
    addPlatformFile(store, { name: 'platform.yaml', text: CONFIG });
    const before = store.getState().files;
    const broken = CONFIG.replace('priority: 100', 'priority: high');
    const line = broken.split('\n').findIndex((l) => l.includes('priority: high')) + 1;
    expect(addPlatformFile(store, { name: 'platform.yaml', text: broken })).toEqual({
      error: `“platform.yaml” was not loaded: line ${line}: spec.profiles[0].backends[0].priority must be a whole number.`,
    });
    const badCel = POLICIES.replace("params.data.allowedResourceTypes.split(',')", 'params.data.(');
    const result = addPlatformFile(store, { name: 'rules.yaml', text: badCel });
    expect(result).toMatchObject({
      error: expect.stringMatching(/^“rules\.yaml” was not loaded: line 38: .*does not compile/),
    });
    expect(addPlatformFile(store, { name: 'x.yaml', text: 'a: [1' })).toMatchObject({
      error: expect.stringMatching(/^“x\.yaml” was not loaded: line 1: /),
    });
    expect(addPlatformFile(store, { name: 'score.yaml', text: 'apiVersion: score.dev/v1b1\n' })).toEqual({
      error:
        "“score.yaml” was not loaded: it holds neither the orchestrator's configuration (an OrchestratorConfig, or the ConfigMap with config.yaml) nor admission policies (ValidatingAdmissionPolicy and their bindings).",
    });
    expect(store.getState().files).toBe(before);
    expect(store.getState().policies).toEqual([]);
  });

  it('keeps the files and the view between visits, and forgets them when removed', async () => {
    const storage = memoryStorage();
    const first = createPlatformStore(storage);
    addPlatformFile(first, { name: 'platform.yaml', text: CONFIG });
    addPlatformFile(first, { name: 'rules.yaml', text: POLICIES });
    const again = createPlatformStore(storage).getState();
    expect(again.on).toBe(true);
    expect(again.files).toEqual(first.getState().files);
    expect(again.config?.summary).toBe('OrchestratorConfig example-platform: 2 profiles, 2 provisioners');

    removePlatformFile(first, 'rules.yaml');
    first.getState().put({ on: false });
    expect(createPlatformStore(storage).getState()).toMatchObject({ on: false, policies: [] });
    removePlatformFile(first, 'platform.yaml');
    expect(storage.data.size).toBe(0);
    storage.setItem('score-designer.platform.v1', '{"on":true,"config":{"name":1},"policies":[{"kind":"x"}]}');
    expect(createPlatformStore(storage).getState()).toMatchObject({ on: true, config: null, policies: [] });
  });

  it('loads the example platform in one step', async () => {
    const store = createPlatformStore();
    const result = loadExamplePlatform(store);
    expect(result).toMatchObject({ ok: true });
    expect(store.getState().config?.name).toBe('orchestrator-config.yaml');
    expect(store.getState().policies.map((p) => p.name)).toEqual(['platform-basics.yaml']);
  });

  it('fetches a platform file from this site only', async () => {
    const { fn, asked } = fakeFetch({ [`${PAGE}platform/rules.yaml`]: POLICIES });
    const store = createPlatformStore();
    const options = { fetch: fn, pageUrl: PAGE };
    expect(await loadPlatformFromUrl(store, '/platform/rules.yaml', options)).toMatchObject({ ok: true });
    expect(store.getState().policies[0]).toMatchObject({ name: 'rules.yaml', url: `${PAGE}platform/rules.yaml` });
    expect(await loadPlatformFromUrl(store, 'https://example.com/rules.yaml', options)).toMatchObject({
      error: expect.stringContaining('is not on this site'),
    });
    expect(await loadPlatformFromUrl(store, '/missing.yaml', options)).toEqual({
      error: `${PAGE}missing.yaml could not be fetched: HTTP 404.`,
    });
    expect(asked).toEqual([`${PAGE}platform/rules.yaml`, `${PAGE}missing.yaml`]);
    expect(store.getState().fetching).toBeNull();
    expect(sameSiteUrl('javascript:alert(1)', PAGE)).toMatchObject({ error: expect.any(String) });
  });

  it('gives the check pipeline its files only while the view is on, and drops the status when it goes off', async () => {
    const store = createPlatformStore();
    const hook = platformHook(store);
    expect(hook.files()).toBeUndefined();
    addPlatformFile(store, { name: 'rules.yaml', text: POLICIES });
    const files = hook.files();
    expect(files?.policies).toHaveLength(1);
    store.getState().put({ on: true });
    expect(hook.files()).toBe(files); // the same object: the worker is not sent them again
    hook.answered({ text: 'x', view: { ready: false, conditions: [], claims: [], policy: {} as never } });
    expect(store.getState().status?.text).toBe('x');
    store.getState().put({ on: false });
    expect(hook.files()).toBeUndefined();
    expect(store.getState().status).toBeNull();
  });
});
