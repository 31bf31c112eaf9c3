import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Hostile files through the real command, `node bin/score-designer.mjs`, read from stdin. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/score-designer.mjs');

function cli(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const workload = (rest: string) =>
  `apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers:\n  web:\n    image: nginx\n${rest}`;

describe('an alias inside the value of its own anchor', () => {
  const cyclic = workload('resources:\n  db:\n    type: postgres\n    params: &p {self: *p}\n');

  it.each([
    [
      ['validate', '-'],
      'stdout',
      /^-:10:23: error ALIAS_CYCLE The alias \*p is inside the value of its own anchor &p/m,
    ],
    [['compose', '-o', '-', '-'], 'stderr', /line 10: The alias \*p is inside the value of its own anchor &p/],
    [['k8s', '-'], 'stderr', /line 10: The alias \*p is inside the value of its own anchor &p/],
  ] as const)('%j ends with the error at the alias, exit 1', (args, stream, message) => {
    const run = cli([...args], cyclic);
    expect(run.status).toBe(1);
    expect(run[stream]).toMatch(message);
  });
});

describe('a hostile provisioners file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'score-designer-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const provisioners = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const withDatabase = workload('resources:\n  db:\n    type: postgres\n');

  it('is refused with the reason when its aliases expand to too much, not an internal error', () => {
    let laughs = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      laughs += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const run = cli(['compose', '-o', '-', '--provisioners', provisioners('laughs.yaml', laughs), '-'], withDatabase);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/laughs\.yaml': its anchors and aliases expand to too much data/);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('runs a regular expression that backtracking engines take forever on at once, as Go does', () => {
    const redos = `- uri: template://redos\n  type: postgres\n  outputs: |\n    match: {{ regexMatch "^(a+)+$" "${'a'.repeat(40)}!" }}\n`;
    const run = cli(['compose', '-o', '-', '--provisioners', provisioners('redos.yaml', redos), '-'], withDatabase);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^services:/m);
  });

  it('ends a template that would run too long with a template error', () => {
    const slow = `- uri: template://slow\n  type: postgres\n  outputs: |\n    n: {{ range until 1000000000 }}x{{ end }}\n`;
    const run = cli(['compose', '-o', '-', '--provisioners', provisioners('slow.yaml', slow), '-'], withDatabase);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/error calling until: the result would hold 1,000,000,000 items/);
  });

  it.each([
    [
      'repeat',
      'n: {{ repeat 50000000 "a" | sha256sum }}',
      /error calling repeat: the result would hold 50,000,000 characters/,
    ],
    [
      'nested',
      `n: ${'{{ if true }}'.repeat(2000)}x${'{{ end }}'.repeat(2000)}`,
      /failed to parse template: .*nest more than 250 levels deep here/,
    ],
    [
      // Within the step and output budgets, each hash over 4 MB: the time budget ends it on a loaded
      // machine, the budget of what the functions build (8 such strings) on a quick one; either way
      // within seconds, with the reason.
      'slow',
      'n: {{ range until 300000 }}{{ $x := repeat 4000000 "a" | sha256sum }}{{ end }}',
      /outputs template failed: failed to execute template: .*(the template ran longer than 5 seconds|built more than 33,554,432 characters and list items in all)/,
    ],
  ])('ends a %s template with a template error, exit 1', (name, outputs, message) => {
    const text = `- uri: template://${name}\n  type: postgres\n  outputs: |\n    ${outputs}\n`;
    const run = cli(['compose', '-o', '-', '--provisioners', provisioners(`${name}.yaml`, text), '-'], withDatabase);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});

describe('control characters in names from the file', () => {
  const hostile = `apiVersion: score.dev/v1b1\nmetadata:\n  name: "demo\\e]0;pwned\\a"\ncontainers:\n  "web\\e[2J\\u202e":\n    image: nginx\n`;
  const composeFile = `services:\n  "web\\e[2J":\n    image: nginx\n    build: .\n`;

  it.each([
    [['validate', '-'], hostile],
    [['compose', '-o', '-', '-'], hostile],
    [['k8s', '-'], hostile],
    [['import', '-o', '-', '-'], composeFile],
  ])('%j prints them as escapes, never raw', (args, input) => {
    const run = cli(args, input);
    const printed = run.stdout + run.stderr;
    expect(printed).toMatch(/\\x1b\[2J/);
    // eslint-disable-next-line no-control-regex -- raw control characters are what must not be printed
    expect(printed).not.toMatch(/[\u001b\u0007\u202e]/);
  });
});
