import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSchema, typesPath, validatorPath } from '../../../scripts/compile-schema.mjs';

/**
 * The compiled validator is committed (the app compiles nothing at run time). These tests regenerate
 * it in memory and fail when the committed file no longer matches schemas/score-v1b1.json.
 */
describe('generated schema validator', () => {
  const fresh = compileSchema();

  it('matches schemas/score-v1b1.json (otherwise: run npm run schema)', () => {
    const committed = readFileSync(validatorPath, 'utf8');
    expect(committed === fresh.validator, 'The generated validator is stale: run npm run schema').toBe(true);
    expect(readFileSync(typesPath, 'utf8') === fresh.types, 'The generated .d.ts is stale: run npm run schema').toBe(
      true,
    );
  });

  it('is the same bytes every time it is compiled', () => {
    expect(compileSchema().validator).toBe(fresh.validator);
  });

  it('is plain ES module code that evaluates nothing at run time', () => {
    expect(fresh.validator).not.toMatch(/\brequire\s*\(/);
    expect(fresh.validator).not.toMatch(/new Function|\beval\s*\(/);
    expect(fresh.validator).toMatch(/export default validate\d+;/);
  });
});
