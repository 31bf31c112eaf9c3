import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import type { ProvisionersListRequest } from './k8s-args';
import { provisionersCommand } from './provisioners-command';

/**
 * `provisioners list` against score-compose's and score-k8s's own listing goldens (their fixture
 * provisioner file, listed as a table and as JSON), and against their default provisioners.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reference = path.resolve(repoRoot, '../shared/reference');
const haveReference = existsSync(reference);
if (!haveReference) console.log(`provisioners list goldens: skipped, ${reference} is absent`);

const cases = {
  compose: {
    fixture: 'score-compose/golden/57-cli-provisioners-list/provisioners.custom.golden.yaml',
    table: 'score-compose/golden/57-cli-provisioners-list/expected-provisioners-list.table.txt',
    json: 'score-compose/golden/57-cli-provisioners-list/expected-provisioners-list.json',
  },
  k8s: {
    fixture: 'score-k8s/golden/07-provisioners-list/fixture.provisioners.custom.golden.yaml',
    table: 'score-k8s/golden/07-provisioners-list/expected.provisioners.list.valid.table.golden',
    json: 'score-k8s/golden/07-provisioners-list/expected.provisioners.list.valid.json.golden',
  },
} as const;

async function list(
  request: Partial<ProvisionersListRequest>,
): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  };
  const status = await provisionersCommand(
    { kind: 'provisioners', target: 'compose', format: 'table', provisioners: [], defaults: true, ...request },
    io,
  );
  return { status, stdout, stderr };
}

const equal: string[] = [];

describe.skipIf(!haveReference)('provisioners list goldens', () => {
  afterAll(() => console.log(`provisioners list goldens: ${equal.length} of 4 listings equal (${equal.join(', ')})`));

  for (const target of ['compose', 'k8s'] as const) {
    for (const format of ['table', 'json'] as const) {
      it(`${target} ${format}: as ${target === 'compose' ? 'score-compose' : 'score-k8s'} lists its fixture file`, async () => {
        const files = cases[target];
        const out = await list({
          target,
          format,
          provisioners: [path.join(reference, files.fixture)],
          defaults: false,
        });
        expect(out.status).toBe(0);
        expect(out.stdout).toBe(readFileSync(path.join(reference, files[format]), 'utf8'));
        equal.push(`${target} ${format}`);
      });
    }
  }

  it('compose defaults: our built-in provisioners list as score-compose lists its default file', async () => {
    const defaults = path.join(reference, 'score-compose/default.provisioners.yaml');
    const theirs = await list({ format: 'json', provisioners: [defaults], defaults: false });
    const ours = await list({ format: 'json' });
    expect(ours.stdout).toBe(theirs.stdout);
    expect(JSON.parse(ours.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ Type: 'postgres' })]));
  });

  it('k8s defaults: our default provisioners list as score-k8s lists its default file', async () => {
    const defaults = path.join(reference, 'score-k8s/default.provisioners.yaml');
    const theirs = await list({ target: 'k8s', provisioners: [defaults], defaults: false });
    const ours = await list({ target: 'k8s' });
    expect(ours.stdout).toBe(theirs.stdout);
    expect(ours.stdout).toContain('| route ');
  });
});

describe('provisioners list', () => {
  it('says so when there is nothing to list', async () => {
    const out = await list({ target: 'k8s', defaults: false });
    expect(out).toEqual({ status: 0, stdout: '', stderr: 'score-designer: No provisioners found\n' });
  });

  it('refuses a file that does not load, and a file that cannot be read', async () => {
    const missing = await list({ target: 'k8s', provisioners: ['/nonexistent/x.provisioners.yaml'] });
    expect(missing.status).toBe(2);
    const self = fileURLToPath(import.meta.url); // a TypeScript file is no provisioners list
    const bad = await list({ target: 'k8s', provisioners: [self] });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`failed to load provisioners: failed to load '${self}'`);
  });
});
