import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../core/catalog';
import { parseWorkloadText } from '../../core/document/parse';
import { exportedVariables } from '../../core/inspector/exported-variables';
import type { BackgroundValidation } from '../document/check/background-validation';
import { exportWorkload } from './compose';
import { exportedVariablesOf, previewExportsIn, type PreviewInput } from './preview';

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

const input: PreviewInput = { seed: 7, projectName: 'shop', provisioners: undefined };
const here = (t: string) => exportedVariables(t, parseWorkloadText(t), { seed: 7, projectName: 'shop' });

/** A stand-in for the validation worker: answers export previews as it would, counting them; or fails. */
function validationWorker(failing = false) {
  const asked: string[] = [];
  const worker: BackgroundValidation = {
    check: () => Promise.reject(new Error('not asked here')),
    pointerAt: () => Promise.reject(new Error('not asked here')),
    read: () => Promise.reject(new Error('not asked here')),
    exportedVariables: (t, options) => {
      asked.push(t);
      if (failing) return Promise.reject(new Error('the worker failed'));
      return Promise.resolve(exportedVariables(t, parseWorkloadText(t), options));
    },
  };
  return { worker, asked };
}

describe('the exported-variables preview off the page', () => {
  afterEach(() => previewExportsIn(undefined));

  it('is worked out in the validation worker, which has read the text already', async () => {
    const { worker, asked } = validationWorker();
    previewExportsIn(worker);
    const variables = await exportedVariablesOf(text, input);
    expect(asked).toEqual([text]);
    expect(variables?.get('web')?.DB_HOST).toMatch(/^pg-\w+$/);
  });

  it('is worked out here once the validation worker failed, and the worker is not asked again', async () => {
    const { worker, asked } = validationWorker(true);
    previewExportsIn(worker);
    expect(await exportedVariablesOf(text, input)).toEqual(here(text));
    expect(await exportedVariablesOf(text, input)).toEqual(here(text));
    expect(asked).toHaveLength(1);
  });

  it('answers where no worker can run with what the export gives', async () => {
    expect(typeof Worker).toBe('undefined'); // Node: the fallback is what is tested here; the e2e covers the worker
    const variables = await exportedVariablesOf(text, input);
    expect(variables).toEqual(here(text));
    expect(variables?.get('web')?.DB_HOST).toMatch(/^pg-\w+$/);
  });

  it('is undefined for a workload that cannot be exported', async () => {
    expect(await exportedVariablesOf(text.replace('type: postgres', 'type: no-such-type'), input)).toBeUndefined();
  });

  it("shows what the app's Compose export writes: its seed and its provisioners", async () => {
    const environment = (seed: number, provisioners?: PreviewInput['provisioners']) => {
      const compose = exportWorkload({ text, workload: 'shop', seed, provisioners }).compose;
      return (parse(compose) as { services: Record<string, { environment: Record<string, string> }> }).services[
        'shop-web'
      ]!.environment;
    };
    for (const seed of [1, 2]) {
      const shown = await exportedVariablesOf(text, { seed, projectName: 'shop', provisioners: undefined });
      expect(shown?.get('web')).toEqual(environment(seed));
    }
    expect(environment(1)).not.toEqual(environment(2)); // the seed decides the generated host name
    // A loaded provisioners file that provisions postgres its own way: the preview follows it.
    const file = `- uri: template://mine/postgres
  type: postgres
  outputs: |
    host: my-own-db
`;
    const provisioners = buildCatalog([{ name: 'mine.provisioners.yaml', text: file }]).catalog.provisioners;
    const shown = await exportedVariablesOf(text, { seed: 1, projectName: 'shop', provisioners });
    expect(shown?.get('web')).toEqual({ DB_HOST: 'my-own-db' });
    expect(environment(1, provisioners)).toEqual({ DB_HOST: 'my-own-db' });
  });
});
