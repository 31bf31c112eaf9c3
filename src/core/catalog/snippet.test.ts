import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCommand } from '../commands';
import { validateText } from '../validate';
import { buildCatalog } from './build';
import { builtinCatalog } from './catalog';
import { catalogDocument, catalogJson, catalogYaml } from './document';
import { exportCompose } from '../export/compose';
import { addResourceArgs, missingServicePort, resourceSnippet } from './snippet';

const base = `apiVersion: score.dev/v1b1
metadata:
  name: shop
# the web front end
containers:
  web:
    image: nginx
`;

describe('adding a resource from the catalog', () => {
  it('gives every built-in type a resource that validates with no catalog warning', () => {
    for (const entry of builtinCatalog().entries) {
      const result = runCommand('addResource', base, addResourceArgs(entry, parse(base)));
      if ('error' in result) throw new Error(`${entry.type}: ${result.error}`);
      const report = validateText(result.text, { catalog: builtinCatalog() });
      expect(report.diagnostics, entry.type).toEqual([]);
      expect(result.text.startsWith(base), 'the rest of the text is kept').toBe(true);
    }
  });

  it('gives every built-in type a resource the Compose export provisions, in a workload with a service port', () => {
    const withPort = base.replace('# the web', 'service:\n  ports:\n    www:\n      port: 80\n# the web');
    for (const entry of builtinCatalog().entries) {
      if (!entry.runsInBrowser) continue;
      const result = runCommand('addResource', withPort, addResourceArgs(entry, parse(withPort)));
      if ('error' in result) throw new Error(`${entry.type}: ${result.error}`);
      const exported = exportCompose([{ text: result.text }], { projectName: 'shop' });
      expect(exported.errors, entry.type).toEqual([]);
    }
  });

  it('picks a free name, and fills in the class and example params', () => {
    const file =
      '- uri: template://x/pg\n  type: postgres\n  class: large\n  supported_params: [size]\n  outputs: "host: h"\n';
    const entry = buildCatalog([{ name: 'x.yaml', text: file }]).catalog.entries[0]!;
    expect(addResourceArgs(entry, { resources: { postgres: {}, 'postgres-2': {} } })).toEqual({
      name: 'postgres-3',
      type: 'postgres',
      class: 'large',
    });
  });

  it('points service-port and route at this workload and its first service port', () => {
    const entry = (type: string) => builtinCatalog().entries.find((e) => e.type === type)!;
    const shop = { metadata: { name: 'shop' }, service: { ports: { www: { port: 80 } } } };
    expect(addResourceArgs(entry('service-port'), shop).params).toEqual({ workload: 'shop', port: 'www' });
    expect(addResourceArgs(entry('route'), shop).params).toEqual({ host: 'shop.localhost', path: '/', port: 'www' });
    // Without a service port the example port stays, and the user is told what the resource needs.
    expect(missingServicePort('route', shop)).toBeUndefined();
    expect(missingServicePort('route', { metadata: { name: 'shop' } })).toMatch(/add one under Service ports/);
    expect(missingServicePort('postgres', {})).toBeUndefined();
  });
});

describe('the snippet', () => {
  it('is YAML to paste: a resources block, and variables that read only outputs the type gives', () => {
    for (const entry of builtinCatalog().entries) {
      const snippet = resourceSnippet(entry, 'dep');
      const value = parse(snippet) as { resources: Record<string, { type: string }> };
      expect(value.resources.dep!.type).toBe(entry.type);
      // Uncomment the variable lines and put them in a container: the catalog has nothing to say.
      const variables = snippet
        .split('\n')
        .filter((l) => /^# {3}\w+: /.test(l))
        .map((l) => `      ${l.slice(4)}\n`)
        .join('');
      const text = `${base}${variables ? `    variables:\n${variables}` : ''}${snippet}`;
      const report = validateText(text, { catalog: builtinCatalog() });
      expect(report.diagnostics, `${entry.type}\n${text}`).toEqual([]);
      expect(variables === '', entry.type).toBe(entry.outputs.length === 0 && !entry.anyOutput);
    }
  });
});

describe('the catalog document', () => {
  const schema = JSON.parse(
    readFileSync(new URL('../../../schemas/catalog.schema.json', import.meta.url), 'utf8'),
  ) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
  const file = `- uri: template://x/pg
  type: postgres
  class: large
  supported_params: [size]
  expected_outputs: [host, password]
  outputs: "host: h\\npassword: p"
- uri: cmd://x/vault
  type: vault
`;
  const catalog = buildCatalog([
    { name: 'x.provisioners.yaml', text: file, url: 'https://example.test/x.yaml' },
  ]).catalog;

  it('validates against schemas/catalog.schema.json, built-in and loaded entries alike', () => {
    const document = catalogDocument(catalog);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.entries[0]!.source).toEqual({
      kind: 'file',
      file: 'x.provisioners.yaml',
      url: 'https://example.test/x.yaml',
    });
    expect(document.entries[1]).toMatchObject({ kind: 'cmd', runsInBrowser: false });
  });

  it('is the same document as JSON and as YAML, and never holds a secret example', () => {
    expect(parse(catalogYaml(catalog))).toEqual(JSON.parse(catalogJson(catalog)));
    expect(catalogJson(catalog)).not.toContain('"p"');
    expect(validate({ ...catalogDocument(catalog), kind: 'Other' })).toBe(false);
    const leaky = catalogDocument(catalog);
    leaky.entries[0]!.outputs[1]!.example = 'p';
    expect(leaky.entries[0]!.outputs[1]!.secret).toBe(true);
    expect(validate(leaky)).toBe(false);
  });
});
