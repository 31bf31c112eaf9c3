import { describe, expect, it } from 'vitest';
import { isRefusal, runCommand } from '../commands';
import { parseWorkloadText } from '../document/parse';
import { referencesToResource, removalOrder } from './dangling';

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
      - source: \${resources.db}
        target: /c
resources:
  db:
    type: postgres
  other:
    type: volume
  route:
    type: route
    params:
      host: \${resources.db.host}
`;

const run = (t: string, name: string, args: unknown): string => {
  const result = runCommand(name, t, args);
  if (isRefusal(result)) throw new Error(result.error);
  return result.text;
};

describe('references left dangling by removing a resource', () => {
  const afterRemoval = run(text, 'removeResource', { name: 'db' });
  const refs = referencesToResource(parseWorkloadText(afterRemoval), 'db');

  it('lists every place that still names the resource, in words', () => {
    expect(refs.map((r) => r.where)).toEqual([
      'web › variable DB_HOST',
      'web › variable DB_PORT',
      'web › file /etc/app.conf',
      'web › volume 0',
      'web › volume 2',
      'resource route › param host',
    ]);
  });

  it('offers to remove the variable, volume or param, and leaves text inside a file to the user', () => {
    expect(refs.find((r) => r.context === 'file-content')!.removes).toBeUndefined();
    expect(removalOrder(refs)).toEqual([
      '/resources/route/params/host',
      '/containers/web/volumes/2',
      '/containers/web/volumes/0',
      '/containers/web/variables/DB_PORT',
      '/containers/web/variables/DB_HOST',
    ]);
  });

  it('removing them in that order takes away exactly those entries and nothing else', () => {
    let t = afterRemoval;
    for (const pointer of removalOrder(refs)) t = run(t, 'unsetField', { pointer });
    const left = referencesToResource(parseWorkloadText(t), 'db');
    expect(left.map((r) => r.where)).toEqual(['web › file /etc/app.conf']);
    expect(t).toContain('KEEP: plain');
    expect(t).toContain('# the variables');
    expect(t).toContain('source: ${resources.other}');
    expect(t).toContain('target: /b');
    expect(t).not.toContain('target: /a');
    expect(t).not.toContain('target: /c');
  });
});
