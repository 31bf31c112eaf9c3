import { describe, expect, it } from 'vitest';
import { buildCatalog, loadCatalogFile } from './build';

/**
 * A provisioners file whose templates go over the template budget on the catalog's sample run is
 * refused as it is loaded, with the provisioner, the template and the limit: listed, it would make
 * every export of a workload using it run into the same wall (and the app would keep it).
 */
const file = (name: string, outputs: string) => ({
  name,
  text: `- uri: template://acme/${name}\n  type: postgres\n  outputs: |\n    ${outputs}\n`,
});

describe('a provisioners file over the template budget', () => {
  it.each([
    ['steps', '{{ range until 999999 }}{{ end }}host: db', /ran more than 1,000,000 steps/],
    ['items', 'n: {{ until 1000000000 }}', /error calling until: the result would hold 1,000,000,000 items/],
    [
      'output',
      'n: {{ repeat 50000000 "a" | sha256sum }}',
      /error calling repeat: the result would hold 50,000,000 characters/,
    ],
    [
      'memory',
      '{{ $s := repeat 4000000 "a" }}{{ range until 20 }}{{ $x := print $s }}{{ end }}host: db',
      /the template's functions built more than 33,554,432 characters/,
    ],
  ])('is refused, naming the provisioner, the template and the limit (%s)', (name, outputs, reason) => {
    const loaded = loadCatalogFile(file(`${name}.provisioners.yaml`, outputs));
    expect(loaded).toEqual({ error: expect.stringMatching(reason) as unknown });
    const { error } = loaded as { error: string };
    expect(error).toMatch(
      new RegExp(
        `^${name}\\.provisioners\\.yaml: provisioner 0 \\(template://acme/${name}\\.provisioners\\.yaml\\) goes over the template budget, so the file is not loaded: outputs template failed: failed to execute template: `,
      ),
    );
  });

  it('is left out of the catalog built from stored files, with the reason, the others kept', () => {
    const good = file('good.provisioners.yaml', 'host: db');
    const { catalog, errors } = buildCatalog([good, file('slow.provisioners.yaml', 'n: {{ until 1000000000 }}')]);
    expect(errors).toEqual([
      { file: 'slow.provisioners.yaml', error: expect.stringMatching(/template budget/) as unknown },
    ]);
    expect(catalog.files.map((f) => f.name)).toEqual(['good.provisioners.yaml']);
    expect(catalog.entries[0]).toMatchObject({
      uri: 'template://acme/good.provisioners.yaml',
      outputs: [{ name: 'host' }],
    });
  });

  it('but a template that fails on the sample for another reason (a param it needs) still loads, without examples', () => {
    const loaded = loadCatalogFile(file('needs.provisioners.yaml', 'host: {{ .Params.size | lower }}'));
    expect(loaded).toMatchObject({
      loaded: [{ entry: { uri: 'template://acme/needs.provisioners.yaml', outputs: [] } }],
    });
  });
});
