import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiTypes, typesPath } from '../../scripts/gen-api-types.mjs';

/**
 * The API's types are generated from schemas/workloads.openapi.yaml and committed. This regenerates
 * them in memory and fails when the committed file no longer matches the contract.
 */
describe('generated workloads API types', () => {
  it('match schemas/workloads.openapi.yaml (otherwise: run npm run api:types)', async () => {
    const fresh = await generateApiTypes();
    const committed = readFileSync(typesPath, 'utf8');
    expect(committed === fresh, 'src/api/generated/workloads.d.ts is stale: run npm run api:types').toBe(true);
  });
});
