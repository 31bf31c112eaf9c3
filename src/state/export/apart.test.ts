import { afterEach, describe, expect, it } from 'vitest';
import { exportCompose, withPeerFiles } from '../../core/export/compose';
import type { BackgroundValidation } from '../document/check/background-validation';
import { exportWorkload, exportWorkloadApart, memoizedExport } from './compose';
import { memoizedK8sExport } from './k8s';
import { placeholderPreviewOf, previewExportsIn } from './preview';

/**
 * The app's exports and the placeholder hover, asked of the validation worker (a stand-in here): its
 * answers as the export on the page would give them; worked out here once it failed; and an error
 * with the reason, not an export on the page (which would freeze it), when it was ended for running
 * past the time budget.
 */
const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
resources:
  db:
    type: postgres
`;
const peer = text.replace('name: shop', 'name: billing');
const STOPPED = Object.assign(new Error('a provisioner’s templates ran longer than 8 seconds and were stopped'), {
  overran: true,
});

function validationWorker(how: 'answers' | 'fails' | 'overruns') {
  const asked: string[] = [];
  const answer = <T>(kind: string, value: () => T) => {
    asked.push(kind);
    if (how === 'fails') return Promise.reject(new Error('the worker failed'));
    if (how === 'overruns') return Promise.reject(STOPPED);
    return Promise.resolve(value());
  };
  const worker: BackgroundValidation = {
    check: () => Promise.reject(new Error('not asked here')),
    pointerAt: () => Promise.reject(new Error('not asked here')),
    read: () => Promise.reject(new Error('not asked here')),
    exportedVariables: () => Promise.reject(new Error('not asked here')),
    composeExport: (t, { peers, ...options }) =>
      answer('compose', () => exportCompose(withPeerFiles({ text: t }, peers), options)),
    k8sExport: () => answer('kubernetes', () => undefined as never),
    placeholderPreview: () =>
      answer('placeholder', () => ({ kind: 'unavailable' as const, reason: 'from the worker' })),
  };
  return { worker, asked };
}

describe('the exports, off the page', () => {
  afterEach(() => previewExportsIn(undefined));
  const input = { text, workload: 'shop', seed: 4, peers: [peer] };

  it('are the worker’s answers, as the page’s own export would be, one per change', async () => {
    const { worker, asked } = validationWorker('answers');
    previewExportsIn(worker);
    expect(await exportWorkloadApart(input)).toEqual(exportWorkload(input));
    const run = memoizedExport(exportWorkloadApart);
    const first = run(input);
    expect(run({ ...input, peers: [peer] })).toBe(first);
    await first;
    expect(asked).toEqual(['compose', 'compose']);
  });

  it('are worked out here once the worker failed', async () => {
    const { worker, asked } = validationWorker('fails');
    previewExportsIn(worker);
    expect(await exportWorkloadApart(input)).toEqual(exportWorkload(input));
    expect(await exportWorkloadApart(input)).toEqual(exportWorkload(input));
    expect(asked).toEqual(['compose']);
  });

  it('fail with the reason when the worker was ended for running past the time budget, and are not made here', async () => {
    const { worker, asked } = validationWorker('overruns');
    previewExportsIn(worker);
    const compose = await exportWorkloadApart(input);
    expect(compose.compose).toBe('');
    expect(compose.errors).toEqual([`The export was stopped: ${STOPPED.message}`]);
    const settings = { namespace: '', image: '', startOrder: 'ignore' as const };
    const k8s = await memoizedK8sExport()({ text, seed: 4, settings, files: [] });
    expect(k8s).toMatchObject({ manifests: '', errors: [`The export was stopped: ${STOPPED.message}`] });
    const hover = await placeholderPreviewOf(text, '${resources.db.host}', 4, () => {
      throw new Error('worked out on the page');
    });
    expect(hover).toEqual({
      kind: 'unavailable',
      reason: `Its value is not shown: the Compose export was stopped: ${STOPPED.message}`,
    });
    // The worker is asked again next time: it was ended and started anew, not found failing.
    await exportWorkloadApart(input);
    expect(asked).toEqual(['compose', 'kubernetes', 'placeholder', 'compose']);
  });
});
