import { describe, expect, it } from 'vitest';
import { convertFiles, type FilesInput } from './files';
import { buildResolver, immediate } from './substitution';
import { toWorkload, upgradeWorkload } from './workload';

/** score-compose's convertFilesIntoVolumes cases (convert_test.go), on our converter. */
function input(files: Record<string, unknown>, readFile?: FilesInput['readFile']): FilesInput {
  const w = toWorkload(
    upgradeWorkload({ metadata: { name: 'my-workload' }, containers: { 'my-container': { image: 'x', files } } }),
    'subdir/score.yaml',
  );
  return {
    workload: 'my-workload',
    workloadFile: 'subdir/score.yaml',
    containerName: 'my-container',
    container: w.containers['my-container']!,
    mountsDirectory: '/td',
    resolver: immediate(buildResolver({ name: 'blah' }, {}), {}),
    readFile,
  };
}

describe('files → bind mounts', () => {
  it('expands contents unless noExpand or binaryContent', () => {
    const original = 'first ${metadata.name} second';
    const out = convertFiles(
      input(
        {
          '/ant.txt': { source: 'original.txt' },
          '/bat.txt': { source: 'original.txt', noExpand: true },
          '/dog.txt': { content: 'third ${metadata.name} fourth' },
          '/eel.txt': { content: 'third ${metadata.name} fourth', noExpand: true },
          '/goat.txt': { binaryContent: 'ZmlmdGggJHttZXRhZGF0YS5uYW1lfSBzaXh0aA==' },
        },
        (p) => (p === 'subdir/original.txt' ? original : undefined),
      ),
    );
    if ('error' in out) throw new Error(out.error);
    expect(out.mounts.map((m) => [m.source, m.target, m.readOnly])).toEqual([
      ['/td/files/my-workload-files-ant.txt', '/ant.txt', false],
      ['/td/files/my-workload-files-bat.txt', '/bat.txt', false],
      ['/td/files/my-workload-files-dog.txt', '/dog.txt', false],
      ['/td/files/my-workload-files-eel.txt', '/eel.txt', false],
      ['/td/files/my-workload-files-goat.txt', '/goat.txt', false],
    ]);
    const text = out.files.map((f) => (typeof f.content === 'string' ? f.content : String.fromCharCode(...f.content)));
    expect(text).toEqual([
      'first blah second',
      'first ${metadata.name} second',
      'third blah fourth',
      'third ${metadata.name} fourth',
      'fifth ${metadata.name} sixth',
    ]);
  });

  it('applies modes: default 0644, owner write added and the mount read-only when missing', () => {
    const out = convertFiles(
      input({
        '/ant.txt': { content: 'stuff' },
        '/bat.txt': { content: 'stuff', mode: '0600' },
        '/cat.txt': { content: 'stuff', mode: '0754' },
        '/dog.txt': { content: 'stuff', mode: '0444' },
      }),
    );
    if ('error' in out) throw new Error(out.error);
    expect(out.files.map((f) => f.mode!.toString(8))).toEqual(['644', '600', '754', '644']);
    expect(out.mounts.map((m) => m.readOnly)).toEqual([false, false, false, true]);
  });

  it('words errors as score-compose does', () => {
    const error = (files: Record<string, unknown>, readFile?: FilesInput['readFile']) => {
      const out = convertFiles(input(files, readFile));
      return 'error' in out ? out.error : undefined;
    };
    expect(error({ '/ant.txt': { source: 'original.txt' } }, () => undefined)).toBe(
      'containers.my-container.files[/ant.txt].source: failed to read: open subdir/original.txt: no such file or directory',
    );
    for (const source of ['/abs.txt', '../leak.txt', 'subdir/../../leak.txt']) {
      expect(error({ '/ant.txt': { source } }, () => 'x')).toBe(
        "containers.my-container.files[/ant.txt].source: must be a relative path within the Score file's directory",
      );
    }
    expect(error({ '/ant.txt': { mode: '0644' } })).toBe(
      "containers.my-container.files[/ant.txt]: missing 'content', 'binaryContent', or 'source'",
    );
    expect(error({ '/ant.txt': { content: '${metadata.blah}' } })).toBe(
      "containers.my-container.files[/ant.txt]: failed to substitute in content: invalid ref 'metadata.blah': key 'blah' not found",
    );
    expect(error({ '/ant.txt': { content: 'x', mode: '0200' } })).toBe(
      'containers.my-container.files[/ant.txt]: mode must be at least 0400',
    );
    expect(error({ '/ant.txt': { content: 'x', mode: '1777' } })).toBe(
      'containers.my-container.files[/ant.txt]: mode must be <= 0777',
    );
    expect(error({ '/ant.txt': { content: 'x', mode: '0x1' } })).toBe(
      "containers.my-container.files[/ant.txt]: failed to parse '0x1' as octal",
    );
  });

  it('leaves non-UTF-8 sources unexpanded, as bytes', () => {
    const bytes = new Uint8Array([0xff, 0x24, 0x7b]);
    const out = convertFiles(input({ '/bin': { source: 'b.bin' } }, () => bytes));
    if ('error' in out) throw new Error(out.error);
    expect(out.files[0]!.content).toEqual(bytes);
  });

  it('warns when two targets share a base name (their mounts collide)', () => {
    const out = convertFiles(input({ '/a/index.html': { content: 'a' }, '/b/index.html': { content: 'b' } }));
    if ('error' in out) throw new Error(out.error);
    expect(out.mounts[0]!.source).toBe(out.mounts[1]!.source);
    expect(out.warnings[0]).toMatch(/shares its mount file name 'my-workload-files-index.html'/);
  });
});
