import { describe, expect, it } from 'vitest';
import { parseArgs, usageText } from './args';

describe('parseArgs: import', () => {
  it('reads one Compose file, -o in both spellings and the two switches, in any order', () => {
    expect(parseArgs(['import', '--no-resources', 'compose.yaml', '--output=out', '--workload-per-service'])).toEqual({
      kind: 'import',
      file: 'compose.yaml',
      output: 'out',
      grouping: 'per-service',
      resources: false,
    });
    expect(parseArgs(['import', '-o', '-', '-'])).toEqual({
      kind: 'import',
      file: '-',
      output: '-',
      grouping: 'start-order',
      resources: true,
    });
  });

  it('writes to the current directory unless told otherwise; after -- a name may start with -', () => {
    expect(parseArgs(['import', 'compose.yaml'])).toMatchObject({ file: 'compose.yaml', output: '.' });
    expect(parseArgs(['import', '--', '-odd.yaml'])).toMatchObject({ file: '-odd.yaml' });
  });

  it.each([
    [['import']],
    [['import', 'a.yaml', 'b.yaml']],
    [['import', 'a.yaml', '-o']],
    [['import', 'a.yaml', '-o', 'x', '-o', 'y']],
    [['import', 'a.yaml', '--output=']],
    [['import', 'a.yaml', '--format', 'json']],
    [['import', 'a.yaml', '--project', 'shop']],
  ])('refuses %j as a usage error of import', (argv) => {
    const request = parseArgs(argv);
    expect(request.kind).toBe('usage-error');
    expect(request).toMatchObject({ command: 'import' });
  });

  it('lists import in the general help, and has its own with its exit status', () => {
    expect(usageText()).toMatch(/^ {2}import +Read a Docker Compose file as Score workloads/m);
    const help = usageText('import');
    expect(help).toMatch(/^Usage: score-designer import COMPOSE_FILE \[-o DIR \| -o -\]/);
    expect(help).toContain('Exit status: 0');
  });
});
