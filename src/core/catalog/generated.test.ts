import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateBuiltinCatalog, generatedPath } from '../../../scripts/gen-builtin-catalog';
import { exportCompose } from '../export/compose';
import { builtinProvisioners, runnableProvisioners } from '../provisioners/builtin/runnable';
import { builtinCatalog } from './catalog';

/**
 * The built-in catalog is generated data (builtin-catalog.generated.ts), so that the first view needs
 * none of the provisioners' code. This generates it again in memory and fails when the committed file
 * no longer matches the provisioners.
 */
describe('the generated built-in catalog', () => {
  it('matches the built-in provisioners (otherwise: run npm run gen:builtin-catalog)', () => {
    const committed = readFileSync(generatedPath, 'utf8');
    expect(committed === generateBuiltinCatalog(), 'src/core/catalog/builtin-catalog.generated.ts is stale').toBe(true);
  });

  it('lists the built-ins without their code, and the exporters run them all the same', () => {
    const { provisioners } = builtinCatalog();
    expect(provisioners.length).toBe(builtinProvisioners().length);
    expect(provisioners.every((p) => p.provision === undefined)).toBe(true);
    const runnable = runnableProvisioners(provisioners);
    expect(runnable.map((p) => p.provision)).toEqual(builtinProvisioners().map((p) => p.provision));

    const text =
      'apiVersion: score.dev/v1b1\nmetadata: {name: web}\ncontainers: {main: {image: nginx, variables: {P: "${resources.db.password}"}}}\nresources: {db: {type: postgres}}\n';
    const fromCatalog = exportCompose([{ text }], { seed: 7, provisioners: provisioners });
    const fromDefaults = exportCompose([{ text }], { seed: 7 });
    expect(fromCatalog.errors).toEqual([]);
    expect(fromCatalog.compose).toBe(fromDefaults.compose);
  });

  it('keeps the code of a provisioner that brings its own, and refuses to run one listed without code that is no built-in', () => {
    const own = builtinProvisioners()[2]!;
    const [kept, unknown] = runnableProvisioners([own, { ...own, provision: undefined, uri: 'template://acme/redis' }]);
    expect(kept).toBe(own);
    const outcome = unknown!.provision({} as never, {} as never);
    expect(outcome).toEqual({ error: 'the provisioner template://acme/redis has no code to run here' });
  });
});
