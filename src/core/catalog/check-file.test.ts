import { describe, expect, it } from 'vitest';
import { buildCatalog, loadCatalogFile } from './index';
import { checkProvisionerFile } from './check-file';

const good = `- uri: template://acme/queue
  type: queue
  outputs: |
    url: amqp://{{ .Id }}
`;

describe('checkProvisionerFile', () => {
  it('accepts a file whose templates parse, with the functions score-compose gives them', () => {
    expect(checkProvisionerFile(good, 'acme.provisioners.yaml')).toBeUndefined();
    const sprig = `- uri: template://acme/secret\n  type: secret\n  state: |\n    password: {{ randAlphaNum 16 | quote }}\n`;
    expect(checkProvisionerFile(sprig, 'a.yaml')).toBeUndefined();
  });

  it('refuses a template that does not parse, with its line in the file', () => {
    const broken = `# acme's queues
- uri: template://acme/queue
  type: queue
  state: |
    created: true

    name: {{ .Id }
  outputs: |
    url: amqp://{{ .Id }}
`;
    const error = checkProvisionerFile(broken, 'acme.provisioners.yaml');
    expect(error).toMatch(
      /^acme\.provisioners\.yaml, line 7: the state template of provisioner 0 \(template:\/\/acme\/queue\) does not parse: /,
    );
  });

  it('refuses a template calling a function that does not exist, at its line', () => {
    const unknown = `- uri: template://acme/queue
  type: queue
- uri: template://acme/cache
  type: cache
  outputs: "host: {{ nosuchfunction .Id }}"
`;
    expect(checkProvisionerFile(unknown, 'f.yaml')).toMatch(
      /^f\.yaml, line 5: the outputs template of provisioner 1 .*function "nosuchfunction" not defined/,
    );
  });

  it('refuses an entry without its uri or type, at the entry, and YAML that does not read, at its line', () => {
    expect(checkProvisionerFile(`${good}- uri: template://acme/other\n  outputs: "x: 1"\n`, 'f.yaml')).toBe(
      'f.yaml, line 5: provisioner 1 has no type: every provisioner needs a uri (such as template://my-org/postgres) and the resource type it provisions.',
    );
    expect(checkProvisionerFile(`- type: queue\n`, 'f.yaml')).toMatch(/^f\.yaml, line 1: provisioner 0 has no uri/);
    expect(checkProvisionerFile(`- uri: template://a\n  type: [unclosed\n`, 'f.yaml')).toMatch(/^f\.yaml, line \d: /);
  });

  it('is how the catalog reads a file: a broken one is refused, not listed as a provisioner that fails at export', () => {
    const broken = good.replace('{{ .Id }}', '{{ .Id');
    expect(loadCatalogFile({ name: 'acme.provisioners.yaml', text: broken })).toEqual({
      error: expect.stringMatching(/^acme\.provisioners\.yaml, line 4: the outputs template/),
    });
    expect(buildCatalog([{ name: 'acme.provisioners.yaml', text: broken }]).errors).toHaveLength(1);
    expect(loadCatalogFile({ name: 'acme.provisioners.yaml', text: good })).toHaveProperty('loaded');
  });
});
