import { describe, expect, it } from 'vitest';
import { basePath, cleanPath, dirPath, isLocalPath, joinPath } from './path';

describe('Go path rules', () => {
  it('cleans like filepath.Clean', () => {
    expect(cleanPath('./original.txt')).toBe('original.txt');
    expect(cleanPath('a//b/../c/.')).toBe('a/c');
    expect(cleanPath('/../x')).toBe('/x');
    expect(cleanPath('../../x')).toBe('../../x');
    expect(cleanPath('')).toBe('.');
  });

  it('joins, dropping empty parts', () => {
    expect(joinPath('.score-compose/mounts', 'files', 'w-files-a.txt')).toBe(
      '.score-compose/mounts/files/w-files-a.txt',
    );
    expect(joinPath('', 'sub/path')).toBe('sub/path');
    expect(joinPath('/dev/something', 'thing')).toBe('/dev/something/thing');
    expect(joinPath('.', 'a.txt')).toBe('a.txt');
  });

  it('takes base and dir names', () => {
    expect(basePath('/a/b/index.html')).toBe('index.html');
    expect(basePath('/')).toBe('/');
    expect(dirPath('subdir/score.yaml')).toBe('subdir');
    expect(dirPath('score.yaml')).toBe('.');
  });

  it('accepts only paths that stay inside their directory', () => {
    expect(isLocalPath('original.txt')).toBe(true);
    expect(isLocalPath('./a/../b.txt')).toBe(true);
    expect(isLocalPath('../leak.txt')).toBe(false);
    expect(isLocalPath('subdir/../../leak.txt')).toBe(false);
    expect(isLocalPath('/etc/passwd')).toBe(false);
    expect(isLocalPath('')).toBe(false);
  });
});
