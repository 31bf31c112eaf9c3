import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateText } from '../core/validate/index';
import type { JsonFileReport } from './format';

/** These tests run the real command, `node bin/score-designer.mjs`, as a user or a CI job would. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin/score-designer.mjs');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], options: { input?: string | Uint8Array; cwd?: string } = {}): Run {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? dir,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const validWorkload = `apiVersion: score.dev/v1b1
metadata:
  name: hello
containers:
  web:
    image: nginx:1.27
    variables:
      GREETING: hello
`;
// The second document is ignored with a warning: valid, but not silent.
const validWithWarning = `${validWorkload}---
note: a second document
`;
// A mapping nested in a one-line value: a syntax error at line 3, column 9.
const brokenYaml = `apiVersion: score.dev/v1b1
metadata:
  name: hello: world
containers:
  web:
    image: nginx
`;
const missingContainers = `apiVersion: score.dev/v1b1
metadata:
  name: hello
`;

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'score-designer-cli-'));
  writeFileSync(file('valid.yaml'), validWorkload);
  writeFileSync(file('warning.yaml'), validWithWarning);
  writeFileSync(file('broken.yaml'), brokenYaml);
  writeFileSync(file('missing-containers.yaml'), missingContainers);
  writeFileSync(file('bom.yaml'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(brokenYaml)]));
  writeFileSync(file('latin1.yaml'), Buffer.from('apiVersion: score.dev/v1b1\nmetadata:\n  name: caf\xe9\n', 'latin1'));
  writeFileSync(file('replacement.yaml'), validWorkload.replace(/name: (\S+)/, 'name: $1 # caf\ufffd'));
  writeFileSync(file('utf32.yaml'), Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]));
  writeFileSync(file('image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff]));
  mkdirSync(file('a-directory'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('exit status', () => {
  it('is 0 for a valid file, and prints no problem lines', () => {
    const run = cli(['validate', 'valid.yaml']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('1 file: 1 valid, 0 with errors (0 errors, 0 warnings)\n');
  });

  it('is 0 when a file has only warnings, which are still printed', () => {
    const run = cli(['validate', 'warning.yaml']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^warning\.yaml:\d+:\d+: warning MULTIPLE_DOCUMENTS /m);
    expect(run.stdout).not.toMatch(/: error /);
  });

  it('is 1 when any file has an error, and every file is still checked', () => {
    const run = cli(['validate', 'broken.yaml', 'valid.yaml', 'missing-containers.yaml']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^broken\.yaml:3:9: error SYNTAX_ERROR /m);
    expect(run.stdout).toMatch(/^missing-containers\.yaml:\d+:\d+: error [A-Z_]+ .*containers/m);
    expect(run.stderr).toMatch(/^3 files: 1 valid, 2 with errors \(\d+ errors?, \d+ warnings?\)\n$/);
  });

  it('is 2 for a missing file, a directory, and says which and why on stderr', () => {
    const run = cli(['validate', 'valid.yaml', 'no-such.yaml', 'a-directory']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no-such.yaml: no such file');
    expect(run.stderr).toContain('a-directory: is a directory');
    expect(run.stderr).toMatch(/3 files: 1 valid, 0 with errors, 2 unreadable/);
  });

  // root reads any file whatever its mode, so this cannot be shown when the tests run as root.
  it.skipIf(process.getuid?.() === 0)('is 2 for a file without read permission (skipped as root)', () => {
    writeFileSync(file('secret.yaml'), validWorkload);
    chmodSync(file('secret.yaml'), 0o000);
    const run = cli(['validate', 'secret.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('secret.yaml: permission denied');
  });

  it.each([
    [['validate', '--frobnicate', 'valid.yaml'], /Unknown option "--frobnicate"/],
    [['validate'], /at least one FILE/],
    [['validate', '--format', 'xml', 'valid.yaml'], /Unknown format "xml"/],
    [['validate', 'valid.yaml', '--format'], /--format needs a value/],
    [['lint', 'valid.yaml'], /Unknown command "lint"/],
    [[], /No command given/],
    [['validate', '-', '-'], /only once/],
  ])('is 2 for the usage error %j, with a message and a usage line on stderr', (args, message) => {
    const run = cli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/^Usage: score-designer /m);
  });
});

describe('text output', () => {
  it('prints FILE:LINE:COL: SEVERITY CODE message with FILE exactly as given', () => {
    const asGiven = `./${path.basename(dir)}/../${path.basename(dir)}/broken.yaml`;
    const run = cli(['validate', asGiven], { cwd: path.dirname(dir) });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^(.+):(\d+):(\d+): (error|warning|info) ([A-Z_]+) \S.*$/);
    expect(lines[0]!.startsWith(`${asGiven}:3:`)).toBe(true);
  });

  it('agrees with the validator: one line per diagnostic, at its line and column', () => {
    const report = validateText(brokenYaml);
    const run = cli(['validate', 'broken.yaml']);
    const expected = report.diagnostics.map(
      (d) => `broken.yaml:${d.range.line}:${d.range.column}: ${d.severity} ${d.code} `,
    );
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((l, i) => l.slice(0, expected[i]?.length))).toEqual(expected);
  });
});

describe('json output', () => {
  it('gives one {file, valid, errors, warnings} object per file, in the order given', () => {
    const run = cli(['validate', '--format', 'json', 'valid.yaml', 'broken.yaml', 'warning.yaml']);
    expect(run.status).toBe(1);
    const reports = JSON.parse(run.stdout) as JsonFileReport[];
    expect(reports.map((r) => [r.file, r.valid])).toEqual([
      ['valid.yaml', true],
      ['broken.yaml', false],
      ['warning.yaml', true],
    ]);
    for (const r of reports) expect(Object.keys(r).sort()).toEqual(['errors', 'file', 'valid', 'warnings']);
    const error = reports[1]!.errors[0]!;
    expect(Object.keys(error).sort()).toEqual(['code', 'column', 'endColumn', 'endLine', 'line', 'message', 'path']);
    expect(error).toMatchObject({ code: 'SYNTAX_ERROR', line: 3, column: 9 });
    expect(reports[2]!.warnings.map((w) => w.code)).toContain('MULTIPLE_DOCUMENTS');
    expect(run.stderr).toMatch(/^3 files: 2 valid, 1 with errors/);
  });

  it('accepts --format=json too', () => {
    const run = cli(['validate', '--format=json', 'valid.yaml']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ file: 'valid.yaml', valid: true, errors: [], warnings: [] }]);
  });
});

describe('standard input', () => {
  it('reads - from stdin and names it -', () => {
    const run = cli(['validate', '-', '--format', 'json'], { input: brokenYaml });
    expect(run.status).toBe(1);
    const [report] = JSON.parse(run.stdout) as JsonFileReport[];
    expect(report!.file).toBe('-');
    expect(report!.errors[0]).toMatchObject({ code: 'SYNTAX_ERROR', line: 3, column: 9 });
  });

  it('validates a valid workload from stdin', () => {
    expect(cli(['validate', '-'], { input: validWorkload }).status).toBe(0);
  });
});

describe('files that are not UTF-8 text', () => {
  it('ignores a UTF-8 byte order mark: same problems at the same columns as without it', () => {
    const withBom = cli(['validate', 'bom.yaml']).stdout.replaceAll('bom.yaml', 'X');
    const without = cli(['validate', 'broken.yaml']).stdout.replaceAll('broken.yaml', 'X');
    expect(withBom).not.toBe('');
    expect(withBom).toBe(without);
  });

  it('reports invalid UTF-8 as one encoding error at the bad byte, not a crash', () => {
    const run = cli(['validate', 'latin1.yaml']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^latin1\.yaml:3:12: error INVALID_ENCODING .*UTF-8/);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it('reads a valid UTF-8 file holding U+FFFD as text, and names UTF-32 as UTF-32 (issue 39, item 2b)', () => {
    const replacement = cli(['validate', 'replacement.yaml']);
    expect(replacement.stdout).not.toMatch(/BINARY_CONTENT/);
    expect(replacement.status).toBe(0);
    const utf32 = cli(['validate', 'utf32.yaml']);
    expect(utf32.stdout).toMatch(/^utf32\.yaml:1:1: error INVALID_ENCODING .*UTF-32 \(little-endian\)/);
  });

  it('reports a binary file as binary', () => {
    const run = cli(['validate', 'image.png']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^image\.png:1:1: error BINARY_CONTENT /);
  });
});

describe('help and version', () => {
  it.each([[['--help']], [['-h']], [['validate', '--help']]])('%j prints usage on stdout and exits 0', (args) => {
    const run = cli(args);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: score-designer /);
    expect(run.stdout).toContain('validate');
  });

  it('--version prints the package version', () => {
    const run = cli(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^score-designer \d+\.\d+\.\d+/);
  });

  it('works from any working directory', () => {
    const run = cli(['validate', file('valid.yaml')], { cwd: tmpdir() });
    expect(run.status).toBe(0);
  });
});

const samples = path.resolve(repoRoot, '../shared/reference/score-samples');
const haveSamples = existsSync(samples);
if (!haveSamples) console.log(`[cli] ${samples} is absent: the run over the Score samples is skipped.`);

describe.skipIf(!haveSamples)('a run over the Score sample files', () => {
  it('reports every file once, never crashes, and agrees with the validator', () => {
    const names = readdirSync(samples)
      .filter((n) => /\.(ya?ml|json)$/.test(n) && !n.includes('DERIVED'))
      .sort();
    const files = names.map((n) => path.join(samples, n));
    const run = cli(['validate', '--format', 'json', ...files]);
    const reports = JSON.parse(run.stdout) as JsonFileReport[];
    expect(reports.map((r) => r.file)).toEqual(files);
    const invalid = reports.filter((r) => !r.valid).length;
    expect(run.status).toBe(invalid > 0 ? 1 : 0);
    expect(run.stderr).toContain(`${files.length} files: ${files.length - invalid} valid, ${invalid} with errors`);
    for (const r of reports) {
      const expected = validateText(readText(r.file));
      expect({ file: r.file, valid: r.valid, errors: r.errors.length }).toEqual({
        file: r.file,
        valid: expected.valid,
        errors: expected.errors,
      });
    }
    console.log(`[cli] score samples: ${files.length} files, ${files.length - invalid} valid, ${invalid} with errors`);
  });
});

function readText(name: string): string {
  // The samples are UTF-8 without BOM, so Node's decoding is the CLI's here.
  return readFileSync(name, 'utf8');
}
