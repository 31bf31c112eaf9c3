import { describe, expect, it } from 'vitest';
import { exportKubernetes } from '../../core/export/k8s';
import { exportWorkloadK8s, memoizedK8sExport } from './k8s';
import { readK8sSettings } from './settings';

const shop = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_PASSWORD: \${resources.db.password}
      Q: \${resources.jobs.url}
resources:
  db:
    type: postgres
  jobs:
    type: queue
`;

/** Reads as a score-k8s file and as a score-compose file alike: only keys both formats have. */
const QUEUE =
  '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://acme-queue"\n';
/** A score-compose file: `services` is not a score-k8s key. */
const COMPOSE_ONLY = '- uri: template://acme/cache\n  type: cache\n  services: "cache: {image: redis}"\n';
/** The same workload without the queue, which score-k8s's own provisioners cannot provide. */
const withoutQueue = shop.replace(/ {6}Q: .*\n/, '').replace(/ {2}jobs:\n {4}type: queue\n/, '');
const settings = readK8sSettings({ namespace: 'shop-ns', startOrder: 'ignore' });

describe('the app’s Kubernetes export', () => {
  it('is exportKubernetes of score.yaml with the seed, the options and the loaded score-k8s files before the defaults', () => {
    const files = [
      { name: 'queue.provisioners.yaml', text: QUEUE },
      { name: 'cache.provisioners.yaml', text: COMPOSE_ONLY },
    ];
    const out = exportWorkloadK8s({ text: shop, seed: 9, settings, files });
    expect(out.errors).toEqual([]);
    const direct = exportKubernetes([{ text: shop, file: 'score.yaml' }], { seed: 9, namespace: 'shop-ns' });
    // Without the queue file, score-k8s has no provisioner for `queue`: the loaded file is what made it export.
    expect(direct.files).toEqual([]);
    expect(out.manifests).toContain('namespace: shop-ns');
    expect(out.manifests).toContain('value: amqp://acme-queue');
    expect(out.count).toBeGreaterThan(0);
    expect(out.usedFiles).toEqual(['queue.provisioners.yaml']);
    expect(out.info).toEqual([
      expect.stringMatching(/^“cache\.provisioners\.yaml” is not a score-k8s provisioners file/),
    ]);
  });

  it('says each error and warning with its line', () => {
    const out = exportWorkloadK8s({ text: shop, seed: 1, settings, files: [] });
    expect(out.manifests).toBe('');
    expect(out.errors).toEqual([
      expect.stringMatching(/^line 14: .*'queue\.default#shop\.jobs' is not supported by any provisioner/),
    ]);
  });

  it('warns of a namespace Kubernetes would refuse', () => {
    const text = withoutQueue;
    const bad = exportWorkloadK8s({ text, seed: 1, settings: readK8sSettings({ namespace: 'Shop_NS' }), files: [] });
    expect(bad.warnings[0]).toMatch(/^the namespace “Shop_NS” is not one Kubernetes accepts/);
    expect(exportWorkloadK8s({ text, seed: 1, settings, files: [] }).warnings.join()).not.toMatch(/namespace/);
  });

  it('gives the same object back for the same input, and a new one when an option changes', async () => {
    const run = memoizedK8sExport();
    const input = { text: withoutQueue, seed: 3, settings, files: [] };
    const first = run(input);
    expect(run({ ...input })).toBe(first);
    const other = run({ ...input, settings: readK8sSettings({ namespace: 'other' }) });
    expect(other).not.toBe(first);
    expect((await other).manifests).toContain('namespace: other');
  });
});
