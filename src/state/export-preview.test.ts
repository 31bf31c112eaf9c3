import { describe, expect, it } from 'vitest';
import { exportedVariables } from '../core/inspector/exported-variables';
import { exportedVariablesOf } from './export-preview';

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

describe('the exported-variables preview off the page', () => {
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
