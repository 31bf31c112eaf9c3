import { describe, expect, it } from 'vitest';
import { buildCatalog } from './build';
import { builtinCatalog } from './catalog';
import { resourceTypes } from './resource-types';
import { resourceTypeSite, typeHover, typeSuggestions } from './type-completion';

const ACME = `- uri: template://acme/ledger
  type: acme-ledger
  description: A ledger on the ACME accounting service. Kept for seven years.
  expected_outputs: [url, account]
  outputs: |
    url: https://ledger.acme.internal/{{ .Id }}
    account: {{ .Id }}
- uri: template://acme/postgres
  type: postgres
  class: large
  outputs: |
    host: big-pg
`;

function withAcme() {
  const built = buildCatalog([{ name: 'acme.provisioners.yaml', text: ACME }]);
  expect(built.errors).toEqual([]);
  return built.catalog;
}

/** The site at the `|` of a text (the bar removed). */
function siteAt(marked: string) {
  const offset = marked.indexOf('|');
  return resourceTypeSite(marked.slice(0, offset) + marked.slice(offset + 1), offset);
}

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: w\n';

describe('the type of a resource in the text', () => {
  it('is found at its value: as typed, empty, quoted, before a comment, under comments and blank lines', () => {
    expect(siteAt(`${head}resources:\n  db:\n    type: post|\n`)).toEqual({
      resource: 'db',
      value: 'post',
      start: head.length + 27,
      end: head.length + 31,
      needsSpace: false,
    });
    expect(siteAt(`${head}resources:\n  db:\n    type: |\n`)).toMatchObject({ value: '', needsSpace: false });
    expect(siteAt(`${head}resources:\n  db:\n    type:|\n`)).toMatchObject({ value: '', needsSpace: true });
    expect(siteAt(`${head}resources:\n  "my db":\n    type: "red|is"\n`)).toMatchObject({
      resource: 'my db',
      value: 'redis',
    });
    expect(siteAt(`${head}resources:\n  db:\n    class: large\n    type: redis| # the cache\n`)).toMatchObject({
      value: 'redis',
    });
    expect(
      siteAt(`${head}resources: # what it needs\n\n  # the cache\n  cache:\n\n    # here\n    type: re|\n`),
    ).toMatchObject({ resource: 'cache', value: 're' });
    expect(siteAt(`${head}resources:\r\n  db:\r\n    type: pg|\r\n`)).toMatchObject({ resource: 'db', value: 'pg' });
  });

  it('is nothing elsewhere: another key, a type under metadata or params, outside resources, the key itself', () => {
    expect(siteAt(`${head}resources:\n  db:\n    class: la|rge\n`)).toBeUndefined();
    expect(siteAt(`${head}resources:\n  db:\n    params:\n      type: x|\n`)).toBeUndefined();
    expect(siteAt(`${head}resources:\n  db:\n    metadata:\n      type: x|\n`)).toBeUndefined();
    expect(siteAt(`${head}containers:\n  web:\n    type: x|\n`)).toBeUndefined();
    expect(siteAt(`${head}resources:\n  db:\n    ty|pe: redis\n`)).toBeUndefined();
    expect(siteAt(`type: x|\n`)).toBeUndefined();
    expect(siteAt(`${head}resources:\n  db:\n    type: redis # a comm|ent\n`)).toBeUndefined();
  });
});

describe('types suggested and described', () => {
  it('suggests every type of the registry, a loaded file’s marked with its file and the built-ins not', () => {
    const catalog = withAcme();
    const suggestions = typeSuggestions(catalog);
    expect(suggestions.map((s) => s.type)).toEqual(resourceTypes(catalog).map((t) => t.type));
    const ledger = suggestions.find((s) => s.type === 'acme-ledger')!;
    expect(ledger.detail).toBe('A ledger on the ACME accounting service — from acme.provisioners.yaml');
    expect(ledger.documentation).toBe('Outputs: url, account.');
    // A built-in type a file also provides (for one class) is marked too: the file offers it.
    expect(suggestions.find((s) => s.type === 'postgres')!.detail).toBe(
      'PostgreSQL database — from acme.provisioners.yaml',
    );
    expect(suggestions.find((s) => s.type === 'redis')!.detail).toBe('Redis cache');
    expect(typeSuggestions(builtinCatalog()).some((s) => s.type === 'acme-ledger')).toBe(false);
  });

  it('says on hover what a type is and where it comes from', () => {
    const catalog = withAcme();
    expect(typeHover(catalog, 'acme-ledger')).toEqual([
      'acme-ledger: A ledger on the ACME accounting service',
      'Provided by a loaded provisioners file, from acme.provisioners.yaml.',
      'Outputs: url, account.',
    ]);
    expect(typeHover(catalog, 'redis')[1]).toBe("Provided by score-compose's default provisioners.");
    expect(typeHover(catalog, 'volume')[2]).toMatch(/Mounted into a container/);
    expect(typeHover(builtinCatalog(), 'acme-ledger')).toEqual([
      'No provisioner in the catalog takes type "acme-ledger": the Compose export cannot provision it.',
    ]);
  });
});
