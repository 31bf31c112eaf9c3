import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompose } from '../../test/support/compose-cli';
import { EXIT } from './exit-codes';

/**
 * `score-designer compose` with score-compose generate's flags, through the CLI's parser and command
 * in a folder of its own: the files flags name, the env file, and the exit status with what an exit 1 says.
 */
let dir: string;
const file = (name: string) => path.join(dir, name);

const compose = (args: string[]) => runCompose(args, dir);

const app = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: .
    variables:
      TOKEN: \${resources.env.SHOP_TOKEN}
      REGION: \${resources.env.AWS_REGION}
resources:
  env:
    type: environment
`;
const other = app.replace('name: shop', 'name: books');

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-compose-flags-'));
  writeFileSync(file('score.yaml'), app);
  writeFileSync(file('books.yaml'), other);
  writeFileSync(file('overrides.yaml'), 'containers:\n  web:\n    image: shop:2\n    variables:\n      DEBUG: "1"\n');
  writeFileSync(file('broken-overrides.yaml'), 'containers: [\n');
  writeFileSync(file('label.tpl'), '- op: set\n  path: services.shop-web.labels.tier\n  value: web\n');
  writeFileSync(file('broken.tpl'), '{{ if }}');
  writeFileSync(
    file('queue.provisioners.yaml'),
    '- uri: template://q\n  type: queue\n  outputs: "url: {{ fail \\"no queue here\\" }}"\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compose: the files flags name', () => {
  it('merges --overrides-file, applies --patch-templates, and writes --env-file with the variables the project reads', async () => {
    const run = await compose([
      'score.yaml',
      '--overrides-file',
      'overrides.yaml',
      '--patch-templates',
      'label.tpl',
      '--env-file',
      'out/.env',
      '-o',
      '-',
      '--project',
      'shop',
    ]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(EXIT.ok);
    expect(run.stdout).toContain('      DEBUG: "1"\n');
    expect(run.stdout).toContain('    image: shop:2\n');
    expect(run.stdout).toContain('    labels:\n      tier: web\n');
    expect(readFileSync(file('out/.env'), 'utf8')).toBe('AWS_REGION=\nSHOP_TOKEN=\n');
  });

  it('exits 2 when a file a flag names cannot be read, naming it', async () => {
    for (const flag of ['--overrides-file', '--patch-templates']) {
      const run = await compose(['score.yaml', '-i', 'x', flag, 'missing.yaml', '-o', '-']);
      expect(run.status).toBe(EXIT.usage);
      expect(run.stderr).toContain('missing.yaml');
    }
  });
});

describe('compose: an exit 1 names the workload, the field and the reason', () => {
  it.each([
    [
      ['score.yaml'],
      "workload 'shop' (score.yaml), containers.web.image: ",
      'has no image and neither --image nor --build',
    ],
    [['score.yaml', '--build', 'db=.'], "workload 'shop' (score.yaml), --build: ", "unknown container 'db'"],
    [
      ['score.yaml', 'books.yaml', '-i', 'x'],
      "workload 'books' (books.yaml), workload 'shop' (score.yaml), --image: ",
      'cannot be used when multiple',
    ],
    [
      ['score.yaml', '-i', 'x', '-p', '80:nobody:80'],
      "workload 'nobody', --publish[0]: ",
      "failed to find a workload named 'nobody'",
    ],
    [
      ['score.yaml', '-i', 'x', '--overrides-file', 'broken-overrides.yaml'],
      "workload 'shop' (score.yaml), --overrides-file: ",
      'failed to decode yaml',
    ],
    [
      ['score.yaml', '-i', 'x', '--override-property', 'metadata.name.x=1'],
      "workload 'shop' (score.yaml), --override-property: ",
      'cannot set path in non-map',
    ],
    [
      ['score.yaml', '-i', 'x', '--patch-templates', 'broken.tpl'],
      "workload 'shop' (score.yaml), --patch-templates[0] (broken.tpl): ",
      'failed to parse template',
    ],
    [
      ['score.yaml', '-i', 'x', '--override-property', 'containers.web.image=[1]'],
      "workload 'shop' (score.yaml), /containers/web/image: ",
      'validation errors',
    ],
  ])('%j', async (args, place, reason) => {
    const run = await compose([...args, '-o', '-']);
    expect(run.status).toBe(EXIT.invalid);
    expect(run.stdout).toBe('');
    const line = run.stderr.split('\n').find((l) => l.startsWith(`score-designer: ${place}`));
    expect(line, run.stderr).toBeDefined();
    expect(line).toContain(reason);
  });

  it('a resource its provisioner fails on is named by its workload and resource', async () => {
    const queue = `${app.replace('image: .', 'image: nginx')}  jobs:\n    type: queue\n`;
    writeFileSync(file('queue.yaml'), queue);
    const run = await compose(['queue.yaml', '--provisioners', 'queue.provisioners.yaml', '-o', '-']);
    expect(run.status).toBe(EXIT.invalid);
    expect(run.stderr).toMatch(
      /^score-designer: workload 'shop' \(queue\.yaml\), resources\.jobs: failed to provision: resource 'queue\.default#shop\.jobs'/m,
    );
  });
});

describe('compose: the exit status is 0, 1 or 2, whatever the flags', () => {
  it('for any mix of its flags and values', async () => {
    const value = fc.constantFrom(
      'score.yaml',
      'books.yaml',
      'overrides.yaml',
      'broken-overrides.yaml',
      'label.tpl',
      'broken.tpl',
      'missing.yaml',
      'web=.',
      'web={"context":',
      'web={context: ./x}',
      '8080:shop:80',
      '1:shop:0',
      'x#y.z',
      'a=b',
      'containers.web.image=',
      '',
      '-',
      '{',
    );
    const flag = fc.constantFrom(
      '-i',
      '--build',
      '-p',
      '--overrides-file',
      '--override-property',
      '--patch-templates',
      '--seed',
      '--project',
    );
    const argv = fc.array(fc.oneof(fc.tuple(flag, value), fc.tuple(value)), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(argv, async (parts) => {
        const run = await compose([...parts.flat(), '-o', '-']);
        expect([EXIT.ok, EXIT.invalid, EXIT.usage]).toContain(run.status);
        expect(run.stderr).not.toMatch(/internal error/);
      }),
      { numRuns: 60 },
    );
  });
});
