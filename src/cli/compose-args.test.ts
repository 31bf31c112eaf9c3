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

describe("parseArgs: compose, score-compose generate's flags", () => {
  it('reads them into the export’s own options, in both spellings and their short forms', () => {
    expect(
      parseArgs([
        'compose',
        'a.yaml',
        '-i',
        'shop:1',
        '--build=web=./src',
        '--build',
        'worker={"context":"./w"}',
        '-p',
        '8080:shop:80',
        '--overrides-file',
        'o.yaml',
        '--override-property',
        'metadata.annotations.a=b',
        '--override-property=containers.web.image=',
        '--patch-templates',
        'one.tpl',
        '--patch-templates=two.tpl',
        '--env-file',
        '.env',
      ]),
    ).toEqual({
      kind: 'compose',
      files: ['a.yaml'],
      output: '.',
      provisioners: [],
      image: 'shop:1',
      build: ['web=./src', 'worker={"context":"./w"}'],
      publish: ['8080:shop:80'],
      overridesFile: 'o.yaml',
      overrideProperties: ['metadata.annotations.a=b', 'containers.web.image='],
      patchTemplates: ['one.tpl', 'two.tpl'],
      envFile: '.env',
    });
  });

  it('takes the last --image and --overrides-file, as score-compose does, and an empty one as none', () => {
    expect(parseArgs(['compose', 'a.yaml', '--image', 'a', '--image', 'b'])).toMatchObject({ image: 'b' });
    expect(parseArgs(['compose', 'a.yaml', '--image', 'a', '--image='])).not.toHaveProperty('image');
    expect(parseArgs(['compose', 'a.yaml', '--override-file', 'x.yaml'])).toMatchObject({ overridesFile: 'x.yaml' });
  });

  it.each([
    [['compose', 'a.yaml', '--image']],
    [['compose', 'a.yaml', '--build']],
    [['compose', 'a.yaml', '--overrides-file', '-']],
    [['compose', 'a.yaml', '--patch-templates', '']],
    [['compose', 'a.yaml', '--env-file', '-']],
    [['compose', 'a.yaml', '--override-property']],
  ])('refuses %j as a usage error of compose', (argv) => {
    expect(parseArgs(argv)).toMatchObject({ kind: 'usage-error', command: 'compose' });
  });

  it('documents every flag in its help', () => {
    for (const flag of [
      '--image',
      '--build',
      '--publish',
      '--overrides-file',
      '--override-property',
      '--patch-templates',
      '--env-file',
    ]) {
      expect(usageText('compose')).toContain(flag);
    }
  });
});
