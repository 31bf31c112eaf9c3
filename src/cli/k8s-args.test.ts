import { describe, expect, it } from 'vitest';
import { parseArgs, usageText } from './args';

describe('parseArgs: k8s', () => {
  it('reads every option, repeated ones in order, in both spellings', () => {
    expect(
      parseArgs([
        'k8s',
        'a.yaml',
        '--provisioners',
        'z.provisioners.yaml',
        '-o',
        '-',
        '--namespace=prod',
        '--generate-namespace',
        '--seed',
        '12',
        '--patch-templates',
        'p1.tpl',
        '--patch-templates=p2.tpl',
        '--provisioners=a.provisioners.yaml',
        '--image=nginx',
        '--format',
        'kyaml',
        '--start-order',
        'init-containers',
      ]),
    ).toEqual({
      kind: 'k8s',
      files: ['a.yaml'],
      output: '-',
      namespace: 'prod',
      generateNamespace: true,
      seed: 12,
      image: 'nginx',
      provisioners: ['z.provisioners.yaml', 'a.provisioners.yaml'],
      patchTemplates: ['p1.tpl', 'p2.tpl'],
      format: 'kyaml',
      startOrder: 'init-containers',
    });
  });

  it('writes manifests.yaml here by default, YAML, before entries left as score-k8s leaves them', () => {
    expect(parseArgs(['k8s', 'a.yaml', 'b.yaml'])).toEqual({
      kind: 'k8s',
      files: ['a.yaml', 'b.yaml'],
      output: 'manifests.yaml',
      generateNamespace: false,
      provisioners: [],
      patchTemplates: [],
      format: 'yaml',
      startOrder: 'ignore',
    });
  });

  it.each([
    [['k8s'], 'k8s needs at least one Score FILE'],
    [['k8s', 'a.yaml', '--format', 'json'], 'invalid --format value "json", expected "yaml" or "kyaml"'],
    [['k8s', 'a.yaml', '--start-order', 'topological'], 'invalid --start-order value "topological"'],
    [['k8s', 'a.yaml', '--generate-namespace'], '--namespace flag is required when using --generate-namespace'],
    [['k8s', 'a.yaml', '--namespace', 'Prod'], '--namespace needs a Kubernetes namespace name'],
    [['k8s', 'a.yaml', 'b.yaml', '--image', 'x'], '--image can be used with one Score file only'],
    [['k8s', 'a.yaml', '--seed', '-1'], '--seed needs a whole number'],
    [['k8s', 'a.yaml', '--patch-templates', '-'], '--patch-templates needs a file'],
    [['k8s', 'a.yaml', '--bogus'], 'Unknown option "--bogus" for k8s.'],
    [['k8s', '-', '-'], 'Standard input (-) can be read only once'],
  ])('refuses %j', (argv, message) => {
    const request = parseArgs(argv);
    expect(request).toMatchObject({ kind: 'usage-error', command: 'k8s' });
    expect((request as { message: string }).message).toContain(message);
  });
});

describe('parseArgs: provisioners list', () => {
  it('lists score-compose provisioners as a table by default', () => {
    expect(parseArgs(['provisioners', 'list'])).toEqual({
      kind: 'provisioners',
      target: 'compose',
      format: 'table',
      provisioners: [],
      defaults: true,
    });
  });

  it('reads --target, -f/--format, --provisioners and --no-default-provisioners', () => {
    expect(
      parseArgs([
        'provisioners',
        'list',
        '--target',
        'k8s',
        '-f',
        'json',
        '--provisioners=x.yaml',
        '--no-default-provisioners',
      ]),
    ).toEqual({ kind: 'provisioners', target: 'k8s', format: 'json', provisioners: ['x.yaml'], defaults: false });
  });

  it.each([
    [['provisioners'], 'provisioners needs a subcommand: list.'],
    [['provisioners', 'show'], 'Unknown subcommand "show"; use list.'],
    [['provisioners', 'list', '--target', 'helm'], 'Unknown target "helm"; use compose or k8s.'],
    [['provisioners', 'list', '--format', 'yaml'], 'Unknown format "yaml"; use table or json.'],
  ])('refuses %j', (argv, message) => {
    expect(parseArgs(argv)).toEqual({ kind: 'usage-error', message, command: 'provisioners' });
  });

  it('both commands are in the help', () => {
    expect(usageText()).toMatch(/ {2}k8s {14}Convert Score workloads to Kubernetes manifests/);
    expect(usageText()).toMatch(/ {2}provisioners {5}List the provisioners/);
    expect(usageText('provisioners')).toContain('--no-default-provisioners');
  });
});
