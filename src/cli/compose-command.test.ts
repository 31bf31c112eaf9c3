import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `score-designer compose`, run as a user runs it: `node bin/score-designer.mjs compose …`. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/score-designer.mjs');
const goldenDir = path.resolve(repoRoot, '../shared/reference/score-compose/golden');
const haveGolden = existsSync(goldenDir);
if (!haveGolden) console.log(`compose CLI goldens: skipped, the reference folder ${goldenDir} is absent`);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd = dir): Run {
  const result = spawnSync(process.execPath, [bin, 'compose', ...args], {
    cwd,
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, UNKNOWN_SCORE_VARIABLE: '' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const golden = (...parts: string[]) => path.join(goldenDir, ...parts);
const read = (file: string) => readFileSync(file, 'utf8');
/** The project name a golden expects (its first line), unquoted. */
const nameOf = (expected: string) => /^name: "?([^"\n]*)"?$/m.exec(expected)![1]!;

let dir: string;
const file = (...parts: string[]) => path.join(dir, ...parts);

const withPostgres = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      DB_PASSWORD: \${resources.db.password}
    resources:
      limits:
        memory: 128Mi
    files:
      /etc/shop/app.conf:
        content: |
          db=\${resources.db.host}
resources:
  db:
    type: postgres
`;

const withQueue = `apiVersion: score.dev/v1b1
metadata:
  name: app
containers:
  main:
    image: busybox
    variables:
      Q: \${resources.jobs.url}
resources:
  jobs:
    type: queue
`;
const queueProvisioner = (url: string) => `- uri: template://acme/queue\n  type: queue\n  outputs: "url: ${url}"\n`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-compose-'));
  writeFileSync(file('shop.yaml'), withPostgres);
  writeFileSync(file('app.yaml'), withQueue);
  writeFileSync(file('first.provisioners.yaml'), queueProvisioner('amqp://first'));
  writeFileSync(file('second.provisioners.yaml'), queueProvisioner('amqp://second'));
  writeFileSync(file('broken.provisioners.yaml'), '- uri: template://x\n  type: [oops\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!haveGolden)('compose: the same compose.yaml as score-compose (goldens)', () => {
  it('01: one workload, written to -o DIR, byte for byte', () => {
    const expected = read(golden('01-example-hello', 'expected-compose.yaml'));
    const out = file('golden-01');
    const run = cli([golden('01-example-hello', 'score.yaml'), '-o', out, '--project', nameOf(expected)]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(read(path.join(out, 'compose.yaml'))).toBe(expected);
  });

  it('04: two Score files make one project, printed with -o -', () => {
    const expected = read(golden('04-example-multiple-workloads', 'expected-compose.yaml'));
    const run = cli(
      ['score.yaml', 'score2.yaml', '-o', '-', '--project', nameOf(expected)],
      golden('04-example-multiple-workloads'),
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(expected);
  });

  it("17: a file source is read relative to its Score file's directory, from any working directory", () => {
    const expected = read(golden('17-files-source-map-spec', 'expected-compose.yaml'));
    const out = file('golden-17');
    const run = cli(
      [golden('17-files-source-map-spec', 'score.yaml'), '-o', out, '--project', nameOf(expected)],
      tmpdir(),
    );
    expect(run.status).toBe(0);
    expect(read(path.join(out, 'compose.yaml'))).toBe(expected);
    expect(read(path.join(out, '.score-compose/mounts/files/example-files-blah.txt'))).toBe(
      read(golden('17-files-source-map-spec', 'expected-mounted-file.txt')),
    );
  });

  it('03: every mounted file is written where compose.yaml points', () => {
    const expected = read(golden('03-example-files', 'expected-compose.yaml'));
    const out = file('golden-03');
    const run = cli(['score.yaml', '-o', out, '--project', nameOf(expected)], golden('03-example-files'));
    expect(run.status).toBe(0);
    expect(read(path.join(out, 'compose.yaml'))).toBe(expected);
    const sources = [...expected.matchAll(/source: (\.score-compose\/\S+)/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(3);
    for (const source of sources) expect(existsSync(path.join(out, source)), source).toBe(true);
  });

  it('18: --provisioners loads a provisioners file before the built-ins', () => {
    const expected = read(golden('18-wait-for-resources-custom-provisioner', 'expected-compose.yaml'));
    const run = cli(
      ['score.yaml', '-o', '-', '--project', nameOf(expected), '--provisioners', '00-custom.provisioners.yaml'],
      golden('18-wait-for-resources-custom-provisioner'),
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(expected);
  });

  it("36, 27: a workload score-compose refuses exits 1 with score-compose's message", () => {
    const missing = cli(['thing', '-o', '-'], golden('36-error-missing-metadata'));
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain(read(golden('36-error-missing-metadata', 'expected-error.txt')).trimEnd());
    const cycle = cli(['score.yaml', '-o', '-'], golden('27-error-before-cycle'));
    expect(cycle.status).toBe(1);
    expect(cycle.stderr).toContain('cycle');
  });
});

describe('compose: output', () => {
  it('writes compose.yaml and the mounted files under -o DIR, named after DIR as score-compose names it', () => {
    const out = file('My Shop.Dir');
    const run = cli(['shop.yaml', '-o', out, '--seed', '7']);
    expect(run.status).toBe(0);
    const compose = read(path.join(out, 'compose.yaml'));
    expect(compose.startsWith('name: myshopdir\n')).toBe(true);
    const mounted = path.join(out, '.score-compose/mounts/files/shop-files-app.conf');
    expect(read(mounted)).toMatch(/^db=pg-[A-Za-z0-9]{6}\n$/);
    expect(statSync(mounted).mode & 0o777).toBe(0o644);
    expect(run.stderr).toMatch(/wrote .*compose\.yaml and \d+ mounted file/);
  });

  it('writes to the current directory by default', () => {
    const here = file('cwd-default');
    mkdirSync(here);
    const run = cli([path.join('..', 'shop.yaml'), '--seed', '1'], here);
    expect(run.status).toBe(0);
    expect(read(path.join(here, 'compose.yaml'))).toMatch(/^name: cwd-default\n/);
    expect(existsSync(path.join(here, '.score-compose/mounts/files/shop-files-app.conf'))).toBe(true);
  });

  it('-o NAME.yaml names the compose file; the mounts go beside it', () => {
    const run = cli(['shop.yaml', '-o', 'named/stack.yaml', '--seed', '1', '--project', 'shop']);
    expect(run.status).toBe(0);
    expect(read(file('named/stack.yaml'))).toMatch(/^name: shop\n/);
    expect(existsSync(file('named/compose.yaml'))).toBe(false);
    expect(existsSync(file('named/.score-compose/mounts/files/shop-files-app.conf'))).toBe(true);
  });

  it('-o - prints only compose.yaml on stdout, and says the mounted files were not written', () => {
    const run = cli(['shop.yaml', '-o', '-', '--seed', '1', '--project', 'shop']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^name: shop\nservices:\n/);
    expect(run.stdout).not.toContain('score-designer');
    expect(run.stderr).toMatch(/not written/);
    expect(existsSync(file('.score-compose'))).toBe(false);
  });

  it('reports what score-compose does not convert as warnings, and still writes the project', () => {
    const run = cli(['shop.yaml', '-o', '-', '--seed', '1']);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/warning: shop: containers\.web\.resources\.limits: not supported - ignoring/);
  });
});

describe('compose: seeds', () => {
  it('gives the same project for the same seed, and another for another seed', () => {
    const a = cli(['shop.yaml', '-o', '-', '--seed', '42']).stdout;
    const b = cli(['shop.yaml', '-o', '-', '--seed', '42']).stdout;
    const c = cli(['shop.yaml', '-o', '-', '--seed', '43']).stdout;
    expect(a).toMatch(/DB_PASSWORD: \S+/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('without --seed, picks one and prints it, so that the same project can be made again', () => {
    const first = cli(['shop.yaml', '-o', '-']);
    expect(first.status).toBe(0);
    const seed = /pass --seed (\d+)/.exec(first.stderr)?.[1];
    expect(seed).toBeDefined();
    expect(cli(['shop.yaml', '-o', '-', '--seed', seed!]).stdout).toBe(first.stdout);
  });
});

describe('compose: provisioner files', () => {
  it('tries the files in the order given, before the built-ins', () => {
    const first = cli([
      'app.yaml',
      '-o',
      '-',
      '--provisioners',
      'first.provisioners.yaml',
      '--provisioners=second.provisioners.yaml',
    ]);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('Q: amqp://first');
    const second = cli([
      'app.yaml',
      '-o',
      '-',
      '--provisioners',
      'second.provisioners.yaml',
      '--provisioners',
      'first.provisioners.yaml',
    ]);
    expect(second.stdout).toContain('Q: amqp://second');
  });

  it('exits 1 when a resource type has no provisioner, or a provisioners file does not load', () => {
    const none = cli(['app.yaml', '-o', '-']);
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/not supported by any provisioner/);
    const broken = cli(['app.yaml', '-o', '-', '--provisioners', 'broken.provisioners.yaml']);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/failed to load provisioners/);
  });
});

describe('compose: exit status 2', () => {
  it.each([
    [['shop.yaml', '--frobnicate'], /Unknown option "--frobnicate"/],
    [[], /at least one Score FILE/],
    [['shop.yaml', '--seed', 'soon'], /--seed needs a whole number/],
    [['shop.yaml', '--seed', '4294967296'], /--seed needs a whole number/],
    [['shop.yaml', '--project', 'My Shop'], /invalid value for --project/],
    [['shop.yaml', '-o'], /-o needs a value/],
    [['shop.yaml', '-o', 'a', '-o', 'b'], /only once/],
  ])('for the usage error %j, with a usage line', (args, message) => {
    const run = cli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/^Usage: score-designer compose /m);
  });

  it('for a Score file or provisioners file that cannot be read, naming each', () => {
    const run = cli(['shop.yaml', 'no-such.yaml', '--provisioners', 'nope.provisioners.yaml', '-o', '-']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no-such.yaml: no such file');
    expect(run.stderr).toContain('nope.provisioners.yaml: no such file');
    expect(run.stdout).toBe('');
  });

  it('when the output cannot be written', () => {
    writeFileSync(file('a-file'), 'x');
    const run = cli(['shop.yaml', '-o', path.join('a-file', 'inside'), '--seed', '1', '--project', 'shop']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/could not write/);
  });
});

describe('compose --help', () => {
  it('describes the command and its options', () => {
    const run = spawnSync(process.execPath, [bin, 'compose', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: score-designer compose FILE\.\.\./);
    for (const option of ['--output', '--project', '--seed', '--provisioners']) expect(run.stdout).toContain(option);
  });
});
