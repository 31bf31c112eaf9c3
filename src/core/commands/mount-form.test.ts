import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { isRefusal, type CommandResult } from './command';
import { commands } from './registry';

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';

function text(result: CommandResult): string {
  if (isRefusal(result)) throw new Error(result.error);
  return result.text;
}

describe('useMapForm', () => {
  it('turns a block list into the map form in place: only each "- " and target line change', () => {
    const before = `${head}    files:
      # the main config
      - target: /etc/app.conf # where it goes
        mode: "0644"
        content: |
          port=80
          # not a comment
      - mode: '0600'
        target: "/etc/b.conf"
        source: ./b.conf
`;
    expect(text(commands.useMapForm(before, { container: 'web', field: 'files' }))).toBe(`${head}    files:
      # the main config
      /etc/app.conf: # where it goes
        mode: "0644"
        content: |
          port=80
          # not a comment
      /etc/b.conf:
        mode: '0600'
        source: ./b.conf
`);
  });

  it('writes the new key as YAML needs it, and keeps CRLF line ends', () => {
    const before = (head + '    volumes:\n      - source: ${resources.data}\n        target: "/data: x"\n').replace(
      /\n/g,
      '\r\n',
    );
    const after = text(commands.useMapForm(before, { container: 'web', field: 'volumes' }));
    expect(after).toBe(
      (head + '    volumes:\n      "/data: x":\n        source: ${resources.data}\n').replace(/\n/g, '\r\n'),
    );
  });

  it('rewrites a list it cannot keep line by line (flow, or dashes under the key) in the document style', () => {
    const flow = `${head}    volumes: [{target: /data, source: "\${resources.data}", readOnly: true}]\n`;
    expect(text(commands.useMapForm(flow, { container: 'web', field: 'volumes' }))).toBe(
      `${head}    volumes: {/data: {source: "\${resources.data}", readOnly: true}}\n`,
    );
    const indentless = `${head}    volumes:\n    - target: /data\n      source: \${resources.data}\n`;
    const after = text(commands.useMapForm(indentless, { container: 'web', field: 'volumes' }));
    expect(parseWorkloadText(after).value).toMatchObject({
      containers: { web: { volumes: { '/data': { source: '${resources.data}' } } } },
    });
    expect(after.startsWith(head + '    volumes:\n')).toBe(true);
  });

  it('changes nothing when the map form is already used', () => {
    const before = `${head}    volumes:\n      /data:\n        source: \${resources.data}\n`;
    expect(commands.useMapForm(before, { container: 'web', field: 'volumes' })).toEqual({
      text: before,
      edits: [],
      selection: '/containers/web/volumes',
    });
  });

  it('refuses an item with no target, two items with the same target, and what is not there', () => {
    const noTarget = `${head}    files:\n      - content: hello\n`;
    expect(commands.useMapForm(noTarget, { container: 'web', field: 'files' })).toEqual({
      error:
        'The file #1 of container "web" has no target path, so it has no key in the map form. Give it a target first.',
    });
    const twice = `${head}    files:\n      - {target: /a, content: x}\n      - {target: /a, content: y}\n`;
    expect(commands.useMapForm(twice, { container: 'web', field: 'files' })).toEqual({
      error:
        'Two files of container "web" have the target "/a"; the map form can hold only one. Change one of them first.',
    });
    expect(commands.useMapForm(head, { container: 'web', field: 'files' })).toEqual({
      error: 'Container "web" has no files.',
    });
    expect(commands.useMapForm(head, { container: 'api', field: 'files' })).toEqual({
      error: 'There is no container named "api".',
    });
    expect(commands.useMapForm(head, { container: 'web', field: 'ports' as never })).toEqual({
      error: '"field" must be files or volumes, not "ports".',
    });
  });
});
