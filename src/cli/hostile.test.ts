import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
