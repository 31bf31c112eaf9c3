import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSuffix } from '../core/export/k8s/identity';
import { parseArgs } from './args';
import type { CliIo } from './io';
import { k8sCommand } from './k8s-command';
import type { K8sRequest } from './k8s-args';

/** `score-designer k8s`, in process (the command's function) and once as a user runs it (node bin/…). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const goldenDir = path.resolve(repoRoot, '../shared/reference/score-k8s/golden');

let dir: string;
const file = (...parts: string[]) => path.join(dir, ...parts);

async function k8s(args: string[], stdin = ''): Promise<{ status: number; stdout: string; stderr: string }> {
  const request = parseArgs(['k8s', ...args]);
  if (request.kind !== 'k8s') throw new Error(`not a k8s request: ${JSON.stringify(request)}`);
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: Readable.from([stdin]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  };
  const status = await k8sCommand(request as K8sRequest, io, dir);
  return { status, stdout, stderr };
}

const web = `apiVersion: score.dev/v1b1
metadata:
  name: web
containers:
  main:
    image: nginx
    files:
      /etc/web/motd:
        source: motd.txt
resources:
  db:
    type: postgres
`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-k8s-'));
  mkdirSync(file('app'));
  writeFileSync(file('app', 'score.yaml'), web);
  writeFileSync(file('app', 'motd.txt'), 'hello from ${metadata.name}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('score-designer k8s', () => {
  it('writes ./manifests.yaml, reads file sources beside the Score file, and says which seed it used', async () => {
    const out = await k8s(['app/score.yaml']);
    expect(out.status).toBe(0);
    const text = readFileSync(file('manifests.yaml'), 'utf8');
    expect(text).toContain('kind: ConfigMap');
    expect(text).toContain(Buffer.from('hello from web\n').toString('base64'));
    const seed = /seed (\d+); pass --seed \1/.exec(out.stderr)?.[1];
    expect(seed).toBeDefined();
    const again = await k8s(['app/score.yaml', '--seed', seed!, '-o', '-']);
    expect(again.stdout).toBe(text);
    expect(again.stderr).not.toContain('seed');
  });

  it('writes to -o DIR (manifests.yaml inside), -o FILE.yaml, or standard output with -o -', async () => {
    expect((await k8s(['app/score.yaml', '--seed', '1', '-o', 'out'])).status).toBe(0);
    expect((await k8s(['app/score.yaml', '--seed', '1', '-o', 'deploy/all.yml'])).status).toBe(0);
    const printed = await k8s(['app/score.yaml', '--seed', '1', '-o', '-', '--format', 'kyaml']);
    expect(readFileSync(file('out', 'manifests.yaml'), 'utf8')).toBe(readFileSync(file('deploy', 'all.yml'), 'utf8'));
    expect(printed.stdout).toMatch(/^---\n\{\n {2}apiVersion: "v1",/);
  });

  it('reads a workload from standard input', async () => {
    const out = await k8s(['-', '--seed', '1', '-o', '-'], web.replace(/ {4}files:[\s\S]*?motd\.txt\n/, ''));
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('name: web\n');
  });

  it('prints each problem at its place and exits 1 when a workload cannot be converted', async () => {
    writeFileSync(
      file('bad.yaml'),
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: bad\ncontainers:\n  main:\n    image: nginx\n    resources:\n      limits:\n        memory: 512K\n',
    );
    const out = await k8s(['bad.yaml', '--seed', '1', '-o', '-']);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(
      "bad.yaml:9:17: error: workload: bad: failed to convert: containers.main.resources: failed to convert: limits: failed to convert: memory: failed to parse: unable to parse quantity's suffix",
    );
  });

  it('refuses a resource that only a cmd:// provisioner takes, saying why', async () => {
    writeFileSync(
      file('cmd.provisioners.yaml'),
      '- uri: cmd://./my-provisioner\n  type: postgres\n  expected_outputs: [host]\n',
    );
    const out = await k8s(['app/score.yaml', '--provisioners', 'cmd.provisioners.yaml', '-o', '-']);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /app\/score.yaml:\d+:\d+: error: .*cmd:\/\/\.\/my-provisioner runs a program on your machine/,
    );
  });

  it('exits 2 when a file cannot be read', async () => {
    const out = await k8s(['missing.yaml']);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('missing.yaml: no such file.');
  });
});

describe.skipIf(!existsSync(goldenDir))('score-designer k8s as a user runs it', () => {
  it('writes score-k8s golden 02 byte for byte (node bin/score-designer.mjs k8s …)', () => {
    const golden = path.join(goldenDir, '02-patch-template-deployment-to-statefulset');
    const result = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'bin/score-designer.mjs'),
        'k8s',
        path.join(golden, 'score.yaml'),
        '--patch-templates',
        path.join(golden, 'patch-1.tpl'),
        '--seed',
        '42',
        '-o',
        '-',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status).toBe(0);
    const expected = readFileSync(path.join(golden, 'expected-manifests.yaml.tmpl'), 'utf8');
    expect(result.stdout).toBe(expected.replaceAll('%[1]s', instanceSuffix(42, 'example')));
  });
});
