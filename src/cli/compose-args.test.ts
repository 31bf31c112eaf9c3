import { describe, expect, it } from 'vitest';
import { parseArgs, usageText } from './args';

describe('parseArgs: compose', () => {
  it('reads files, -o, --project, --seed and repeated --provisioners in any order, in both spellings', () => {
    expect(
      parseArgs([
        'compose',
        'a.yaml',
        '--provisioners',
        'z.provisioners.yaml',
        '-o',
        'out',
        'b.yaml',
        '--seed=12',
        '--project',
        'shop',
        '--provisioners=a.provisioners.yaml',
      ]),
    ).toEqual({
      kind: 'compose',
      files: ['a.yaml', 'b.yaml'],
      output: 'out',
      project: 'shop',
      seed: 12,
      provisioners: ['z.provisioners.yaml', 'a.provisioners.yaml'],
    });
  });

  it('writes to the current directory unless told otherwise; -o - is standard output, not a file', () => {
    expect(parseArgs(['compose', 'a.yaml'])).toEqual({
      kind: 'compose',
      files: ['a.yaml'],
      output: '.',
      provisioners: [],
    });
    expect(parseArgs(['compose', '-o', '-', 'a.yaml'])).toMatchObject({ files: ['a.yaml'], output: '-' });
    expect(parseArgs(['compose', '--output=-', '-'])).toMatchObject({ files: ['-'], output: '-' });
  });

  it('reads repeated --publish entries in the order given, and has none unless told', () => {
    expect(
      parseArgs(['compose', 'a.yaml', '--publish', '8080:web:80', '--publish=5432:postgres#web.db.host:5432']),
    ).toMatchObject({ publish: ['8080:web:80', '5432:postgres#web.db.host:5432'] });
    expect(parseArgs(['compose', 'a.yaml'])).not.toHaveProperty('publish');
  });

  it('accepts the seed range of the generator, 0 to 2^32-1', () => {
    expect(parseArgs(['compose', 'a.yaml', '--seed', '0'])).toMatchObject({ seed: 0 });
    expect(parseArgs(['compose', 'a.yaml', '--seed', '4294967295'])).toMatchObject({ seed: 4294967295 });
  });

  it.each([
    [['compose']],
    [['compose', '-o', 'x']],
    [['compose', 'a.yaml', '--seed', '-1']],
    [['compose', 'a.yaml', '--seed', '1.5']],
    [['compose', 'a.yaml', '--seed', '1e3']],
    [['compose', 'a.yaml', '--project', '-shop']],
    [['compose', 'a.yaml', '--project', 'Shop']],
    [['compose', 'a.yaml', '--provisioners']],
    [['compose', 'a.yaml', '--provisioners', '-']],
    [['compose', '-', '-']],
    [['compose', 'a.yaml', '--format', 'json']],
    [['compose', 'a.yaml', '--publish']],
  ])('refuses %j as a usage error of compose', (argv) => {
    const request = parseArgs(argv);
    expect(request.kind).toBe('usage-error');
    expect(request).toMatchObject({ command: 'compose' });
  });

  it('lists compose in the general help, and has its own', () => {
    expect(usageText()).toMatch(/^ {2}compose +Convert Score workloads/m);
    expect(usageText('compose')).toMatch(/^Usage: score-designer compose FILE\.\.\./);
    expect(usageText('validate')).toContain('--format json');
  });
});
