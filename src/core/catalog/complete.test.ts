import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseWorkloadText } from '../document/parse';
import { exportCompose } from '../export/compose';
import { buildCatalog } from './build';
import { builtinCatalog } from './catalog';
import { completePlaceholder } from './complete';
import { placeholderAt } from '../workload/placeholders';
import { previewPlaceholder } from '../export/placeholder-preview';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    team: payments
containers:
  web:
    image: nginx
    variables:
      DB_HOST: \${resources.db.host}
      DB_PORT: \${resources.db.port}
      DB_PASSWORD: \${resources.db.password}
      NAME: \${metadata.name}
      TOKEN: \${resources.env.API_TOKEN}
resources:
  db:
    type: postgres
  big:
    type: postgres
    class: large
  env:
    type: environment
`;
const parsed = parseWorkloadText(text);
const catalog = builtinCatalog();

describe('completePlaceholder', () => {
  it('is silent outside an open ${', () => {
    expect(completePlaceholder(parsed, catalog, '      A: plain')).toBeUndefined();
    expect(completePlaceholder(parsed, catalog, '      A: ${resources.db.host} and')).toBeUndefined();
    expect(completePlaceholder(parsed, catalog, '      A: $${resources.')).toBeUndefined();
  });

  it('offers the roots, then resource names, then the outputs with their meaning', () => {
    expect(completePlaceholder(parsed, catalog, '      A: ${')!.items.map((i) => i.label)).toEqual([
      'metadata',
      'resources',
    ]);
    const names = completePlaceholder(parsed, catalog, '      A: ${resources.')!;
    expect(names.items.map((i) => [i.label, i.kind, i.detail])).toEqual([
      ['db', 'resource', 'postgres resource'],
      ['big', 'resource', 'postgres resource'],
      ['env', 'resource', 'environment resource'],
    ]);
    const outputs = completePlaceholder(parsed, catalog, '      A: ${resources.db.ho')!;
    expect(outputs.from).toBe('      A: ${resources.db.'.length);
    expect(outputs.items.map((i) => i.label)).toEqual(['host', 'port', 'name', 'database', 'username', 'password']);
    expect(outputs.items[0]).toMatchObject({ kind: 'output', detail: 'The PostgreSQL service name.' });
    expect(outputs.items[0]!.documentation).toMatch(/Example: pg-/);
    const password = outputs.items.find((i) => i.label === 'password')!;
    expect(password.secret).toBe(true);
    expect(password.documentation).not.toMatch(/Example/);
  });

  it('works with the text before the caret spanning several lines', () => {
    const before = 'containers:\n  web:\n    variables:\n      A: x ${resources.db.';
    const completion = completePlaceholder(parsed, catalog, before)!;
    expect(completion.from).toBe(before.length);
    expect(completion.items.map((i) => i.label)).toContain('host');
  });

  it('offers the outputs of the provisioner that matches the class, and none for environment resources', () => {
    const file =
      '- uri: template://x/pg\n  type: postgres\n  class: large\n  expected_outputs: [dsn]\n  outputs: "dsn: x"\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    expect(completePlaceholder(parsed, loaded, '${resources.big.')!.items.map((i) => i.label)).toEqual(['dsn']);
    expect(completePlaceholder(parsed, loaded, '${resources.db.')!.items.map((i) => i.label)).toContain('host');
    expect(completePlaceholder(parsed, catalog, '${resources.env.')!.items).toEqual([]);
  });

  it('offers metadata keys, nested ones too', () => {
    expect(completePlaceholder(parsed, catalog, '${metadata.')!.items.map((i) => i.label)).toEqual([
      'name',
      'annotations',
    ]);
    expect(completePlaceholder(parsed, catalog, '${metadata.annotations.')!.items).toEqual([
      { label: 'team', insert: 'team', kind: 'metadata', detail: 'payments' },
    ]);
  });

  it('leaves out keys no placeholder may name (score-go refuses a dot, escaped or not, a slash, a space)', () => {
    const dotted = parseWorkloadText(
      'metadata:\n  name: shop\n  team.name: pay\n  app/tier: web\n  a b: c\n  ok_key-1: x\n  annotations:\n    app.kubernetes.io/name: shop\n',
    );
    expect(completePlaceholder(dotted, catalog, '${metadata.')!.items.map((i) => i.label)).toEqual([
      'name',
      'ok_key-1',
      'annotations',
    ]);
    expect(completePlaceholder(dotted, catalog, '${metadata.annotations.')!.items).toEqual([]);
  });
});

describe('previewPlaceholder', () => {
  const exported = exportCompose([{ text }], { provisioners: [...catalog.provisioners], seed: 5 });
  const environment = (parse(exported.compose) as { services: Record<string, { environment: Record<string, string> }> })
    .services['shop-web']!.environment;

  it('gives the value the Compose export resolves, for the same seed', () => {
    expect(exported.errors).toEqual([]);
    for (const variable of ['DB_HOST', 'DB_PORT', 'DB_PASSWORD', 'NAME']) {
      const raw = /\$\{[^}]+\}/.exec(text.split('\n').find((l) => l.includes(`${variable}:`))!)![0];
      const preview = previewPlaceholder(parsed, catalog, raw, { seed: 5 });
      expect(preview.kind, variable).toBe('value');
      if (preview.kind === 'value') expect(preview.value, variable).toBe(environment[variable]);
    }
  });

  it('marks secrets, and says where a value comes from', () => {
    const password = previewPlaceholder(parsed, catalog, '${resources.db.password}', { seed: 5 });
    expect(password).toMatchObject({ kind: 'value', secret: true });
    const host = previewPlaceholder(parsed, catalog, 'resources.db.host', { seed: 5 });
    expect(host).toMatchObject({ kind: 'value', secret: false });
    if (host.kind === 'value') expect(host.note).toContain('template://default-provisioners/postgres');
    // Another seed, other names: the preview follows the export's seed.
    const other = previewPlaceholder(parsed, catalog, 'resources.db.host', { seed: 6 });
    expect(other.kind === 'value' && host.kind === 'value' && other.value !== host.value).toBe(true);
  });

  it('explains environment resources, and what it cannot resolve', () => {
    expect(
      previewPlaceholder(parsed, catalog, '${resources.env.API_TOKEN}', { env: { API_TOKEN: 't' } }),
    ).toMatchObject({
      kind: 'environment',
      variable: 'API_TOKEN',
      value: 't',
    });
    expect(previewPlaceholder(parsed, catalog, '${resources.nope.x}').kind).toBe('unavailable');
    expect(previewPlaceholder(parsed, catalog, '${resources.db.hots}')).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringContaining('no output "hots"') as string,
    });
    const broken = parseWorkloadText(text.replace('image: nginx', 'image: "."'));
    // The export failing elsewhere: what the output is comes first, then why its value is not shown.
    const host = previewPlaceholder(broken, catalog, '${resources.db.host}');
    expect(host).toMatchObject({ kind: 'unavailable' });
    const reason = host.kind === 'unavailable' ? host.reason : '';
    expect(reason).toMatch(/^The PostgreSQL service name\. Its value is not shown while the Compose export fails: /);
  });

  it('finds the placeholder under the mouse', () => {
    const offset = text.indexOf('${resources.db.port}') + 5;
    expect(placeholderAt(parsed, offset)?.token.raw).toBe('${resources.db.port}');
    expect(placeholderAt(parsed, text.indexOf('image'))).toBeUndefined();
  });
});
