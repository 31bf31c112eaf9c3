import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { defaultProvisioners } from '../../core/provisioners/builtin';
import { composeBundleDownload, scoreFileName, scoreFilesDownload } from './export';
import { workloadText } from '../../../test/support/library';

const shop = { name: 'shop', text: workloadText('shop') };
const worker = {
  name: 'worker',
  text: `apiVersion: score.dev/v1b1
metadata:
  name: worker
containers:
  main:
    image: busybox
    variables:
      DB: \${resources.db.host}
resources:
  db:
    type: postgres
`,
};

function bytesOf(download: ReturnType<typeof scoreFilesDownload>): Uint8Array {
  if (!download.ok || typeof download.content === 'string') throw new Error('expected a zip');
  return download.content;
}

describe('exporting a selection as score files', () => {
  it('gives one workload as its own file, unchanged', () => {
    expect(scoreFilesDownload([shop])).toEqual({
      ok: true,
      fileName: 'shop.score.yaml',
      mimeType: 'application/yaml',
      content: shop.text,
      warnings: [],
    });
  });

  it('zips several, each byte for byte, and the same selection gives the same bytes', () => {
    const download = scoreFilesDownload([worker, shop]);
    expect(download).toMatchObject({ ok: true, fileName: 'score-workloads.zip', mimeType: 'application/zip' });
    const files = unzipSync(bytesOf(download));
    expect(Object.keys(files)).toEqual([scoreFileName('shop'), scoreFileName('worker')]);
    expect(strFromU8(files['shop.score.yaml']!)).toBe(shop.text);
    expect(strFromU8(files['worker.score.yaml']!)).toBe(worker.text);
    expect(bytesOf(scoreFilesDownload([shop, worker]))).toEqual(bytesOf(download));
  });

  it('says what to do when nothing is selected', () => {
    expect(scoreFilesDownload([])).toEqual({ ok: false, errors: ['Select the workloads to export first.'] });
  });
});

describe('exporting a selection as one compose bundle', () => {
  it('makes one project with a service for every workload and their resources', async () => {
    const download = await composeBundleDownload([shop, worker], { provisioners: defaultProvisioners(), seed: 7 });
    expect(download).toMatchObject({ ok: true, fileName: 'compose-bundle.zip' });
    const files = unzipSync(bytesOf(download));
    const compose = parse(strFromU8(files['compose.yaml']!)) as { services: Record<string, unknown> };
    const services = Object.keys(compose.services);
    expect(services).toEqual(expect.arrayContaining(['shop-web', 'worker-main']));
    expect(services.some((s) => s.startsWith('pg-'))).toBe(true);
    // The same seed gives the same project; another seed other passwords.
    const again = await composeBundleDownload([worker, shop], { provisioners: defaultProvisioners(), seed: 7 });
    expect(bytesOf(again)).toEqual(bytesOf(download));
    const other = await composeBundleDownload([shop, worker], { provisioners: defaultProvisioners(), seed: 8 });
    expect(bytesOf(other)).not.toEqual(bytesOf(download));
  });

  it('reports what score-compose would refuse, and exports nothing', async () => {
    const unknown = { name: 'odd', text: worker.text.replace('worker', 'odd').replace('postgres', 'no-such-type') };
    const download = await composeBundleDownload([unknown], { provisioners: defaultProvisioners(), seed: 1 });
    expect(download.ok).toBe(false);
    expect(!download.ok && download.errors.join(' ')).toMatch(/no-such-type/);
  });
});
