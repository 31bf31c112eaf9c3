import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../core/catalog';
import { parseWorkloadText } from '../../../core/document/parse';
import { exportCompose, withPeerFiles } from '../../../core/export/compose';
import { composeReadiness } from '../../../core/export/compose/readiness';
import { exportWorkloadK8s } from '../../../core/export/k8s/workload-export';
import { previewPlaceholder } from '../../../core/export/placeholder-preview';
import { validateText } from '../../../core/validate';
import { previewExportsIn } from '../../export/preview';
import { composeBundleDownload } from '../../library/export';
import { startBackgroundValidation } from './background-validation';
import { overran, type ValidationWorker, type WorkerOptions, type WorkerReply } from './worker-protocol';

/**
 * The Compose export and the YAML pane's placeholder preview, worked out in the validation worker (a
 * real Web Worker, Chromium through Vitest's browser mode), against the same done here; and the worker
 * ended when a question keeps it silent past the question time budget, the checks going on in a new one.
 */

const files = [
  {
    name: 'shop.provisioners.yaml',
    text: `- uri: template://acme/shop-db
  type: postgres
  outputs: |
    host: db-{{ .SourceWorkload }}
    password: {{ randAlphaNum 12 }}
`,
  },
];
const catalog = buildCatalog(files).catalog;

const shop = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB: \${resources.db.host}
      PASSWORD: \${resources.db.password}
resources:
  db:
    type: postgres
  cache:
    type: redis
  orders:
    type: postgres
`;
const peer = `apiVersion: score.dev/v1b1
metadata:
  name: billing
containers:
  api:
    image: busybox
resources:
  db:
    type: postgres
