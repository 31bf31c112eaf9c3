import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { applyEdits } from '../document/edits';
import { isRefusal, type CommandResult, type CommandSuccess } from './command';
import { commands, runCommand } from './registry';
import { resourceReferences } from './resource-references';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    # the variables
    variables:
      DB_HOST: \${resources.db.host}
      DB_PORT: "\${resources.db.port}"
      KEEP: plain
    files:
      /etc/app.conf:
        content: "url=\${resources.db.host}"
    volumes:
      - source: \${resources.db}
        target: /a
      - source: \${resources.other}
        target: /b
  api:
    image: api
    variables:
      DSN: \${resources.db.uri}
resources:
  db:
    type: postgres # the database
  other:
    type: volume
  route:
    type: route
    params:
      host: \${resources.db.host}
`;

function ok(before: string, result: CommandResult): CommandSuccess {
  if (isRefusal(result)) throw new Error(`refused: ${result.error}`);
  expect(applyEdits(before, result.edits)).toBe(result.text);
  return result;
}

describe('removeResourceReferences', () => {
  it('removes every variable, volume and param that names the resource, and leaves text inside files', () => {
    const result = ok(text, commands.removeResourceReferences(text, { resource: 'db' }));
    expect(result.text).toBe(
      text
        .replace('      DB_HOST: ${resources.db.host}\n      DB_PORT: "${resources.db.port}"\n', '')
        .replace('      - source: ${resources.db}\n        target: /a\n', '')
        .replace('    variables:\n      DSN: ${resources.db.uri}\n', '')
        .replace('    params:\n      host: ${resources.db.host}\n', ''),
    );
    expect(resourceReferences(parseWorkloadText(result.text), 'db').map((r) => r.context)).toEqual(['file-content']);
  });

  it('is one result whose edits each lie where a removal was made (not a diff of the texts)', () => {
    const result = ok(text, commands.removeResourceReferences(text, { resource: 'db' }));
    // Each variable of web, web's volume, api's variables (emptied), route's params (emptied).
    expect(result.edits.map((e) => text.slice(e.start, e.end))).toEqual([
      '      DB_HOST: ${resources.db.host}\n',
      '      DB_PORT: "${resources.db.port}"\n',
      '      - source: ${resources.db}\n        target: /a\n',
      '    variables:\n      DSN: ${resources.db.uri}\n',
      '    params:\n      host: ${resources.db.host}\n',
    ]);
  });

  it('removes only the references held by the strings named, when it is given them', () => {
    const result = ok(
      text,
      commands.removeResourceReferences(text, {
        resource: 'db',
        pointers: ['/containers/web/volumes/0/source', '/containers/api/variables/DSN'],
      }),
    );
    expect(result.text).toBe(
      text
        .replace('      - source: ${resources.db}\n        target: /a\n', '')
        .replace('    variables:\n      DSN: ${resources.db.uri}\n', ''),
    );
  });

  it('changes nothing when nothing names the resource, and refuses an unreadable text or bad arguments', () => {
    expect(ok(text, commands.removeResourceReferences(text, { resource: 'cache' }))).toEqual({ text, edits: [] });
    expect(isRefusal(commands.removeResourceReferences('a: [', { resource: 'db' }))).toBe(true);
    expect(runCommand('removeResourceReferences', text, { resource: 'db', pointers: '/x' })).toEqual({
      error: '"pointers" must be a list of JSON Pointers (text).',
    });
  });

  it('refuses the whole, changing nothing, when one reference can be removed only through an alias', () => {
    const aliased = `apiVersion: score.dev/v1b1
metadata:
  name: shared
x-env: &env
  DB: \${resources.db.host}
containers:
  one:
    image: one
    variables: *env
  two:
    image: two
    variables:
      DB: \${resources.db.host}
resources:
  db:
    type: postgres
`;
    const result = commands.removeResourceReferences(aliased, { resource: 'db' });
    expect(isRefusal(result) ? result.error : 'done').toMatch(/alias/);
  });
});

describe('removeResourceWithReferences', () => {
  it('removes the resource and what names it, as one result, selecting what is left of resources', () => {
    const result = ok(text, commands.removeResourceWithReferences(text, { name: 'db' }));
    const removed = ok(text, commands.removeResource(text, { name: 'db' })).text;
    expect(result.text).toBe(ok(removed, commands.removeResourceReferences(removed, { resource: 'db' })).text);
    expect(result.text).not.toContain('type: postgres');
    expect(result.text).toContain('content: "url=${resources.db.host}"');
    expect(result.selection).toBe('/resources');
  });

  it('refuses a resource that is not there', () => {
    expect(commands.removeResourceWithReferences(text, { name: 'cache' })).toEqual({
      error: 'There is no resource named "cache".',
    });
  });
});
