import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCompose } from '../../test/support/compose-cli';
import { composeSchema, referenceDir } from '../../test/support/compose-spec';

/**
 * score-compose's goldens that need `generate`'s flags (07, 08, 10–14, 24 and 32), run as a user runs
 * them: the command line read by the CLI's parser, then the compose command, in the golden's folder
 * (as score-compose ran in the test's). Whole compose files must be byte-identical; 32 asserts the
 * published ports against the Compose Specification and each refused flag's exact error.
 */
const goldenDir = path.join(referenceDir, 'score-compose/golden');
const haveGolden = existsSync(goldenDir);
if (!haveGolden) console.log(`compose CLI goldens: skipped, the reference folder ${goldenDir} is absent`);

const read = (dir: string, file: string) => readFileSync(path.join(goldenDir, dir, file), 'utf8');
/** The project name a golden expects (its first line), unquoted. */
const nameOf = (expected: string) => /^name: "?([^"\n]*)"?$/m.exec(expected)![1]!;

/** `score-designer compose ARGS` in the golden's folder, through the parser and the command. */
const compose = (dir: string, args: string[]) => runCompose(args, path.join(goldenDir, dir));

const tally: Record<'identical' | 'errors', [number, number]> = { identical: [0, 0], errors: [0, 0] };
const count = (kind: keyof typeof tally, ok: boolean) => {
  tally[kind][1]++;
  if (ok) tally[kind][0]++;
};

/** A line on stderr that is not a warning, a note or a word on what was (not) written: an error. */
const ERROR_LINE = /^score-designer: (?!warning: |note: |generated names |\d+ mounted file)/m;

const buildFlag = (dir: string) => read(dir, 'build-flag.txt').trim();

/** Each golden with the flags score-compose was given, in the spellings its flags take. */
const cases: Array<{ dir: string; args: (dir: string) => string[] }> = [
  {
    dir: '07-example-overrides',
    args: () => ['score.yaml', '--override-property', 'containers.web.variables.DEBUG="true"'],
  },
  {
    dir: '08-example-service-port-resource',
    args: () => ['scoreA.yaml', 'scoreB.yaml', '--publish', '8080:workload-a:80'],
  },
  { dir: '08-example-service-port-resource', args: () => ['scoreA.yaml', 'scoreB.yaml', '-p', '8080:workload-a:80'] },
  { dir: '10-image-flag', args: () => ['--image', 'busybox:latest', '--', 'score.yaml'] },
  { dir: '10-image-flag', args: () => ['-i', 'busybox:latest', 'score.yaml'] },
  { dir: '11-build-flag-raw-context', args: () => ['--build', 'example=./dir', '--', 'score.yaml'] },
  { dir: '11-build-flag-raw-context', args: () => ['--build=example=./dir', 'score.yaml'] },
  { dir: '12-build-flag-json', args: (dir) => ['--build', buildFlag(dir), '--', 'score.yaml'] },
  { dir: '13-build-flag-json-array-args', args: (dir) => ['--build', buildFlag(dir), '--', 'score.yaml'] },
  { dir: '14-build-flag-yaml', args: (dir) => ['--build', buildFlag(dir), '--', 'score.yaml'] },
  {
    dir: '24-patch-templates',
    args: () => [
      'score.yaml',
      '--patch-templates',
      'patch1.template',
      '--patch-templates',
      'patch2.template',
      '--patch-templates=patch3.template',
    ],
  },
];

describe.skipIf(!haveGolden)('compose CLI: goldens through the flags', () => {
  for (const c of cases) {
    it(`${c.dir}: ${c.args(c.dir).join(' ')}`, async () => {
      const expected = read(c.dir, 'expected-compose.yaml');
      // Before the case's own arguments: after a `--` every argument is a file.
      const run = await compose(c.dir, ['-o', '-', '--project', nameOf(expected), '--seed', '1', ...c.args(c.dir)]);
      count('identical', run.status === 0 && run.stdout === expected);
      expect(run.stderr).not.toMatch(ERROR_LINE);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(expected);
    });
  }

  it('32: every --publish form publishes its port, and the project follows the Compose Specification', async () => {
    const dir = '32-publish-flag-and-errors';
    const flags = read(dir, 'publish-flags.txt')
      .split('\n')
      .filter((l) => l.startsWith('--publish '))
      .flatMap((l) => l.split(' '));
    const run = await compose(dir, ['score.yaml', ...flags, '-o', '-', '--seed', '3']);
    expect(run.stderr).not.toMatch(ERROR_LINE);
    expect(run.status).toBe(0);
    const project = parse(run.stdout) as { services: Record<string, { hostname?: string; ports?: unknown[] }> };
    const published = Object.values(project.services).flatMap((s) => s.ports ?? []);
    // 8080 → example's 80; 42 and 43 → the postgres service of db1 (two spellings of its uid); 44 → the shared one.
    expect(published).toEqual(
      expect.arrayContaining([
        { target: 80, published: '8080' },
        { target: 13, published: '42' },
        { target: 14, published: '43' },
        { target: 15, published: '44' },
      ]),
    );
    expect(project.services['example-hello']!.ports).toEqual([{ target: 80, published: '8080' }]);
    const schema = composeSchema();
    if (schema) expect(schema.validate(project), schema.errors()).toBe(true);
  });

  it('32: each refused --publish exits 1 with score-compose’s error, naming the workload and the flag', async () => {
    const dir = '32-publish-flag-and-errors';
    const rows = read(dir, 'expected-errors.tsv').trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) {
      const [flag, expected] = row.split('\t') as [string, string];
      const run = await compose(dir, ['score.yaml', '--publish', flag, '-o', '-', '--seed', '3']);
      const line = run.stderr.split('\n').find((l) => l.endsWith(`: ${expected}`));
      count('errors', run.status === 1 && line !== undefined);
      expect(run.status, flag).toBe(1);
      expect(run.stdout).toBe('');
      expect(line, `${flag}: ${run.stderr}`).toBeDefined();
      expect(line).toMatch(/^score-designer: workload '[^']+'.*, --publish\[0\]: /);
    }
  });
});

afterAll(() => {
  if (!haveGolden) return;
  const [i, iTotal] = tally.identical;
  const [e, eTotal] = tally.errors;
  console.log(
    `compose CLI goldens (07, 08, 10–14, 24, 32 through the flags): ${i}/${iTotal} byte-identical, errors ${e}/${eTotal} exact`,
  );
});