`;

/** A stand-in that passes everything to a real validation worker, and falls silent (stuck) when `stuck` says so. */
function watchedWorkers(stuck: (request: Parameters<ValidationWorker['postMessage']>[0]) => boolean) {
  const replies: WorkerReply[] = [];
  const started: { silent: boolean; ended: boolean }[] = [];
  const makeWorker = (): ValidationWorker => {
    const real = new Worker(new URL('./validation.worker.ts', import.meta.url), { type: 'module' });
    const state = { silent: false, ended: false };
    started.push(state);
    const stand: ValidationWorker = {
      onmessage: null,
      onerror: null,
      postMessage(request) {
        if (stuck(request)) state.silent = true;
        real.postMessage(request);
      },
      terminate() {
        state.ended = true;
        real.terminate();
      },
    };
    real.onmessage = (event: MessageEvent<WorkerReply>) => {
      if (state.silent) return;
      replies.push(event.data);
      stand.onmessage?.(event);
    };
    real.onerror = (event) => stand.onerror?.(event);
    return stand;
  };
  return { makeWorker, replies, started };
}

describe('the validation worker’s exports', () => {
  it('exports the workload as the app does: the catalog’s provisioners, the seed, the project name and the other workloads', async () => {
    const worker = startBackgroundValidation({ catalogFiles: () => files })!;
    const question = { seed: 7, projectName: 'shop', peers: [peer] };
    const here = exportCompose(withPeerFiles({ text: shop }, [peer]), {
      seed: 7,
      projectName: 'shop',
      provisioners: [...catalog.provisioners],
    });
    const exported = await worker.composeExport!(shop, question);
    expect(exported).toEqual(here);
    expect(exported.compose).toContain('db-shop');
    expect(exported.errors).toEqual([]);
    // Flags too, and another seed: another export, not one kept.
    const flagged = { seed: 8, projectName: 'shop', publish: ['8080:web:80'] };
    expect(await worker.composeExport!(shop, flagged)).toEqual(
      exportCompose(withPeerFiles({ text: shop }), { ...flagged, provisioners: [...catalog.provisioners] }),
    );
  });

  it('exports several workloads under their own file names as one project, as the library’s bundle is made here', async () => {
    const worker = startBackgroundValidation({ catalogFiles: () => files })!;
    const names = ['shop.score.yaml', 'billing.score.yaml'];
    const here = (texts: string[]) =>
      exportCompose(
        texts.map((text, i) => ({ text, file: names[i]! })),
        { seed: 7, provisioners: [...catalog.provisioners] },
      );
    const exported = await worker.composeExport!(shop, { seed: 7, peers: [peer], files: names });
    expect(exported).toEqual(here([shop, peer]));
    expect(exported.compose).toContain('billing-api');
    // The messages name the files by their names.
    const unnamed = peer.replace('  name: billing\n', '  name: ""\n');
    const refused = await worker.composeExport!(shop, { seed: 7, peers: [unnamed], files: names });
    expect(refused).toEqual(here([shop, unnamed]));
    expect(refused.errors.join(' ')).toContain("workload in file 'billing.score.yaml' has empty metadata.name");
  });

  it('makes the library’s Compose bundle in the worker: an export it had to be ended for fails with the reason, the tab never runs it', async () => {
    const { makeWorker, started } = watchedWorkers((request) => request.only === 'compose');
    const worker = startBackgroundValidation({ catalogFiles: () => files, makeWorker, questionTimeMs: 2_000 })!;
    await worker.check(shop); // the worker is ready: from now on its silence is timed
    previewExportsIn(worker);
    try {
      const workloads = [
        { name: 'billing', text: peer },
        { name: 'shop', text: shop },
      ];
      const download = await composeBundleDownload(workloads, { provisioners: catalog.provisioners, seed: 3 });
      expect(download.ok).toBe(false);
      expect(!download.ok && download.errors.join(' ')).toMatch(/^The export was stopped: .*ran longer than 2 seconds/);
      expect(started[0]?.ended).toBe(true);
    } finally {
      previewExportsIn(undefined);
    }
  });

  it('checks the export readiness with the project’s other workloads as they are now: a workload read before and changed since is read again', async () => {
    const linked = `${shop}  billing-api:\n    type: service-port\n    params:\n      workload: billing\n      port: www\n`;
    const serving = `${peer}service:\n  ports:\n    www:\n      port: 80\n`;
    let peers = [serving];
    const worker = startBackgroundValidation({ catalogFiles: () => files, peers: () => peers })!;
    await worker.check(linked);
    const here = (others: string[]) =>
      composeReadiness(validateText(linked, { catalog }), {
        provisioners: [...catalog.provisioners],
        peers: others.map((text) => ({ text })),
      });
    const ready = await worker.exportReadiness!(linked);
    expect(ready).toEqual(here([serving]));
    expect(JSON.stringify(ready)).not.toContain('www');
    expect(await worker.exportReadiness!(linked)).toEqual(ready); // asked again: the same peers, the same answer
    // The other workload changed (its port is gone): the answer is about it as it is now.
    peers = [peer];
    const notReady = await worker.exportReadiness!(linked);
    expect(notReady).toEqual(here([peer]));
    expect(JSON.stringify(notReady)).toContain('www');
    peers = [serving];
    expect(await worker.exportReadiness!(linked)).toEqual(ready);
  });

  it('lists the environment variables the workload reads, as the app does', async () => {
    const worker = startBackgroundValidation({ catalogFiles: () => files })!;
    const reading = `${shop}  env:\n    type: environment\n`.replace(
      '      DB: ${resources.db.host}\n',
      '      DB: ${resources.db.host}\n      KEY: ${resources.env.API_KEY}\n',
    );
    const exported = await worker.composeExport!(reading, { seed: 7 });
    expect(exported.environmentVariables).toEqual(['API_KEY']);
    expect(exported).toEqual(exportCompose([{ text: reading }], { seed: 7, provisioners: [...catalog.provisioners] }));
  });

  it('exports the workload to Kubernetes as the app does: the seed, the options and the catalog’s files', async () => {
    const worker = startBackgroundValidation({ catalogFiles: () => files })!;
    const settings = { namespace: 'shop', image: '', startOrder: 'ignore' as const };
    const exported = await worker.k8sExport!(shop, { seed: 5, settings });
    expect(exported).toEqual(exportWorkloadK8s({ text: shop, seed: 5, settings, files }));
    expect(exported.manifests).toContain('namespace: shop');
    expect(exported.errors).toEqual([]);
  });

  it('previews a placeholder as the page would, with the export’s seed', async () => {
    const worker = startBackgroundValidation({ catalogFiles: () => files })!;
    const parsed = parseWorkloadText(shop);
    for (const raw of [
      '${resources.db.host}',
      '${resources.db.password}',
      '${resources.cache.host}',
      '${metadata.name}',
    ]) {
      expect(await worker.placeholderPreview!(shop, raw, 3)).toEqual(
        previewPlaceholder(parsed, catalog, raw, { seed: 3 }),
      );
    }
    expect(await worker.placeholderPreview!(shop, '${resources.db.host}', undefined)).toEqual({
      kind: 'value',
      value: 'db-shop',
      secret: false,
      note: 'From template://acme/shop-db, as the Compose export resolves it.',
    });
  });

  it('says, as each resource’s templates start, that it is still at work', async () => {
    const { makeWorker, replies } = watchedWorkers(() => false);
    const worker = startBackgroundValidation({ catalogFiles: () => files, makeWorker })!;
    await worker.composeExport!(shop, { seed: 1 });
    // Three resources, each provisioned once: a word at each start (the sample runs of the catalog say nothing).
    expect(replies.filter((r) => r.alive).length).toBe(3);
    expect(replies.filter((r) => r.ready).length).toBe(1);
  });

  it('says, as each resource’s score-k8s templates start, that it is still at work', async () => {
    const { makeWorker, replies } = watchedWorkers(() => false);
    const worker = startBackgroundValidation({ catalogFiles: () => files, makeWorker })!;
    const settings = { namespace: '', image: '', startOrder: 'ignore' as const };
    const exported = await worker.k8sExport!(shop, { seed: 1, settings });
    expect(exported.errors).toEqual([]);
    // Three resources, each provisioned once by score-k8s's own provisioners: a word at each start.
    expect(replies.filter((r) => r.alive).length).toBe(3);
  });

  it('ends a worker silent past the question time budget: the question fails with the reason, the others are answered by a new worker', async () => {
    let stuckOnce = true;
    const { makeWorker, started } = watchedWorkers((request) => {
      const stuck = stuckOnce && request.only === 'compose';
      if (stuck) stuckOnce = false;
      return stuck;
    });
    const options: WorkerOptions = { catalogFiles: () => files, makeWorker, questionTimeMs: 2_000 };
    const worker = startBackgroundValidation(options)!;
    await worker.check(shop);
    const typed = shop.replace('image: nginx', 'image: nginx:1.27');
    // The export falls silent; a check and a caret question asked after it wait behind it.
    const exported = worker.composeExport!(shop, { seed: 1 }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    const checked = worker.check(typed);
    const pointer = worker.pointerAt(typed, typed.indexOf('nginx:1.27'));
    const error = await exported;
    expect(overran(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /ran longer than 2 seconds and were stopped: the template time budget is 5 seconds/,
    );
    expect(started.map((s) => s.ended)).toEqual([true, false]);
    expect((await checked).report.diagnostics).toEqual(validateText(typed).diagnostics);
    expect(await pointer).toBe('/containers/web/image');
    // The new worker works on: checks, and the export asked again.
    const again = shop.replace('image: nginx', 'image: nginx:2');
    expect((await worker.check(again)).report.parsed.value).toEqual(validateText(again).parsed.value);
    expect((await worker.composeExport!(shop, { seed: 1 })).compose).toContain('db-shop');
    expect(started).toHaveLength(2);
  });
});
