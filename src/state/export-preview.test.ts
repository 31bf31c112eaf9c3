import { afterEach, describe, expect, it } from 'vitest';
import { exportedVariables } from '../core/inspector/exported-variables';
import type { BackgroundValidation } from './background-validation';
import { exportedVariablesOf, previewExportsIn } from './export-preview';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_HOST: \${resources.db.host}
resources:
  db:
    type: postgres
`;

/** A stand-in for the validation worker: answers export previews as it would, counting them; or fails. */
function validationWorker(failing = false) {
  const asked: string[] = [];
  const worker: BackgroundValidation = {
    check: () => Promise.reject(new Error('not asked here')),
    pointerAt: () => Promise.reject(new Error('not asked here')),
    read: () => Promise.reject(new Error('not asked here')),
    exportedVariables: (t) => {
      asked.push(t);
      return failing ? Promise.reject(new Error('the worker failed')) : Promise.resolve(exportedVariables(t));
    },
  };
  return { worker, asked };
}

describe('the exported-variables preview off the page', () => {
  afterEach(() => previewExportsIn(undefined));

  it('is worked out in the validation worker, which has read the text already', async () => {
    const { worker, asked } = validationWorker();
    previewExportsIn(worker);
    const variables = await exportedVariablesOf(text);
    expect(asked).toEqual([text]);
    expect(variables?.get('web')?.DB_HOST).toMatch(/^pg-\w+$/);
  });

  it('is worked out here once the validation worker failed, and the worker is not asked again', async () => {
    const { worker, asked } = validationWorker(true);
    previewExportsIn(worker);
    expect(await exportedVariablesOf(text)).toEqual(exportedVariables(text));
    expect(await exportedVariablesOf(text)).toEqual(exportedVariables(text));
    expect(asked).toHaveLength(1);
  });

  it('answers where no worker can run with what the export gives', async () => {
    expect(typeof Worker).toBe('undefined'); // Node: the fallback is what is tested here; the e2e covers the worker
    const variables = await exportedVariablesOf(text);
    expect(variables).toEqual(exportedVariables(text));
    expect(variables?.get('web')?.DB_HOST).toMatch(/^pg-\w+$/);
  });

  it('is undefined for a workload that cannot be exported', async () => {
    expect(await exportedVariablesOf(text.replace('type: postgres', 'type: no-such-type'))).toBeUndefined();
  });
});
