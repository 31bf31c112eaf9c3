import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateText } from '../core/validate';

/** `score-designer import`, run as a user runs it: `node bin/score-designer.mjs import …`. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/score-designer.mjs');
const inputs = path.join(repoRoot, 'test/support/compose-imports');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], input: string | Buffer = ''): Run {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: dir, input, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
const file = (...parts: string[]) => path.join(dir, ...parts);
const read = (...parts: string[]) => readFileSync(file(...parts), 'utf8');

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-import-'));
  writeFileSync(
    file('compose.yaml'),
    'services:\n  web:\n    image: nginx\n    ports: ["8080:80"]\n    restart: always\n    env_file: .env\n',
  );
  writeFileSync(file('broken.yaml'), 'services:\n  web:\n    image: nginx\n   ports: [80\n');
  writeFileSync(file('binary.yaml'), Buffer.from([0x73, 0x3a, 0x00, 0x01, 0xff, 0x00]));
  writeFileSync(file('not-a-dir'), 'a file where the output directory should go');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('import: a Compose file becomes Score workloads', () => {
  it('writes one workload as score.yaml, says what it left out at its line, and how to export it again', () => {
    const run = cli(['import', 'compose.yaml', '-o', 'one']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readdirSync(file('one'))).toEqual(['score.yaml']);
    expect(validateText(read('one', 'score.yaml')).errors).toBe(0);
    expect(run.stderr).toContain('compose.yaml:5:5: warning COMPOSE_NOT_CONVERTED Score has no restart policy');
    expect(run.stderr).toContain('compose.yaml:6:5: warning COMPOSE_NOT_CONVERTED env_file is not read');
    expect(run.stderr).toContain(
      `score-designer: to export them again: score-designer compose ${path.join('one', 'score.yaml')} --publish 8080:web:80`,
    );
  });

  it('writes several workloads as NAME.score.yaml, which the printed compose command exports with their ports', () => {
    const source = path.join(inputs, '11-voting-app.yaml');
    const run = cli(['import', source, '-o', 'voting']);
    expect(run.status).toBe(0);
    expect(readdirSync(file('voting')).sort()).toEqual(['result.score.yaml', 'vote.score.yaml', 'worker.score.yaml']);
    const again = /to export them again: score-designer (compose .*)$/m.exec(run.stderr)![1]!.split(' ');
    const exported = cli([...again, '--seed', '3', '-o', '-']);
    expect(exported.status, exported.stderr).toBe(0);
    const services = parse(exported.stdout).services as Record<string, { ports?: Array<{ published: string }> }>;
    const published = Object.values(services).flatMap((s) => (s.ports ?? []).map((p) => p.published));
    expect(published.sort()).toEqual(['5000', '5001']);
  });

  it('reads standard input with - and prints the workloads with -o -, writing no file', () => {
    const text = readFileSync(path.join(inputs, '09-migrate-then-serve.yaml'), 'utf8');
    const run = cli(['import', '-', '-o', '-'], text);
    expect(run.status).toBe(0);
    expect(validateText(run.stdout).errors).toBe(0);
    expect(parse(run.stdout)).toMatchObject({ metadata: { name: 'migrate' } });
    expect(existsSync(file('score.yaml'))).toBe(false);
  });
});

describe('import: bad input', () => {
  it('exits 1 on malformed YAML, naming the file and the line', () => {
    const run = cli(['import', 'broken.yaml', '-o', 'broken']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^broken\.yaml:4:\d+: error SYNTAX_ERROR /m);
    expect(existsSync(file('broken'))).toBe(false);
  });

  it('exits 1 on binary content, an alias bomb and a file with no services, never with a crash', () => {
    const binary = cli(['import', 'binary.yaml']);
    expect(binary.status).toBe(1);
    expect(binary.stderr).toContain('binary.yaml: This is not a text file');
    const levels = Array.from({ length: 10 }, (_, i) => `l${i}: &l${i} [${Array(10).fill(i ? `*l${i - 1}` : 'x')}]`);
    const bomb = cli(['import', '-', '-o', '-'], `${levels.join('\n')}\nservices: {web: {image: a, command: *l9}}\n`);
    expect(bomb.status).toBe(1);
    expect(bomb.stderr).toMatch(/^-:\d+:\d+: error TOO_MANY_ALIASES /m);
    const none = cli(['import', '-', '-o', '-'], 'volumes: {}\n');
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^-:1:1: error COMPOSE_INVALID The file has no services/m);
    for (const run of [binary, bomb, none]) expect(run.stderr).not.toContain('internal error');
  });

  it('takes __proto__ keys as the names they are', () => {
    const run = cli(
      ['import', '-', '-o', '-'],
      'services:\n  __proto__:\n    image: nginx\n    environment: {__proto__: x}\n',
    );
    expect(run.status).toBe(0);
    expect(parse(run.stdout)).toMatchObject({ containers: { proto: { variables: { ['__proto__']: 'x' } } } });
  });

  it('exits 2 for a usage error, a file that cannot be read, and an output that cannot be written', () => {
    expect(cli(['import']).status).toBe(2);
    expect(cli(['import', 'a.yaml', 'b.yaml']).status).toBe(2);
    const missing = cli(['import', 'missing.yaml']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('missing.yaml');
    const unwritable = cli(['import', 'compose.yaml', '-o', 'not-a-dir']);
    expect(unwritable.status).toBe(2);
    expect(unwritable.stderr).toContain('could not write the workloads');
  });
});
