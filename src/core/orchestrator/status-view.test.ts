import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../catalog/catalog';
import { parseWorkloadText } from '../document/parse';
import { validateParsed } from '../validate';
import { loadPlatform, platformStatus, type PlatformFiles } from './status-view';

/** The readiness preview as the app's Status pane shows it, each line with its place in the text. */
const example = (path: string) => readFileSync(new URL(`../../../examples/${path}`, import.meta.url), 'utf8');
const FILES: PlatformFiles = {
  config: { name: 'orchestrator-config.yaml', text: example('platform/orchestrator-config.yaml') },
  policies: [{ name: 'platform-basics.yaml', text: example('policies/platform-basics.yaml') }],
};

const READY = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: registry.example.com/shop/web:1.4.2
    resources:
      limits: {cpu: 500m, memory: 256Mi}
service:
  ports:
    www: {port: 8080}
resources:
  db:
    type: postgres
`;

function statusOf(text: string, files: PlatformFiles = FILES) {
  const parsed = parseWorkloadText(text);
  return platformStatus(parsed, loadPlatform(files), {
    validation: validateParsed(parsed).diagnostics,
    catalog: builtinCatalog(),
  });
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the status view', () => {
  it('reads the example platform without a problem', () => {
    const loaded = loadPlatform(FILES);
    expect(loaded.config?.problems).toEqual([]);
    expect(loaded.policies.problems).toEqual([]);
  });

  it('says Ready, with the claim, the endpoint, the profile and the backend, each at its place', () => {
    const { view, diagnostics } = statusOf(READY);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(view.ready).toBe(true);
    expect(view.conditions.map((c) => `${c.type} ${c.status} ${c.reason} @${c.place.path}`)).toEqual([
      'InputsValid True Succeeded @',
      'ClaimsReady True Succeeded @',
      'RuntimeReady True Succeeded @',
      'Ready True Succeeded @',
    ]);
    expect(view.conditions[0]!.place.range.line).toBe(1);
    expect(view.claims).toEqual([
      expect.objectContaining({
        key: 'db',
        phase: 'Bound',
        outputsAvailable: true,
        provisioner: { from: 'configuration', name: 'postgres-operator', class: 'small' },
        place: { path: '/resources/db', range: expect.objectContaining({ line: lineOf(READY, 'type: postgres') }) },
      }),
    ]);
    expect(view.endpoint).toEqual({
      url: 'http://localhost:8080',
      place: { path: '/service/ports/www', range: expect.objectContaining({ line: lineOf(READY, 'www:') }) },
    });
    expect(view.selection?.profile).toMatchObject({ name: 'web-services', place: { path: '/metadata' } });
    expect(view.selection?.backend).toEqual({
      backendId: 'k8s-web-standard',
      runtimeClass: 'kubernetes',
      template: 'manifests registry.example.com/platform/web-service:2.3.0',
    });
    expect(view.selection?.backends.find((b) => b.backendId === 'k8s-web-large')?.kept).toBe(false);
    expect(view.resourceYaml).toMatch(/^apiVersion: score\.dev\/v1b1\nkind: Workload\nmetadata:\n {2}name: shop\n/);
    expect(view.resourceName).toEqual({ name: 'shop', namespace: 'default' });
  });

  it('points a Deny at the rule’s place, and Ready where InputsValid points', () => {
    const text = READY.replace('web:1.4.2', 'web:latest');
    const { view, diagnostics } = statusOf(text);
    const denied = diagnostics.filter((d) => d.source === 'policy' && d.severity === 'error');
    expect(denied.map((d) => d.path)).toEqual(['/containers/web/image']);
    expect(view.ready).toBe(false);
    const inputs = view.conditions.find((c) => c.type === 'InputsValid')!;
    expect(inputs).toMatchObject({
      status: 'False',
      reason: 'PolicyViolation',
      place: { path: '/containers/web/image' },
    });
    expect(inputs.place.range.line).toBe(lineOf(text, 'web:latest'));
    expect(view.conditions.find((c) => c.type === 'Ready')!.place).toEqual(inputs.place);
    expect(view.policy).toMatchObject({ applied: 4, denied: 1 });
  });

  it('points a failing claim, a failed selection and an unresolved output at their places', () => {
    const text = READY.replace('type: postgres', 'type: postgres\n    class: huge').replace(
      '  annotations:\n',
      '  annotations:\n    score.dev/profile: gpu\n',
    );
    const { view } = statusOf(text);
    const claims = view.conditions.find((c) => c.type === 'ClaimsReady')!;
    expect(claims).toMatchObject({ status: 'False', reason: 'ClaimFailed', place: { path: '/resources/db' } });
    const runtime = view.conditions.find((c) => c.type === 'RuntimeReady')!;
    expect(runtime).toMatchObject({
      reason: 'RuntimeSelecting',
      place: { path: '/metadata/annotations/score.dev~1profile' },
    });
    expect(view.selection?.error?.place.path).toBe('/metadata/annotations/score.dev~1profile');

    const unresolved = READY.replace(
      '    image: registry',
      '    variables:\n      DB: ${resources.cache.host}\n    image: registry',
    );
    const projection = statusOf(unresolved).view.conditions.find((c) => c.type === 'InputsValid')!;
    // An unknown resource is the workload's own error first (SpecInvalid), at the placeholder.
    expect(projection).toMatchObject({ reason: 'SpecInvalid', place: { path: '/containers/web/variables/DB' } });
  });

  it('says what it can without a configuration, and nothing it cannot read', () => {
    const bare = statusOf(READY, { policies: [] }).view;
    expect(bare.selection).toBeUndefined();
    expect(bare.conditions.find((c) => c.type === 'RuntimeReady')).toMatchObject({
      status: 'False',
      reason: 'RuntimeSelecting',
      place: { path: '' },
    });
    const unreadable = statusOf('containers: [\n').view;
    expect(unreadable.ready).toBe(false);
    expect(unreadable.resourceYaml).toBeUndefined();
  });
});
