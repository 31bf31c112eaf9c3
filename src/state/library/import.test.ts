import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpWorkloadRepository } from '../../api/http-repository';
import { LocalWorkloadRepository } from '../../api/local-repository';
import { freePort } from '../../api/prism-mock';
import { importSummary, importWorkloadFiles, isWorkloadFileName, type ImportFile } from './import';
import { workloadText } from '../../../test/support/library';

let local: LocalWorkloadRepository;
beforeEach(() => {
  local = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
});
afterEach(() => local.close());

function file(name: string, content: string | Uint8Array, folderPath = ''): ImportFile {
  const f = new File([typeof content === 'string' ? content : new Uint8Array(content)], name);
  if (folderPath) Object.defineProperty(f, 'webkitRelativePath', { value: folderPath });
  return f;
}

describe('importing many files', () => {
  it('saves every workload file, byte for byte, and reports each', async () => {
    const a = workloadText('alpha');
    const b = workloadText('beta', 'redis:7');
    const report = await importWorkloadFiles(local, [file('b.yaml', b), file('a.yml', a)]);
    expect(report).toMatchObject({ imported: 2, skipped: 0, failed: 0 });
    expect(report.results.map((r) => [r.file, r.status, r.name])).toEqual([
      ['a.yml', 'imported', 'alpha'],
      ['b.yaml', 'imported', 'beta'],
    ]);
    expect((await local.get('alpha')).text).toBe(a);
    expect((await local.get('beta')).text).toBe(b);
    expect(importSummary(report)).toBe('Imported 2 workloads.');
  });

  it('skips names already in the library, and goes on after a bad file', async () => {
    const kept = workloadText('alpha', 'caddy:2');
    await local.create({ text: kept });
    const report = await importWorkloadFiles(local, [
      file('a.yaml', workloadText('alpha')),
      file('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xfe])),
      file('broken.yaml', 'apiVersion: score.dev/v1b1\nmetadata:\n  name: broken\ncontainers:\n  web: {}\n'),
      file('c.yaml', workloadText('gamma')),
    ]);
    expect(report).toMatchObject({ imported: 1, skipped: 1, failed: 2 });
    const byFile = Object.fromEntries(report.results.map((r) => [r.file, r]));
    expect(byFile['a.yaml']).toMatchObject({ status: 'skipped', message: /already saved/ });
    expect(byFile['logo.png']).toMatchObject({ status: 'failed', message: /not a text file/ });
    expect(byFile['broken.yaml']).toMatchObject({ status: 'failed', message: /image/ });
    expect((await local.get('alpha')).text).toBe(kept); // never overwritten
    expect(importSummary(report)).toBe('Imported 1 workload, 1 skipped (name taken), 2 failed.');
  });

  it('takes only the YAML and JSON files of a folder', async () => {
    const json = JSON.stringify({
      apiVersion: 'score.dev/v1b1',
      metadata: { name: 'json-one' },
      containers: { web: { image: 'nginx' } },
    });
    const report = await importWorkloadFiles(
      local,
      [
        file('README.md', '# notes', 'shop/README.md'),
        file('score.yaml', workloadText('shop-web'), 'shop/web/score.yaml'),
        file('one.json', json, 'shop/one.json'),
        file('logo.svg', '<svg/>', 'shop/logo.svg'),
      ],
      { fromFolder: true },
    );
    expect(report.results.filter((r) => r.status !== 'imported')).toEqual([]);
    expect(report).toMatchObject({ imported: 2, ignored: 2 });
    expect(report.results.map((r) => r.file)).toEqual(['shop/one.json', 'shop/web/score.yaml']);
    expect((await local.get('json-one')).text).toBe(json);
    expect(importSummary(report)).toBe('Imported 2 workloads, 2 files not YAML or JSON ignored.');
    expect(isWorkloadFileName('X.YML')).toBe(true);
    expect(isWorkloadFileName('x.yaml.bak')).toBe(false);
  });

  it('stops at the first file when the server cannot be reached, and says so once', async () => {
    const server = new HttpWorkloadRepository({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      credentials: { kind: 'none' },
    });
    const report = await importWorkloadFiles(server, [
      file('a.yaml', workloadText('alpha')),
      file('b.yaml', workloadText('beta')),
    ]);
    expect(report.results).toHaveLength(1);
    expect(report.stopped).toMatch(/Could not reach/);
    expect(importSummary(report)).toMatch(/^Imported 0 workloads, 1 failed\. The import stopped: Could not reach/);
  });
});
