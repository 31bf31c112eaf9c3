import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostics';
import { createProblemsByOwner, groupByOwner } from './problems-by-owner';

const problem = (path: string, message: string, line = 1): Diagnostic => ({
  severity: 'error',
  code: 'TYPE_MISMATCH',
  message,
  path,
  range: { line, column: 1, endLine: line, endColumn: 2 },
  source: 'schema',
});

describe('the problems each inspector control shows', () => {
  it('groups a report’s problems by the control that shows them', () => {
    const image = problem('/containers/web/image', 'image must be a string');
    const cpu = problem('/containers/web/resources/limits/cpu', 'cpu must be a quantity');
    const grouped = groupByOwner([image, cpu]);
    expect(grouped.get('/containers/web/image')).toEqual([image]);
    expect([...grouped.values()].flat()).toHaveLength(2);
  });

  it('tells only the controls whose problems read differently, and keeps the lists of the others', () => {
    const image = problem('/containers/web/image', 'image must be a string');
    const name = problem('/metadata/name', 'name is too long');
    const problems = createProblemsByOwner(groupByOwner([image, name]));
    const keptImage = problems.at('/containers/web/image');
    const told: string[] = [];
    for (const owner of ['/containers/web/image', '/metadata/name', '/resources/db'])
      problems.subscribe(owner, () => told.push(owner));

    // The next check: the same problems, found again (lines moved): nobody is told, nothing changes.
    problems.show(groupByOwner([problem('/containers/web/image', 'image must be a string', 3), name]));
    expect(told).toEqual([]);
    expect(problems.at('/containers/web/image')).toBe(keptImage);

    // The name's problem goes, the resource gets one: those two are told, the image is not.
    const db = problem('/resources/db', 'db needs a type');
    problems.show(groupByOwner([image, db]));
    expect(told.sort()).toEqual(['/metadata/name', '/resources/db']);
    expect(problems.at('/metadata/name')).toEqual([]);
    expect(problems.at('/resources/db')).toEqual([db]);
    expect(problems.at('/containers/web/image')).toBe(keptImage);
  });

  it('tells a control whose problem’s words changed', () => {
    const problems = createProblemsByOwner(groupByOwner([problem('/metadata/name', 'name is too long')]));
    let told = 0;
    problems.subscribe('/metadata/name', () => told++);
    problems.show(groupByOwner([problem('/metadata/name', 'name must be lower case')]));
    expect(told).toBe(1);
    expect(problems.at('/metadata/name')[0]!.message).toBe('name must be lower case');
  });
});
