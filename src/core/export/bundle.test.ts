import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bundleEntries, composeBundle, type ProjectFiles } from './bundle';
import { exportCompose } from './compose';

/** What an unzip tool sees in the central directory: names, who made them, modes, DOS times. */
interface CentralEntry {
  name: string;
  madeBy: number;
  unixMode: number;
  dosTime: number;
  dosDate: number;
}

function centralDirectory(zip: Uint8Array): CentralEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      madeBy: view.getUint8(at + 5),
      dosTime: view.getUint16(at + 12, true),
      dosDate: view.getUint16(at + 14, true),
      unixMode: view.getUint32(at + 38, true) >>> 16,
      name: strFromU8(zip.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const project: ProjectFiles & { compose: string } = {
  compose: 'name: shop\nservices:\n  shop-web:\n    image: nginx # café\n',
  files: [
    { path: '.score-compose/mounts/files/shop-files-config.ini', content: 'db=pg-abc\n', mode: 0o600 },
    { path: '.score-compose/mounts/routing-x/nginx.conf', content: 'server {}\n', mode: 0o644 },
    { path: '.score-compose/mounts/files/shop-files-logo.png', content: new Uint8Array([0x89, 0x50, 0, 0xff]) },
  ],
  directories: ['.score-compose/mounts/pg-abc-db-scripts'],
};

describe('bundleEntries', () => {
  it('puts files beside the project (score.yaml, manifests.yaml, a README) in path order after compose.yaml', () => {
    const listed = bundleEntries({
      ...project,
      alongside: [
        { path: 'score.yaml', content: 'apiVersion: score.dev/v1b1\n' },
        { path: '.score-k8s/acme.provisioners.yaml', content: '- uri: template://acme\n' },
        { path: 'README.md', content: '# shop\n' },
      ],
    });
    if ('error' in listed) throw new Error(listed.error);
    const paths = listed.entries.map((e) => e.path);
    expect(paths[0]).toBe('compose.yaml');
    expect(paths).toContain('score.yaml');
    expect(paths.indexOf('.score-k8s')).toBeLessThan(paths.indexOf('.score-k8s/acme.provisioners.yaml'));
    expect(paths.indexOf('README.md')).toBeLessThan(paths.indexOf('score.yaml'));
  });

  it('holds no compose.yaml when there is none, and refuses two files at one path', () => {
    const alone = bundleEntries({
      compose: undefined,
      files: [],
      directories: [],
      alongside: [{ path: 'manifests.yaml', content: 'x' }],
    });
    expect('entries' in alone && alone.entries.map((e) => e.path)).toEqual(['manifests.yaml']);
    const twice = bundleEntries({
      ...project,
      alongside: [
        { path: 'README.md', content: 'a' },
        { path: 'README.md', content: 'b' },
      ],
    });
    expect(twice).toEqual({ error: "two files of the bundle would be 'README.md'" });
    expect(bundleEntries({ ...project, alongside: [{ path: 'compose.yaml', content: 'x' }] })).toEqual({
      error: "a file would overwrite 'compose.yaml'",
    });
    expect(bundleEntries({ ...project, alongside: [{ path: '../up.txt', content: 'x' }] })).toEqual({
      error: "the file '../up.txt' is outside the project",
    });
  });

  it('puts compose.yaml first, then each directory before what it holds, sorted by path', () => {
    const listed = bundleEntries(project);
    if ('error' in listed) throw new Error(listed.error);
    expect(listed.entries.map((e) => (e.directory ? `${e.path}/` : e.path))).toEqual([
      'compose.yaml',
      '.score-compose/',
      '.score-compose/mounts/',
      '.score-compose/mounts/files/',
      '.score-compose/mounts/files/shop-files-config.ini',
      '.score-compose/mounts/files/shop-files-logo.png',
      '.score-compose/mounts/pg-abc-db-scripts/',
      '.score-compose/mounts/routing-x/',
      '.score-compose/mounts/routing-x/nginx.conf',
    ]);
    const modes = Object.fromEntries(listed.entries.map((e) => [e.path, e.mode.toString(8)]));
    expect(modes['.score-compose/mounts/files/shop-files-config.ini']).toBe('600');
    expect(modes['.score-compose/mounts/files/shop-files-logo.png']).toBe('644');
    expect(modes['.score-compose/mounts']).toBe('755');
  });

  it('places compose.yaml under another name or folder when asked, with its parent folder', () => {
    const listed = bundleEntries({ ...project, files: [], directories: [], composeFileName: 'out/./my.yaml' });
    if ('error' in listed) throw new Error(listed.error);
    expect(listed.entries.map((e) => e.path)).toEqual(['out/my.yaml', 'out']);
  });

  it.each([
    [{ files: [{ path: '/etc/passwd', content: 'x' }], directories: [] }, /outside the project/],
    [{ files: [{ path: '.score-compose/../../x', content: 'x' }], directories: [] }, /outside the project/],
    [{ files: [], directories: ['../up'] }, /outside the project/],
    [{ files: [{ path: 'compose.yaml', content: 'x' }], directories: [] }, /overwrite 'compose.yaml'/],
    [{ files: [{ path: 'a/b', content: 'x' }], directories: ['a/b'] }, /both a mounted file and a directory/],
    [
      {
        files: [
          { path: 'a', content: 'x' },
          { path: 'a/b', content: 'y' },
        ],
        directories: [],
      },
      /both a mounted file and a directory/,
    ],
  ])('refuses a layout that would write outside the project or clash: %j', (parts, message) => {
    const listed = bundleEntries({ compose: 'services: {}\n', ...parts });
    expect('error' in listed && listed.error).toMatch(message);
    expect('error' in composeBundle({ compose: 'services: {}\n', ...parts })).toBe(true);
  });
});

describe('composeBundle', () => {
  function zip(input: ProjectFiles): Uint8Array {
    const made = composeBundle(input);
    if ('error' in made) throw new Error(made.error);
    return made.zip;
  }

  it('unzips to compose.yaml byte for byte and every mounted file', () => {
    const files = unzipSync(zip(project));
    expect(strFromU8(files['compose.yaml']!)).toBe(project.compose);
    expect(strFromU8(files['.score-compose/mounts/files/shop-files-config.ini']!)).toBe('db=pg-abc\n');
    expect([...files['.score-compose/mounts/files/shop-files-logo.png']!]).toEqual([0x89, 0x50, 0, 0xff]);
    expect(files['.score-compose/mounts/pg-abc-db-scripts/']).toEqual(new Uint8Array(0));
  });

  it('gives the same bytes every time', () => {
    const first = zip(project);
    expect(Buffer.from(zip(project)).equals(Buffer.from(first))).toBe(true);
    const changed = zip({ ...project, compose: project.compose.replace('nginx', 'httpd') });
    expect(Buffer.from(changed).equals(Buffer.from(first))).toBe(false);
  });

  // Test threads cannot change their time zone, so each zone gets a process of its own.
  it('gives the same bytes in every time zone', () => {
    const bundle = fileURLToPath(new URL('./bundle.ts', import.meta.url));
    const script = `import { composeBundle } from ${JSON.stringify(bundle)};
      const r = composeBundle(${JSON.stringify({ ...project, files: project.files.filter((f) => typeof f.content === 'string') })});
      process.stdout.write('zip' in r ? Buffer.from(r.zip).toString('base64') : r.error);`;
    const zipIn = (TZ: string) => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, TZ },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      return run.stdout;
    };
    const tokyo = zipIn('Asia/Tokyo');
    expect(tokyo.length).toBeGreaterThan(100);
    expect(zipIn('America/Los_Angeles')).toBe(tokyo);
    expect(zipIn('UTC')).toBe(tokyo);
  });

  it('records Unix modes and a fixed date (1980-01-01 12:00) for unzip tools', () => {
    const entries = centralDirectory(zip(project));
    expect(entries[0]!.name).toBe('compose.yaml');
    for (const entry of entries) {
      expect(entry.madeBy, entry.name).toBe(3);
      expect(entry.dosDate, entry.name).toBe((0 << 9) | (1 << 5) | 1);
      expect(entry.dosTime, entry.name).toBe(12 << 11);
    }
    const mode = (name: string) => entries.find((e) => e.name === name)!.unixMode;
    expect(mode('.score-compose/mounts/files/shop-files-config.ini')).toBe(0o100600);
    expect(mode('compose.yaml')).toBe(0o100644);
    expect(mode('.score-compose/mounts/')).toBe(0o040755);
  });

  it('bundles a real export: compose.yaml as exported, and the mounted files where compose.yaml points', () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx:1.27
    files:
      /etc/app/config.ini:
        content: |
          db=\${resources.db.host}
resources:
  db:
    type: postgres
`;
    const exported = exportCompose([{ text }], { seed: 7, projectName: 'shop' });
    expect(exported.errors).toEqual([]);
    const files = unzipSync(zip(exported));
    expect(strFromU8(files['compose.yaml']!)).toBe(exported.compose);
    const mounted = Object.keys(files).filter((p) => !p.endsWith('/') && p !== 'compose.yaml');
    expect(mounted.sort()).toEqual(exported.files.map((f) => f.path).sort());
    // Every bind-mounted source in compose.yaml is in the bundle.
    const sources = [...exported.compose.matchAll(/source: (\.score-compose\/\S+)/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(files[source] ?? files[`${source}/`], source).toBeDefined();
    const config = strFromU8(files['.score-compose/mounts/files/shop-files-config.ini']!);
    expect(config).toMatch(/^db=pg-[A-Za-z0-9]{6}\n$/);
  });
});
