import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('reads files and the format in any order', () => {
    expect(parseArgs(['validate', 'a.yaml', '--format', 'json', 'b.yaml'])).toEqual({
      kind: 'validate',
      files: ['a.yaml', 'b.yaml'],
      format: 'json',
    });
    expect(parseArgs(['validate', '--format=text', '-'])).toEqual({ kind: 'validate', files: ['-'], format: 'text' });
  });

  it('treats everything after -- as a file, even when it looks like an option', () => {
    expect(parseArgs(['validate', '--', '--help', '-x.yaml'])).toEqual({
      kind: 'validate',
      files: ['--help', '-x.yaml'],
      format: 'text',
    });
  });

  it('answers --help and --version wherever they stand', () => {
    expect(parseArgs(['validate', 'a.yaml', '--help'])).toEqual({ kind: 'help', command: 'validate' });
    expect(parseArgs(['-h'])).toEqual({ kind: 'help', command: undefined });
    expect(parseArgs(['validate', '--version'])).toEqual({ kind: 'version' });
  });

  it.each([
    [['validate', '--formt', 'json', 'a.yaml']],
    [['validate', '--format', 'yaml', 'a.yaml']],
    [['validate', '--format']],
    [['validate']],
    [['validate', '-', 'a.yaml', '-']],
    [['compile', 'a.yaml']],
    [['--verbose', 'validate', 'a.yaml']],
    [[]],
  ])('refuses %j as a usage error', (argv) => {
    expect(parseArgs(argv).kind).toBe('usage-error');
  });
});
